import { Badge, type BadgeTone } from '@phone-billing/ui/badge';

const customerTones: Record<string, BadgeTone> = {
  PENDING: 'yellow',
  INVOICED: 'green',
  RATED: 'blue',
  SKIPPED: 'gray',
  FAILED: 'red',
  NOT_REACHED: 'gray',
};
const customerLabels: Record<string, string> = {
  PENDING: 'Pending',
  INVOICED: 'Invoiced',
  RATED: 'Rated (preview)',
  SKIPPED: 'Skipped',
  FAILED: 'Failed',
  NOT_REACHED: 'Not reached',
};

/** One customer's outcome within a job; a dry run's customers are rated, never invoiced; a cancelled job's unreached ones 'Not reached'. */
export function CustomerStatusBadge({ status }: { status: string }) {
  return <Badge tone={customerTones[status] ?? 'gray'}>{customerLabels[status] ?? status}</Badge>;
}
