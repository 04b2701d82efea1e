import { MONTH_END_STATE_LABELS, type TMonthEndCustomer, type TMonthEndState } from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';
import { DataTable, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMinutes, formatMoney, plural } from '../../../lib/format';

const STATE_TONES: Record<TMonthEndState, BadgeTone> = {
  VOIDED: 'red',
  FAILED: 'red',
  NOT_BILLED: 'orange',
  LATE_USAGE_WAITING: 'yellow',
  BILLED: 'green',
  NOT_DUE: 'gray',
};

const PERIOD_LABELS = { BILLED: 'billed', NOT_BILLED: 'not billed', NOT_DUE: 'not ended' } as const;

/** What the amount of a row means, in words beside it. */
function amountNote(customer: TMonthEndCustomer): string {
  switch (customer.state) {
    case 'BILLED':
      return 'invoiced';
    case 'VOIDED':
      return 'invoiced, then voided in QuickBooks';
    case 'LATE_USAGE_WAITING':
      return `${plural(customer.lateCalls.count, 'late call')} · ${formatMinutes(customer.lateCalls.minutes)}, about`;
    case 'NOT_DUE':
      return 'period still running';
    default:
      return 'to bill (estimate)';
  }
}

function details(customer: TMonthEndCustomer) {
  return (
    <div className="space-y-1 text-xs text-slate-600">
      <ul>
        {customer.periods.map((period) => (
          <li key={period.start}>
            {formatCalendarDate(period.start)}–{formatCalendarDate(period.end)}: {PERIOD_LABELS[period.status]}
            {period.calls ? ` · ${plural(period.calls, 'call')}, ${formatMinutes(period.minutes)}` : ''}
          </li>
        ))}
      </ul>
      {customer.failure ? <p className="text-red-700">Last attempt: {customer.failure}</p> : null}
      {customer.invoices.length ? (
        <p>
          Invoices:{' '}
          {customer.invoices
            .map(
              (invoice) =>
                `${invoice.docNumber} ${formatMoney(invoice.amount)}${invoice.qboStatus ? ` (${invoice.qboStatus.toLowerCase()})` : ''}`,
            )
            .join(', ')}
        </p>
      ) : null}
    </div>
  );
}

const columns: DataColumn<TMonthEndCustomer>[] = [
  {
    key: 'customer',
    header: 'Customer',
    card: 'title',
    cell: (customer) => <span className="font-medium text-slate-900">{customer.customerName}</span>,
  },
  {
    key: 'state',
    header: 'State',
    card: 'badge',
    cell: (customer) => <Badge tone={STATE_TONES[customer.state]}>{MONTH_END_STATE_LABELS[customer.state]}</Badge>,
  },
  numberColumn(
    'amount',
    'Amount',
    (customer) => (
      <span>
        <span className="font-medium">{formatMoney(customer.amount)}</span>
        <span className="block text-xs text-slate-500">{amountNote(customer)}</span>
      </span>
    ),
    'whitespace-nowrap',
  ),
  { key: 'details', header: 'Periods and invoices', cell: details },
];

/** The month's customers, worst state first (the server's order). */
export function MonthEndCustomers({ customers }: { customers: TMonthEndCustomer[] }) {
  return (
    <DataTable
      columns={columns}
      rows={customers}
      rowKey={(customer) => customer.customerProfileId}
      rowTestId="month-end-row"
      aria-label="Customers this month"
    />
  );
}
