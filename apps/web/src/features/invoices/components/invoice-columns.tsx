import type { TInvoiceRow } from '@phone-billing/api/schemas';
import { actionsColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { ExternalLink } from 'lucide-react';
import { EmailStatus } from '../../../components/email-status';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge';
import { ReleaseInvoiceButton } from '../../../components/release-invoice-button';
import { SendInvoiceButton } from '../../../components/send-invoice-button';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';

const money = 'text-right tabular-nums whitespace-nowrap';

/**
 * The Invoices screen's columns (a table on wide screens, cards on phones). Amount is what the app
 * billed; a "Tax" / "QuickBooks total" column can sit beside it once tax amounts are kept.
 */
export function invoiceColumns(currency: string): DataColumn<TInvoiceRow>[] {
  return [
    {
      key: 'number',
      header: 'Invoice',
      card: 'title',
      cell: (row) => (
        <span className="font-medium whitespace-nowrap">
          {row.kind === 'CREDIT_MEMO' ? 'Credit memo ' : ''}
          {row.docNumber}
        </span>
      ),
    },
    { key: 'status', header: 'Status', card: 'badge', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
    { key: 'customer', header: 'Customer', cell: (row) => row.customerName },
    {
      key: 'period',
      header: 'Period',
      className: 'whitespace-nowrap text-sm',
      cell: (row) => `${formatCalendarDate(row.periodStart)} – ${formatCalendarDate(row.periodEnd)}`,
    },
    {
      key: 'amount',
      header: 'Amount',
      className: money,
      headerClassName: 'text-right',
      cell: (row) => formatMoney(row.totalAmount, currency),
    },
    {
      key: 'balance',
      header: 'Balance',
      className: money,
      headerClassName: 'text-right',
      cell: (row) => (
        <>
          {formatMoney(row.balance, currency)}
          {row.lastPaymentOn ? (
            <span className="block text-xs text-slate-600">paid {formatCalendarDate(row.lastPaymentOn)}</span>
          ) : null}
        </>
      ),
    },
    {
      key: 'due',
      header: 'Due date',
      className: 'whitespace-nowrap text-sm',
      cell: (row) => (row.dueDate ? formatCalendarDate(row.dueDate) : '—'),
    },
    { key: 'email', header: 'E-mail', cell: (row) => <EmailStatus invoice={row} /> },
    {
      key: 'qbo',
      header: 'QuickBooks',
      cell: (row) =>
        row.qboUrl ? (
          <a
            href={row.qboUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-blue-700 hover:underline"
            aria-label={`${row.qboId}: open invoice ${row.docNumber} in QuickBooks`}
          >
            {row.qboId} <ExternalLink className="size-3.5" aria-hidden />
          </a>
        ) : (
          row.qboId
        ),
    },
    actionsColumn((row) => (
      <div className="flex flex-wrap justify-end gap-1.5">
        {row.kind === 'INVOICE' && row.status !== 'VOIDED' && row.status !== 'DELETED' ? (
          <SendInvoiceButton id={row.id} docNumber={row.docNumber} sent={row.emailStatus === 'SENT'} />
        ) : null}
        {row.releasable ? (
          <ReleaseInvoiceButton
            qboInvoiceId={row.qboId}
            docNumber={row.docNumber}
            qboStatus={row.status === 'VOIDED' ? 'voided' : 'deleted'}
          />
        ) : null}
      </div>
    )),
  ];
}
