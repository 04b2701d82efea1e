import { TEXT_LIMITS, ZRejectBillingJobSchema } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Modal } from '@phone-billing/ui/modal';
import { Textarea } from '@phone-billing/ui/textarea';
import { useState, type FormEvent } from 'react';
import { plural } from '../../../lib/format';
import { useRejectBillingJob } from '../api/review-billing-job';

/**
 * Reject selected invoices of a job under review, with a reason (kept on the customer's row and in
 * the audit log). Their reservations are dropped: nothing is billed, and the next run bills them again.
 */
export function RejectInvoicesDialog({
  jobId,
  customers,
  open,
  onClose,
}: {
  jobId: string;
  customers: Array<{ profileId: string; customerName: string }>;
  open: boolean;
  onClose: () => void;
}) {
  const reject = useRejectBillingJob();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, so a blank reason gets its message here.
    const checked = ZRejectBillingJobSchema.shape.reason.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    reject.mutate(
      { id: jobId, profileIds: customers.map((customer) => customer.profileId), reason: checked.data },
      { onSuccess: close },
    );
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={`Reject ${plural(customers.length, 'invoice')}?`}
      description={`${customers.map((customer) => customer.customerName).join(', ')}: nothing is billed and nothing is sent. The next billing run bills these calls again.`}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="reject-invoices-form" variant="danger" loading={reject.isPending}>
            Reject
          </Button>
        </>
      }
    >
      <form id="reject-invoices-form" noValidate onSubmit={submit}>
        <FormField
          label="Reason"
          htmlFor="reject-reason"
          required
          error={error}
          hint="Kept on the job and in the audit log with your name."
        >
          <Textarea
            id="reject-reason"
            rows={3}
            maxLength={TEXT_LIMITS.note}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </FormField>
      </form>
    </Modal>
  );
}
