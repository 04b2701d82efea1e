import { billingJobStatusLabels, type BillingJobStatus } from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';

const tones: Record<BillingJobStatus, BadgeTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** A billing job's status with the spec's labels (000 §4), on Billing Jobs and the dashboard. */
export function JobStatusBadge({ status }: { status: BillingJobStatus }) {
  return <Badge tone={tones[status] ?? 'gray'}>{billingJobStatusLabels[status] ?? status}</Badge>;
}
