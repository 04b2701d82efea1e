import type { BillingJobCustomerView, BillingJobDetailView } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Download } from 'lucide-react';
import { ReleaseInvoiceButton } from '../../../components/release-invoice-button';
import { canReleaseInvoice } from '../../../lib/invoice-status';
import { useExportJobCalls } from '../api/export-job-calls';

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
