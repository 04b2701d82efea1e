import { ZInvoiceFiltersSchema, type TInvoiceFilters } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card } from '@phone-billing/ui/card';
import { DataTable } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Pagination } from '@phone-billing/ui/pagination';
import { Spinner } from '@phone-billing/ui/spinner';
import { Download, ExternalLink, FileText, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/errors/load-error';
import { formatMoney, formatNumber } from '../../../lib/format';
import { errorMessage, trpc } from '../../../lib/trpc';
import { useExportInvoices, useInvoices, useSimulatorLinks } from '../api/get-invoices';
import { invoiceColumns } from './invoice-columns';
import { InvoiceFilters } from './invoice-filters';

const DEFAULT_PAGE_SIZE = 25;
const FILTER_KEYS = ['status', 'customerProfileId', 'kind', 'from', 'to'] as const;

/** The filters kept in the URL, so a filtered list can be bookmarked and shared; a bad value is dropped. */
function useFiltersInUrl(): [TInvoiceFilters, (next: TInvoiceFilters) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
  const parsed = ZInvoiceFiltersSchema.safeParse(raw);
  const filters = parsed.success ? parsed.data : {};
  const update = (next: TInvoiceFilters) => {
    const entries = FILTER_KEYS.flatMap((key) => (next[key] ? [[key, String(next[key])]] : []));
    setParams(new URLSearchParams(entries), { replace: true });
  };
  return [filters, update];
}

/**
 * Invoices (issue 22): every invoice and credit memo the app created, with what QuickBooks says of
 * it (status, balance, due date, e-mail), filters, the totals of the filtered rows and CSV.
 */
export default function InvoicesPage() {
  const [filters, setFilters] = useFiltersInUrl();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const invoices = useInvoices({ ...filters, page, limit });
  const exportCsv = useExportInvoices();
  const simulator = useSimulatorLinks();
  const settings = trpc.settings.get.useQuery(undefined, { staleTime: 60_000 });
  const currency = settings.data?.data.currency ?? 'USD';
  const rows = invoices.data?.data ?? [];
  const totals = invoices.data?.totals;
  const filtered = FILTER_KEYS.some((key) => filters[key]);
  const changeFilters = (next: TInvoiceFilters) => {
    setFilters(next);
    setPage(1);
  };
  const companyPage = simulator.data?.data.companyPageUrl;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          What became of each invoice in QuickBooks: e-mailed, paid in part or in full, overdue, voided or deleted.
        </p>
        <div className="flex flex-wrap gap-2">
          {companyPage ? (
            <a
              href={companyPage}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 self-center text-sm text-blue-700 hover:underline"
            >
              Play the customer in simulated QuickBooks <ExternalLink className="size-3.5" aria-hidden />
            </a>
          ) : null}
          <Button
            variant="outline"
            onClick={() => void invoices.refetch()}
            loading={invoices.isFetching && !invoices.isLoading}
          >
            <RefreshCw className="size-4" aria-hidden /> Refresh
          </Button>
          <Button
            variant="outline"
            onClick={() => exportCsv.mutate(filters)}
            loading={exportCsv.isPending}
            disabled={!totals?.count}
          >
            <Download className="size-4" aria-hidden /> Export CSV
          </Button>
        </div>
      </div>

      <InvoiceFilters filters={filters} onChange={changeFilters} />

      {totals && totals.count > 0 ? (
        <Card className="p-4" aria-label="Totals of the listed invoices" data-testid="invoice-totals">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600">Invoices</dt>
              <dd className="font-semibold">{formatNumber(totals.count)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Amount</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(totals.totalAmount, currency)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Balance</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(totals.balance, currency)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Overdue</dt>
              <dd className="font-semibold tabular-nums text-orange-700">{formatMoney(totals.overdue, currency)}</dd>
            </div>
          </dl>
        </Card>
      ) : null}

      {invoices.isLoading ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : invoices.error && !invoices.data ? (
        <LoadError
          title={errorMessage(invoices.error, 'Failed to load the invoices')}
          onRetry={invoices.refetch}
          retrying={invoices.isFetching}
        />
      ) : rows.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState title="No invoices match your filters" description="Try another status, customer or period." />
          ) : (
            <EmptyState
              icon={<FileText className="size-6" />}
              title="No invoices yet"
              description="Invoices appear here once a billing job has created them in QuickBooks."
            />
          )}
        </Card>
      ) : (
        <DataTable aria-label="Invoices" columns={invoiceColumns(currency)} rows={rows} rowTestId="invoice-row" />
      )}

      {invoices.data && invoices.data.pagination.total > 0 ? (
        <Pagination
          {...invoices.data.pagination}
          pageSize={limit}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
        />
      ) : null}
    </div>
  );
}
