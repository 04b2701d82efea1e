import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';

const tones: Record<InvoiceStatus, BadgeTone> = {
  OPEN: 'blue',
  PARTIALLY_PAID: 'yellow',
  PAID: 'green',
  OVERDUE: 'orange',
  VOIDED: 'red',
  DELETED: 'gray',
};

/** An invoice's status as QuickBooks last told it: Open, Partially paid, Paid, Overdue, Voided, Deleted. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge tone={tones[status]} data-status={status}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
