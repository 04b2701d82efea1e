import { unownedSummary, type TUnownedQueue } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { formatDateTime } from '../../../lib/dates';
import { formatNumber, plural } from '../../../lib/format';

/** "Oct 03, 2026 10:00 – Oct 09, 2026 10:00", or one date when the first call is the last. */
function callSpan(queue: TUnownedQueue): string {
  const first = formatDateTime(queue.firstCallAt);
  return queue.firstCallAt === queue.lastCallAt ? first : `${first} – ${formatDateTime(queue.lastCallAt)}`;
}

/**
 * The billing coverage's unowned calls: calls on this profile's queues that no run will bill (before
 * its billing start date, or while no active profile held the queue), per queue with why.
 */
export function UnownedCallsAlert({ queues }: { queues: TUnownedQueue[] }) {
  if (queues.length === 0) return null;
  const totals = {
    calls: queues.reduce((sum, queue) => sum + queue.calls, 0),
    minutes: queues.reduce((sum, queue) => sum + queue.minutes, 0),
  };
  return (
    <Alert tone="warning" title={`${unownedSummary(totals)} on this profile's queues will not be billed by any run`}>
      <ul className="mt-1 space-y-0.5">
        {queues.map((queue) => (
          <li key={queue.queueId} data-testid="coverage-unowned-queue">
            <span className="font-medium">{queue.queueName}</span>
            {`: ${plural(queue.calls, 'call')}, ${formatNumber(queue.minutes, 2)} min, ${callSpan(queue)}.`}
            {` ${queue.reasonText}.`}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Move the billing start date back to bill them, or dismiss them under Unowned calls on Billing Jobs.
      </p>
    </Alert>
  );
}
