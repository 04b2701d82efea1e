import type { BillingJobCustomerView, BillingJobDetailView } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import type { DataColumn } from '@phone-billing/ui/data-table';
import { Download, ExternalLink } from 'lucide-react';
import { ReleaseInvoiceButton } from '../../../components/release-invoice-button';
import { formatCalendarDate, withAppDates } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatNumber, formatRate } from '../../../lib/format';
import { canReleaseInvoice, invoiceQboFlag } from '../../../lib/invoice-status';
import { useExportJobCalls } from '../api/export-job-calls';
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

/**
 * The amount billed, and where QuickBooks added tax (a US company with automated sales tax, or a
 * non-US company's VAT) the tax and QuickBooks' total too: the customer is asked for the total.
 */
export function JobCustomerAmount({ customer }: { customer: BillingJobCustomerView }) {
  const { qboTaxAmount: tax, qboTotalAmount: total } = customer;
  const taxed = (tax !== null && tax !== 0) || (total !== null && Math.abs(total - customer.amount) >= 0.005);
  if (!taxed) return <>{formatMoney(customer.amount)}</>;
  return (
    <span className="inline-flex flex-col items-end" data-testid="job-customer-amounts">
      <span>
        {formatMoney(customer.amount)} <span className="text-xs text-slate-600">billed</span>
      </span>
      {tax !== null ? <span className="text-xs text-slate-600">Tax {formatMoney(tax)}</span> : null}
      {total !== null ? (
        <span className="text-xs font-medium text-slate-800">QuickBooks total {formatMoney(total)}</span>
      ) : null}
    </span>
  );
}

/** What QuickBooks (or a person) did to the invoice since: voided or deleted there, or released for re-billing here. */
function invoiceFlag(customer: BillingJobCustomerView): { text: string; released: boolean } | null {
  if (customer.invoiceState === 'RELEASED') return { text: 'Released for re-billing', released: true };
  const flag = invoiceQboFlag(customer.invoiceQboStatus);
  return flag ? { text: flag, released: false } : null;
}

/** A credit memo given for over-invoiced periods: its number, amount and QuickBooks id. */
function CreditMemoNote({ customer }: { customer: BillingJobCustomerView }) {
  if (!customer.qboCreditMemoId && !(customer.creditAmount > 0)) return null;
  const number = customer.creditDocNumber ?? customer.qboCreditMemoId ?? '';
  return (
    <span className="block text-xs text-slate-700">
      Credit memo No. {number} ({customer.creditAmount.toFixed(2)})
      {customer.qboCreditMemoId ? `, QuickBooks id ${customer.qboCreditMemoId}` : ''}
    </span>
  );
}

/** What became of one customer: the invoice (a link into QuickBooks), or why not, in words. */
export function JobCustomerOutcome({
  customer,
  invoiceLink,
}: {
  customer: BillingJobCustomerView;
  invoiceLink: string | null;
}) {
  if (!customer.qboInvoiceId && customer.qboCreditMemoId) return <CreditMemoNote customer={customer} />;
  if (customer.qboInvoiceId) {
    const flag = invoiceFlag(customer);
    const number = customer.docNumber ?? customer.qboInvoiceId;
    const label = `Invoice No. ${number}`;
    return (
      <span>
        {invoiceLink ? (
          // The number never wraps, but it may go under "Invoice No." in a phone's narrow card.
          <a
            href={invoiceLink}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-blue-700 hover:underline"
            aria-label={`${label} (opens in QuickBooks)`}
          >
            Invoice No.{' '}
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              {number} <ExternalLink className="size-3.5" aria-hidden="true" />
            </span>
          </a>
        ) : (
          <span className="whitespace-nowrap">{label}</span>
        )}
        <span className="block text-xs text-slate-600">QuickBooks id {customer.qboInvoiceId}</span>
        <CreditMemoNote customer={customer} />
        {flag ? (
          <Badge tone={flag.released ? 'gray' : 'red'} className="mt-1">
            {flag.text}
          </Badge>
        ) : null}
      </span>
    );
  }
  const flag = customer.docNumber ? invoiceFlag(customer) : null;
  if (flag) {
    // A sent invoice QuickBooks never gave an id (missing there), or one released since.
    return (
      <span>
        <span className="whitespace-nowrap">Invoice No. {customer.docNumber}</span>
        {customer.error ? <span className="block text-xs text-red-700">{withAppDates(customer.error)}</span> : null}
        <Badge tone={flag.released ? 'gray' : 'red'} className="mt-1">
          {flag.text}
        </Badge>
      </span>
    );
  }
  if (customer.error) return <span className="text-red-700">{withAppDates(customer.error)}</span>;
  if (customer.skipReason) return <span className="text-slate-700">{withAppDates(customer.skipReason)}</span>;
  if (customer.status === 'RATED')
    return <span className="text-slate-700">Preview only: a dry run creates no invoice</span>;
  if (customer.status === 'PENDING') return <span className="text-slate-600">Waiting</span>;
  return <span>—</span>;
}

/** Customers whose result has calls behind it: an invoice (sent, or reserved and under review), or a dry run's preview. */
function hasCallsToExport(customer: BillingJobCustomerView): boolean {
  const underReview = customer.reviewHeld && customer.invoiceState === 'RESERVED';
  return (
    customer.profileId !== null &&
    customer.calls > 0 &&
    (customer.status === 'INVOICED' || customer.status === 'RATED' || underReview)
  );
}

/**
 * Per-customer actions in Job Details. Opening the invoice in QuickBooks is the link in the
 * outcome; here: "Release for re-billing" of an invoice voided or deleted in QuickBooks, and
 * "Export calls", the calls behind the invoice (or the dry run's preview) as CSV.
 */
export function JobCustomerActions({ job, customer }: { job: BillingJobDetailView; customer: BillingJobCustomerView }) {
  const exportCalls = useExportJobCalls();
  // By its QuickBooks id, or by its DocNumber when QuickBooks never gave one (missing there).
  const invoiceRef = customer.qboInvoiceId ?? customer.docNumber;
  const releasable =
    invoiceRef !== null && canReleaseInvoice({ state: customer.invoiceState, qboStatus: customer.invoiceQboStatus });
  const exportable = hasCallsToExport(customer);
  if (!releasable && !exportable) return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {releasable ? (
        <ReleaseInvoiceButton
          qboInvoiceId={invoiceRef}
          docNumber={customer.docNumber ?? invoiceRef}
          qboStatus={customer.invoiceQboStatus}
        />
      ) : null}
      {exportable ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Export calls of ${customer.customerName}`}
          loading={exportCalls.isPending}
          onClick={() => exportCalls.mutate({ id: job.id, profileId: customer.profileId! })}
        >
          <Download className="size-3.5" aria-hidden /> Export calls
        </Button>
      ) : null}
    </div>
  );
}
