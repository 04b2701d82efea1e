import type { BillingJobCustomerView, BillingJobDetailView } from '@phone-billing/api/schemas';
import { ExternalLink } from 'lucide-react';
import { withAppDates } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatRate } from '../../../lib/format';

/** The invoice lines of one customer in a job (usage, minimum, overage, late usage, per period). */
export function JobCustomerLines({ customer }: { customer: BillingJobCustomerView }) {
  if (!customer.lines.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
      {customer.lines.map((line) => (
        <li key={line.description}>
          {withAppDates(line.description)}: {formatMinutes(line.quantity)} × {formatRate(line.unitPrice)} = {formatMoney(line.amount)}
          {line.taxCode ? ` (tax ${line.taxCode})` : ''}
        </li>
      ))}
    </ul>
  );
}

/** What became of one customer: the invoice (a link into QuickBooks), or why not, in words. */
export function JobCustomerOutcome({ customer, invoiceLink }: { customer: BillingJobCustomerView; invoiceLink: string | null }) {
  if (customer.qboInvoiceId) {
    const label = `Invoice No. ${customer.docNumber ?? customer.qboInvoiceId}`;
    return (
      <span>
        {invoiceLink ? (
          <a
            href={invoiceLink}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-blue-700 hover:underline"
            aria-label={`${label} (opens in QuickBooks)`}
          >
            {label} <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : (
          <span className="whitespace-nowrap">{label}</span>
        )}
        <span className="block text-xs text-slate-600">QuickBooks id {customer.qboInvoiceId}</span>
      </span>
    );
  }
  if (customer.error) return <span className="text-red-700">{withAppDates(customer.error)}</span>;
  if (customer.skipReason) return <span className="text-slate-700">{withAppDates(customer.skipReason)}</span>;
  if (customer.status === 'RATED') return <span className="text-slate-700">Preview only: a dry run creates no invoice</span>;
  if (customer.status === 'PENDING') return <span className="text-slate-600">Waiting</span>;
  return <span>—</span>;
}

/**
 * Per-customer actions in Job Details. Opening the invoice in QuickBooks is the link in the
 * outcome; actions on a customer's result (its calls as CSV, releasing a voided invoice for
 * re-billing) belong here.
 */
export function JobCustomerActions(_props: { job: BillingJobDetailView; customer: BillingJobCustomerView }) {
  return null;
}
