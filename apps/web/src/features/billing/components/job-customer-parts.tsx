import type { BillingJobCustomerView, BillingJobDetailView } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { Download, ExternalLink } from 'lucide-react';
import { ReleaseInvoiceButton } from '../../../components/release-invoice-button';
import { formatCalendarDate, withAppDates } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatRate } from '../../../lib/format';
import { canReleaseInvoice, invoiceQboFlag } from '../../../lib/invoice-status';
import { useExportJobCalls } from '../api/export-job-calls';
import { groupLinesByPeriod, lineLabelWithinPeriod } from './group-lines-by-period';

/**
 * The invoice lines of one customer in a job (usage, minimum, overage, late usage), under the
 * billing period each belongs to: one invoice can bill several (a catch-up, late calls).
 */
export function JobCustomerLines({ customer }: { customer: BillingJobCustomerView }) {
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
                {withAppDates(lineLabelWithinPeriod(line.description, group.period))}: {formatMinutes(line.quantity)} × {formatRate(line.unitPrice)} ={' '}
                {formatMoney(line.amount)}
                {line.taxCode ? ` (tax ${line.taxCode})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** What QuickBooks (or a person) did to the invoice since: voided or deleted there, or released for re-billing here. */
function invoiceFlag(customer: BillingJobCustomerView): { text: string; released: boolean } | null {
  if (customer.invoiceState === 'RELEASED') return { text: 'Released for re-billing', released: true };
  const flag = invoiceQboFlag(customer.invoiceQboStatus);
  return flag ? { text: flag, released: false } : null;
}

/** What became of one customer: the invoice (a link into QuickBooks), or why not, in words. */
export function JobCustomerOutcome({ customer, invoiceLink }: { customer: BillingJobCustomerView; invoiceLink: string | null }) {
  if (customer.qboInvoiceId) {
    const flag = invoiceFlag(customer);
    const number = customer.docNumber ?? customer.qboInvoiceId;
    const label = `Invoice No. ${number}`;
    return (
      <span>
        {invoiceLink ? (
          // The number never wraps, but it may go under "Invoice No." in a phone's narrow card.
          <a href={invoiceLink} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 hover:underline" aria-label={`${label} (opens in QuickBooks)`}>
            Invoice No.{' '}
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              {number} <ExternalLink className="size-3.5" aria-hidden="true" />
            </span>
          </a>
        ) : (
          <span className="whitespace-nowrap">{label}</span>
        )}
        <span className="block text-xs text-slate-600">QuickBooks id {customer.qboInvoiceId}</span>
        {flag ? (
          <Badge tone={flag.released ? 'gray' : 'red'} className="mt-1">
            {flag.text}
          </Badge>
        ) : null}
      </span>
    );
  }
  if (customer.error) return <span className="text-red-700">{withAppDates(customer.error)}</span>;
  if (customer.skipReason) return <span className="text-slate-700">{withAppDates(customer.skipReason)}</span>;
  if (customer.status === 'RATED') return <span className="text-slate-700">Preview only: a dry run creates no invoice</span>;
  if (customer.status === 'PENDING') return <span className="text-slate-600">Waiting</span>;
  return <span>—</span>;
}

/** Customers whose result has calls behind it: an invoice, or a dry run's preview. */
function hasCallsToExport(customer: BillingJobCustomerView): boolean {
  return customer.profileId !== null && customer.calls > 0 && (customer.status === 'INVOICED' || customer.status === 'RATED');
}

/**
 * Per-customer actions in Job Details. Opening the invoice in QuickBooks is the link in the
 * outcome; here: "Release for re-billing" of an invoice voided or deleted in QuickBooks, and
 * "Export calls", the calls behind the invoice (or the dry run's preview) as CSV.
 */
export function JobCustomerActions({ job, customer }: { job: BillingJobDetailView; customer: BillingJobCustomerView }) {
  const exportCalls = useExportJobCalls();
  const releasable = customer.qboInvoiceId !== null && canReleaseInvoice({ state: customer.invoiceState, qboStatus: customer.invoiceQboStatus });
  const exportable = hasCallsToExport(customer);
  if (!releasable && !exportable) return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {releasable ? (
        <ReleaseInvoiceButton qboInvoiceId={customer.qboInvoiceId!} docNumber={customer.docNumber ?? customer.qboInvoiceId!} qboStatus={customer.invoiceQboStatus} />
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
