import type { BillingJobCustomerView } from '@phone-billing/api/schemas';
import { formatMoney } from '../../../lib/format';

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
