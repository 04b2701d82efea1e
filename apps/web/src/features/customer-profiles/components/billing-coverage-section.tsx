import type { BillingCoverageView } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Badge } from '@phone-billing/ui/badge';
import { DataTable, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { Clock } from 'lucide-react';
import { ReleaseInvoiceButton } from '../../../components/release-invoice-button';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMoney, formatNumber, plural } from '../../../lib/format';
import { canReleaseInvoice, invoiceQboFlag } from '../../../lib/invoice-status';
import { errorMessage } from '../../../lib/trpc';
import { useBillingCoverage } from '../api/get-billing-coverage';
import { billedThroughText, lateCallsSentence, periodLabel } from './billing-coverage-text';
import { UnownedCallsAlert } from './unowned-calls-alert';

type CoveragePeriod = BillingCoverageView['periods'][number];
type CoverageInvoice = CoveragePeriod['invoices'][number];

/** One invoice of a billed period: its number and share, a flag when QuickBooks voided or deleted it, and the release. */
function PeriodInvoice({ invoice }: { invoice: CoverageInvoice }) {
  if (invoice.kind !== 'INVOICE') {
    // Days accounted for with nothing to invoice (no calls, no minimum).
    return (
      <li className="text-slate-600">Settled, nothing to invoice{invoice.jobId ? ` (job ${invoice.jobId})` : ''}</li>
    );
  }
  const flag = invoiceQboFlag(invoice.qboStatus);
  // DocNumbers the app gives start with the job's id; name the job only when they do not.
  const job = invoice.jobId && !invoice.docNumber.startsWith(invoice.jobId) ? invoice.jobId : null;
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="coverage-invoice">
      <span>
        <span className="whitespace-nowrap">Invoice No. {invoice.docNumber}</span>
        <span className="text-slate-600"> · {formatMoney(invoice.amount)}</span>
        {job ? <span className="text-slate-600"> · job {job}</span> : null}
      </span>
      {flag ? <Badge tone="red">{flag}</Badge> : null}
      {canReleaseInvoice(invoice) ? (
        // By its QuickBooks id, or by its DocNumber when QuickBooks never gave one (missing there).
        <ReleaseInvoiceButton
          qboInvoiceId={invoice.qboInvoiceId ?? invoice.docNumber}
          docNumber={invoice.docNumber}
          qboStatus={invoice.qboStatus}
        />
      ) : null}
    </li>
  );
}

const periodColumns: DataColumn<CoveragePeriod>[] = [
  {
    key: 'period',
    header: 'Period',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (period) => (
      <>
        <div>{periodLabel(period)}</div>
        {period.fullyBilled ? null : (
          <Badge tone="yellow" className="mt-1">
            Partly billed
          </Badge>
        )}
      </>
    ),
  },
  numberColumn('calls', 'Calls', (period) => formatNumber(period.calls), 'tabular-nums'),
  numberColumn('minutes', 'Billed minutes', (period) => formatNumber(period.billedMinutes, 2), 'tabular-nums'),
  numberColumn('amount', 'Amount invoiced', (period) => formatMoney(period.amountInvoiced), 'tabular-nums'),
  {
    key: 'invoices',
    header: 'Invoices',
    cell: (period) =>
      period.invoices.length === 0 ? (
        <span className="text-slate-600">—</span>
      ) : (
        <ul className="space-y-1 text-sm">
          {period.invoices.map((invoice) => (
            <PeriodInvoice key={`${invoice.docNumber}-${invoice.billingJobId}`} invoice={invoice} />
          ))}
        </ul>
      ),
  },
  // Interactions no charge of the period's plan prices: billed by no one unless the plan changes.
  numberColumn('notInPlan', 'Not in plan', (period) => formatNumber(period.notInPlan), 'tabular-nums'),
];

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * "Billing coverage" in the statistics modal: since when the profile is billed, through which day
 * it is billed in full, each billed period with its invoices (a voided or deleted one flagged, with
 * its release for re-billing), the ended periods still unbilled, and the late calls waiting.
 */
export function BillingCoverageSection({ profileId }: { profileId: string }) {
  const coverage = useBillingCoverage(profileId);
  const data = coverage.data?.data;
  const late = data ? lateCallsSentence(data.lateCalls) : null;

  return (
    <section aria-labelledby="billing-coverage-heading" className="flex flex-col gap-3">
      <h3 id="billing-coverage-heading" className="text-sm font-semibold text-slate-700">
        Billing coverage
      </h3>
      {coverage.isLoading ? (
        <p className="text-sm text-slate-600">Loading billing coverage…</p>
      ) : coverage.error || !data ? (
        <Alert tone="error" title={errorMessage(coverage.error, 'Failed to load the billing coverage')} />
      ) : (
        <>
          <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
            <Figure label="Billing start date">{formatCalendarDate(data.billingStartDate)}</Figure>
            <Figure label="Billed through">{billedThroughText(data.billedThrough)}</Figure>
          </dl>

          {data.unbilledPeriods.length > 0 ? (
            <Alert tone="warning" title={`${plural(data.unbilledPeriods.length, 'ended period')} not yet billed`}>
              <ul className="mt-1 space-y-0.5">
                {data.unbilledPeriods.map((period) => (
                  <li key={period.start} data-testid="coverage-unbilled-period">
                    <span className="font-medium">{periodLabel(period)}</span>: {plural(period.calls, 'call')},{' '}
                    {formatNumber(period.billedMinutes, 2)} billed minutes waiting
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}

          <UnownedCallsAlert queues={data.unownedCalls} />

          {late ? (
            <p className="flex items-center gap-2 text-sm text-slate-800" data-testid="coverage-late-calls">
              <Clock className="size-4 text-orange-600" aria-hidden />
              {late}
            </p>
          ) : null}

          {data.periods.length === 0 ? (
            <p className="text-sm text-slate-600">No period billed yet.</p>
          ) : (
            <DataTable
              aria-label="Billed periods"
              columns={periodColumns}
              rows={data.periods}
              rowKey={(period) => period.start}
              rowTestId="coverage-period"
            />
          )}
        </>
      )}
    </section>
  );
}
