import type { TProfileInvoice } from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';
import { DataTable, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { ExternalLink } from 'lucide-react';
import { LoadError } from '../../../components/errors/load-error';
import { useInvoiceLink } from '../../../hooks/use-invoice-link';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/trpc';
import { useProfileInvoices } from '../api/get-profile-invoices';

const STATUS_TONES: Record<TProfileInvoice['status'], BadgeTone> = {
  Sent: 'green',
  Sending: 'yellow',
  'Not sent': 'orange',
  Voided: 'red',
  Deleted: 'red',
  Released: 'gray',
};

/** The customer's invoice history in the statistics modal: number, period, amount, status, link. */
export function ProfileInvoices({ profileId }: { profileId: string }) {
  const invoices = useProfileInvoices(profileId);
  const invoiceLink = useInvoiceLink();

  if (invoices.isLoading) return <p className="text-sm text-slate-600">Loading invoices…</p>;
  if (invoices.error)
    return (
      <LoadError
        title={errorMessage(invoices.error, 'Failed to load the invoices')}
        onRetry={invoices.refetch}
        retrying={invoices.isFetching}
      />
    );
  const rows = invoices.data?.data ?? [];
  if (rows.length === 0) return <p className="text-sm text-slate-600">No invoices yet.</p>;

  const columns: DataColumn<TProfileInvoice>[] = [
    {
      key: 'number',
      header: 'Invoice No.',
      card: 'title',
      className: 'whitespace-nowrap',
      cell: (invoice) => {
        const href = invoiceLink(invoice.qboInvoiceId);
        return href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline"
            aria-label={`Invoice No. ${invoice.docNumber} (opens in QuickBooks)`}
          >
            {invoice.docNumber} <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : (
          <span className="font-medium">{invoice.docNumber}</span>
        );
      },
    },
    {
      key: 'period',
      header: 'Period',
      className: 'whitespace-nowrap',
      cell: (invoice) => `${formatCalendarDate(invoice.periodStart)} – ${formatCalendarDate(invoice.periodEnd)}`,
    },
    numberColumn('amount', 'Amount', (invoice) => formatMoney(invoice.amount), 'tabular-nums'),
    {
      key: 'status',
      header: 'Status',
      card: 'badge',
      cell: (invoice) => <Badge tone={STATUS_TONES[invoice.status]}>{invoice.status}</Badge>,
    },
    {
      key: 'job',
      header: 'Billing job',
      className: 'font-mono text-xs whitespace-nowrap',
      cell: (invoice) => invoice.jobId ?? '—',
    },
  ];
  return (
    <DataTable
      aria-label="Invoices"
      columns={columns}
      rows={rows}
      rowKey={(invoice) => invoice.docNumber}
      rowTestId="profile-invoice"
    />
  );
}
