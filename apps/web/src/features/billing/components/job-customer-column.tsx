import type { BillingJobCustomerView } from '@phone-billing/api/schemas';
import type { DataColumn } from '@phone-billing/ui/data-table';
import { formatCalendarDate, withAppDates } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatNumber, formatRate } from '../../../lib/format';
import { groupLinesByPeriod, lineLabelWithinPeriod } from './group-lines-by-period';

/**
 * A line's quantity as the clerk reads it: minutes are written with four decimals ('7.7000' → '7.7 min'),
 * interactions and flat fees as whole counts ('3', '1': DESIGN.md §4 "Lines"), which are not minutes.
 */
function lineQuantity(quantity: string): string {
  return quantity.includes('.') ? formatMinutes(quantity) : formatNumber(quantity);
}

/**
 * The invoice lines of one customer in a job (usage, minimum, overage, late usage), under the
 * billing period each belongs to: one invoice can bill several (a catch-up, late calls).
 */
function JobCustomerLines({ customer }: { customer: BillingJobCustomerView }) {
  if (!customer.lines.length) return null;
  return (
    <div className="mt-1 space-y-1 text-xs text-slate-600">
      {groupLinesByPeriod(customer.lines).map((group) => (
        <div key={group.period ? group.period.start : 'no-period'} data-testid="job-line-period">
          {group.period ? (
            <p className="font-medium text-slate-700">
              Period {formatCalendarDate(group.period.start)} – {formatCalendarDate(group.period.end)}
            </p>
          ) : null}
          <ul className={group.period ? 'space-y-0.5 pl-3' : 'space-y-0.5'}>
            {group.lines.map((line, index) => (
              <li key={`${line.description}-${index}`}>
                {withAppDates(lineLabelWithinPeriod(line.description, group.period))}: {lineQuantity(line.quantity)} ×{' '}
                {formatRate(line.unitPrice)} = {formatMoney(line.amount)}
                {line.taxCode ? ` (tax ${line.taxCode})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The Customer column of a job's customer tables (results and review): the name over its invoice lines. */
export const jobCustomerColumn: DataColumn<BillingJobCustomerView> = {
  key: 'customer',
  header: 'Customer',
  card: 'title',
  cell: (customer) => (
    <>
      <div className="font-medium text-slate-900">{customer.customerName}</div>
      <JobCustomerLines customer={customer} />
    </>
  ),
};
