import type { TInvoiceRow } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { DataTable, actionsColumn, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { Send } from 'lucide-react';
import { EmailStatus } from '../../../components/email-status';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge';
import { SendInvoiceButton } from '../../../components/send-invoice-button';
import { useSendUnsentInvoices } from '../../../hooks/use-send-invoice';
import { usePermission } from '../../../lib/auth-store';
import { formatMoney } from '../../../lib/format';
import { useJobInvoices } from '../api/get-job-invoices';

const sendable = (row: TInvoiceRow) => row.kind === 'INVOICE' && row.status !== 'VOIDED' && row.status !== 'DELETED';

const columns: DataColumn<TInvoiceRow>[] = [
  {
    key: 'number',
    header: 'Invoice',
    card: 'title',
    cell: (row) => <span className="font-medium whitespace-nowrap">{row.docNumber}</span>,
  },
  { key: 'status', header: 'Status', card: 'badge', cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  { key: 'customer', header: 'Customer', cell: (row) => row.customerName },
  numberColumn('balance', 'Balance', (row) => formatMoney(row.balance), 'tabular-nums'),
  { key: 'email', header: 'E-mail', cell: (row) => <EmailStatus invoice={row} /> },
  actionsColumn((row) =>
    sendable(row) ? (
      <SendInvoiceButton id={row.id} docNumber={row.docNumber} sent={row.emailStatus === 'SENT'} />
    ) : null,
  ),
];

/**
 * Job Details' invoices after sending: what QuickBooks says of each (paid, voided…), whether it was
 * e-mailed and when, "Send" per invoice and "Send all unsent" for the job.
 */
export function JobInvoiceEmails({ billingJobId }: { billingJobId: string }) {
  const invoices = useJobInvoices(billingJobId);
  const sendAll = useSendUnsentInvoices();
  const canRun = usePermission('billing:run');
  const rows = invoices.data?.data ?? [];
  if (rows.length === 0) return null;
  const unsent = rows.filter((row) => sendable(row) && row.emailStatus === 'NOT_SENT').length;
  return (
    <section aria-labelledby="job-invoices-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="job-invoices-heading" className="text-sm font-semibold text-slate-900">
          Invoices in QuickBooks
        </h3>
        {canRun && unsent > 0 ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => sendAll.mutate({ id: billingJobId })}
            loading={sendAll.isPending}
          >
            <Send className="size-3.5" aria-hidden /> Send all unsent ({unsent})
          </Button>
        ) : null}
      </div>
      <DataTable aria-label="Invoices of this job" columns={columns} rows={rows} rowTestId="job-invoice-row" />
    </section>
  );
}
