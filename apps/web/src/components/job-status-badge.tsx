import { billingJobStatusLabels, type BillingJobStatus } from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';

const tones: Record<BillingJobStatus, BadgeTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
  AWAITING_REVIEW: 'orange',
};

/** What a real job's customers came to, for a failed job that still invoiced some. */
export type JobInvoiceCounts = { type: string; successfulInvoices: number; totalClients: number };

/**
 * A billing job's status with the spec's labels (000 §4), on Billing Jobs and the dashboard. A
 * failed real job that invoiced some customers says how many ("Failed: 10 of 11 invoiced"): a red
 * "Failed" alone reads as if nothing was billed.
 */
export function JobStatusBadge({ status, counts }: { status: BillingJobStatus; counts?: JobInvoiceCounts }) {
  const label = billingJobStatusLabels[status] ?? status;
  const partly = status === 'FAILED' && counts && counts.type !== 'DRY_RUN' && counts.successfulInvoices > 0;
  return (
    <Badge tone={tones[status] ?? 'gray'}>
      {partly ? `${label}: ${counts.successfulInvoices} of ${counts.totalClients} invoiced` : label}
    </Badge>
  );
}
