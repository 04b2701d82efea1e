import type { BillingJobCustomerView, BillingJobDetailView } from '@phone-billing/api/schemas';
import { DataTable, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { useInvoiceLink } from '../../../hooks/use-invoice-link';
import { formatMinutes, formatNumber } from '../../../lib/format';
import { notReached } from './cancelled-coverage';
import { CustomerStatusBadge } from './customer-status-badge';
import { JobCustomerActions } from './job-customer-actions';
import { JobCustomerAmount } from './job-customer-amount';
import { jobCustomerColumn } from './job-customer-column';
import { JobCustomerOutcome } from './job-customer-outcome';

function customerColumns(
  job: BillingJobDetailView,
  invoiceLink: (id: string | null) => string | null,
): DataColumn<BillingJobCustomerView>[] {
  return [
    jobCustomerColumn,
    {
      key: 'status',
      header: 'Status',
      card: 'badge',
      cell: (customer) => <CustomerStatusBadge status={notReached(job, customer) ? 'NOT_REACHED' : customer.status} />,
    },
    numberColumn('calls', 'Calls', (customer) => formatNumber(customer.calls), 'tabular-nums'),
    numberColumn(
      'minutes',
      'Billed minutes',
      (customer) => formatMinutes(customer.billedMinutes),
      'tabular-nums whitespace-nowrap',
    ),
    {
      key: 'amount',
      header: job.type === 'DRY_RUN' ? 'Preview amount' : 'Amount',
      className: 'text-right tabular-nums',
      headerClassName: 'text-right',
      // A skipped customer was not billed: no amount beside it.
      cell: (customer) =>
        customer.status === 'SKIPPED' ? (
          <span>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No amount</span>
          </span>
        ) : (
          <JobCustomerAmount customer={customer} />
        ),
    },
    {
      key: 'outcome',
      header: 'Invoice / reason',
      className: 'max-w-xs text-sm',
      cell: (customer) => <JobCustomerOutcome customer={customer} invoiceLink={invoiceLink(customer.qboInvoiceId)} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      cell: (customer) => <JobCustomerActions job={job} customer={customer} />,
    },
  ];
}

/** Failed customers first (what needs a person), otherwise in the job's order. */
function failedFirst<Customer extends { status: string }>(customers: Customer[]): Customer[] {
  return [
    ...customers.filter((customer) => customer.status === 'FAILED'),
    ...customers.filter((customer) => customer.status !== 'FAILED'),
  ];
}

/** Job Details' customers: what each was billed and what became of its invoice, failed ones first. */
export function JobCustomersSection({ job }: { job: BillingJobDetailView }) {
  const invoiceLink = useInvoiceLink();
  return (
    <section aria-labelledby="job-customers-heading">
      <h3 id="job-customers-heading" className="mb-2 text-sm font-semibold text-slate-900">
        Customers
      </h3>
      {job.customers.length === 0 ? (
        <p className="text-sm text-slate-600">No active customer holds the selected queues.</p>
      ) : (
        <DataTable
          aria-label="Customers of this job"
          wideQuery="(min-width: 1280px)"
          columns={customerColumns(job, invoiceLink)}
          rows={failedFirst(job.customers)}

          rowTestId="job-customer-row"
        />
      )}
    </section>
  );
}
