import type { BillingJobCustomerView } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMinutes, formatMoney } from '../../../lib/format';
import { jobCustomerColumn } from './job-customer-column';

/** A held invoice nobody has approved or rejected yet. */
export const waitsForDecision = (customer: BillingJobCustomerView) =>
  customer.reviewHeld &&
  customer.reviewDecision === null &&
  customer.status === 'PENDING' &&
  customer.invoiceState === 'RESERVED';

/** "+52%", "−60%", or "new" beside this period's minutes. */
function change(customer: BillingJobCustomerView): string {
  const previous = customer.previous ? Number(customer.previous.billedMinutes) : null;
  if (previous === null) return 'new';
  if (previous === 0) return Number(customer.billedMinutes) === 0 ? '0%' : 'from 0';
  const percent = Math.round(((Number(customer.billedMinutes) - previous) / previous) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`;
}

/** Who approved or rejected it (and why), or that it waits. */
function Decision({ customer }: { customer: BillingJobCustomerView }) {
  if (customer.reviewDecision === 'APPROVED') return <Badge tone="green">Approved by {customer.reviewedBy}</Badge>;
  if (customer.reviewDecision === 'REJECTED')
    return (
      <span className="text-xs text-slate-700">
        <Badge tone="red">Rejected by {customer.reviewedBy}</Badge>{' '}
        <span className="block">{customer.reviewReason}</span>
      </span>
    );
  return <span className="text-xs text-slate-600">Waiting for a decision</span>;
}

/** The review table's columns: a checkbox for what may be decided, this run beside the previous period, flags, decision. */
export function reviewColumns(
  selected: Set<string>,
  toggle: (profileId: string) => void,
  canDecide: boolean,
): DataColumn<BillingJobCustomerView>[] {
  return [
    {
      key: 'select',
      header: <span className="sr-only">Select</span>,
      cell: (customer) =>
        canDecide && waitsForDecision(customer) && customer.profileId ? (
          <input
            type="checkbox"
            className="size-4 accent-blue-600"
            aria-label={`Select ${customer.customerName}`}
            checked={selected.has(customer.profileId)}
            onChange={() => toggle(customer.profileId!)}
          />
        ) : null,
    },
    jobCustomerColumn,
    numberColumn(
      'now',
      'This run',
      (customer) => (
        <>
          {formatMinutes(customer.billedMinutes)}
          <span className="block">{formatMoney(customer.amount)}</span>
        </>
      ),
      'tabular-nums whitespace-nowrap',
    ),
    numberColumn(
      'previous',
      'Previous period',
      (customer) =>
        customer.previous ? (
          <>
            {formatMinutes(customer.previous.billedMinutes)}
            <span className="block">{formatMoney(customer.previous.amount)}</span>
            <span className="block text-xs text-slate-600">
              {formatCalendarDate(customer.previous.periodStart)} – {formatCalendarDate(customer.previous.periodEnd)}
            </span>
          </>
        ) : (
          <span className="text-slate-600">None</span>
        ),
      'tabular-nums whitespace-nowrap',
    ),
    numberColumn('change', 'Change', change, 'tabular-nums'),
    {
      key: 'flags',
      header: 'Flags',
      className: 'max-w-xs text-sm',
      cell: (customer) =>
        customer.flags.length ? (
          <ul className="space-y-1" aria-label={`Flags of ${customer.customerName}`}>
            {customer.flags.map((flag) => (
              <li key={flag.code} className="text-amber-800" data-flag={flag.code}>
                ⚑ {flag.message}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-600">No flags</span>
        ),
    },
    { key: 'decision', header: 'Decision', card: 'badge', cell: (customer) => <Decision customer={customer} /> },
  ];
}
