import { ZSendInvoiceFormSchema } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Modal } from '@phone-billing/ui/modal';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSendInvoice } from '../hooks/use-send-invoice';
import { usePermission } from '../lib/auth-store';
import { errorMessage } from '../lib/trpc';

interface SendInvoiceButtonProps {
  id: string;
  docNumber: string;
  /** Already e-mailed: the button says "Send again". */
  sent: boolean;
}

/**
 * "Send" for one invoice, to users with billing:run: a dialog with the address (empty: the
 * customer profile's e-mail), then QuickBooks e-mails it. A refusal (voided, no e-mail on file)
 * stays in the dialog with its reason.
 */
export function SendInvoiceButton({ id, docNumber, sent }: SendInvoiceButtonProps) {
  const canRun = usePermission('billing:run');
  const send = useSendInvoice();
  const [open, setOpen] = useState(false);
  const [sendTo, setSendTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!canRun) return null;

  const fieldId = `send-to-${id}`;
  const close = () => {
    setOpen(false);
    setSendTo('');
    setError(undefined);
    send.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ZSendInvoiceFormSchema.safeParse({ sendTo });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    send.mutate(
      { id, ...(checked.data.sendTo ? { sendTo: checked.data.sendTo } : {}) },
      {
        onSuccess: close,
        onError: (failure) => setError(errorMessage(failure, 'QuickBooks did not send the invoice')),
      },
    );
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`${sent ? 'Send again' : 'Send'}: invoice ${docNumber}`}
        onClick={() => setOpen(true)}
      >
        <Mail className="size-3.5" aria-hidden /> {sent ? 'Send again' : 'Send'}
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? undefined : close())}
        title={`E-mail invoice ${docNumber}`}
        description="QuickBooks e-mails the invoice to the customer. Leave the address empty to use the e-mail on the customer profile."
        footer={
          <>
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={`${fieldId}-form`} loading={send.isPending}>
              Send
            </Button>
          </>
        }
      >
        <form id={`${fieldId}-form`} noValidate onSubmit={submit}>
          <FormField
            label="Send to"
            htmlFor={fieldId}
            error={error}
            hint="Optional: the customer profile's e-mail when empty."
          >
            <Input
              id={fieldId}
              type="email"
              autoComplete="email"
              value={sendTo}
              onChange={(event) => {
                setSendTo(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
        </form>
      </Modal>
    </>
  );
}
