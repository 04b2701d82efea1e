import type { BillingJobCustomerView } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { ExternalLink } from 'lucide-react';
import { withAppDates } from '../../../lib/dates';
import { invoiceQboFlag } from '../../../lib/invoice-status';

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
