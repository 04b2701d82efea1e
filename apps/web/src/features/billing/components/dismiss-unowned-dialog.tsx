import { unownedSummary, type TUnownedQueue } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Modal } from '@phone-billing/ui/modal';
import { useDismissUnownedCalls } from '../api/dismiss-unowned-calls';

const DISMISS_DESCRIPTION =
  'No run bills them. Dismissing hides the calls listed now; calls that arrive later on this queue show up again. ' +
  'Recorded in the audit log with your name.';
/** "Dismiss" asks first: the calls stay unbilled, and the dismissal is recorded with the person's name. */
export function DismissUnownedDialog({ queue, onClose }: { queue: TUnownedQueue; onClose: () => void }) {
  const dismiss = useDismissUnownedCalls();
  const summary = unownedSummary(queue);
  return (
    <Modal
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Dismiss ${summary} on ${queue.queueName}?`}
      description={DISMISS_DESCRIPTION}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="danger"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate({ queueId: queue.queueId }, { onSuccess: onClose })}
          >
            Dismiss
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        {queue.reasonText}. To bill them instead, assign the queue to a customer profile (or move its billing start date
        back) on Customer Profiles.
      </p>
    </Modal>
  );
}
