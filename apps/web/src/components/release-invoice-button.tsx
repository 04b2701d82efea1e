import { TEXT_LIMITS, ZReleaseInvoiceSchema } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Modal } from '@phone-billing/ui/modal';
import { Textarea } from '@phone-billing/ui/textarea';
import { RotateCcw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useReleaseInvoice } from '../hooks/use-release-invoice';
import { usePermission } from '../lib/auth-store';
import { invoiceQboFlag } from '../lib/invoice-status';

/** The server's limit on the reason (billing.releaseInvoice). */
const REASON_MAX = TEXT_LIMITS.note;

interface ReleaseInvoiceButtonProps {
  qboInvoiceId: string;
  docNumber: string;
  /** 'voided' or 'deleted': what QuickBooks said of it. */
  qboStatus: string | null;
}

/**
 * "Release for re-billing" for an invoice voided or deleted in QuickBooks, shown only to users with
 * billing:run. It asks for the reason (kept in the audit log) and for confirmation first, since the
 * next run then bills the invoice's calls again.
 */
export function ReleaseInvoiceButton({ qboInvoiceId, docNumber, qboStatus }: ReleaseInvoiceButtonProps) {
  const canRun = usePermission('billing:run');
  const release = useReleaseInvoice();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!canRun) return null;

  const fieldId = `release-reason-${qboInvoiceId}`;
  // 'Voided in QuickBooks' → 'voided in QuickBooks', inside the sentence.
  const flag =
    invoiceQboFlag(qboStatus)?.replace(/^\w/, (letter) => letter.toLowerCase()) ?? 'no longer counted in QuickBooks';
  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, so a blank reason or a pasted control character gets its message here.
    const checked = ZReleaseInvoiceSchema.shape.reason.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    release.mutate({ qboInvoiceId, reason: checked.data }, { onSuccess: close });
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Release for re-billing: invoice ${docNumber}`}
        onClick={() => setOpen(true)}
      >
        <RotateCcw className="size-3.5" aria-hidden /> Release for re-billing
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? undefined : close())}
        title={`Release invoice ${docNumber} for re-billing?`}
        description={`Invoice ${docNumber} was ${flag}. Releasing it frees its calls and its share of their billing periods: the next billing run bills them again, on a new invoice.`}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={`${fieldId}-form`} variant="danger" loading={release.isPending}>
              Release for re-billing
            </Button>
          </>
        }
      >
        <form id={`${fieldId}-form`} noValidate onSubmit={submit}>
          <FormField
            label="Reason"
            htmlFor={fieldId}
            required
            error={error}
            hint="Recorded in the audit log with your name."
          >
            <Textarea
              id={fieldId}
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
        </form>
      </Modal>
    </>
  );
}
