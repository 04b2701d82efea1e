import { billingJobStatusLabels, type BillingJobStatus } from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';

const tones: Record<BillingJobStatus, BadgeTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'blue',
  COMPLETED: 'green',
  FAILED: 'red',
  CANCELLED: 'gray',
};

export function JobStatusBadge({ status }: { status: BillingJobStatus }) {
  return <Badge tone={tones[status]}>{billingJobStatusLabels[status]}</Badge>;
}

const customerTones: Record<string, BadgeTone> = { PENDING: 'yellow', INVOICED: 'green', RATED: 'blue', SKIPPED: 'gray', FAILED: 'red' };
const customerLabels: Record<string, string> = { PENDING: 'Pending', INVOICED: 'Invoiced', RATED: 'Rated', SKIPPED: 'Skipped', FAILED: 'Failed' };

export function CustomerStatusBadge({ status }: { status: string }) {
  return <Badge tone={customerTones[status] ?? 'gray'}>{customerLabels[status] ?? status}</Badge>;
}

export function formatMoney(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}
