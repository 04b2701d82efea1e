import { billingJobTypeLabels, isJobRunning, type BillingJobCustomerView } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Modal } from '@phone-billing/ui/modal';
import { Spinner } from '@phone-billing/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { formatMoney } from '../../../lib/format';
import { useBillingJob } from '../api/get-billing-job';
import { CustomerStatusBadge } from './customer-status-badge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function CustomerOutcome({ customer }: { customer: BillingJobCustomerView }) {
  if (customer.qboInvoiceId) {
    return (
      <span>
        Invoice {customer.qboInvoiceId}
        {customer.docNumber ? <span className="text-slate-500"> (No. {customer.docNumber})</span> : null}
      </span>
    );
  }
  if (customer.error) return <span className="text-red-700">{customer.error}</span>;
  if (customer.skipReason) return <span className="text-slate-600">{customer.skipReason}</span>;
  if (customer.status === 'RATED') return <span className="text-slate-600">Dry run: no invoice created</span>;
  if (customer.status === 'PENDING') return <span className="text-slate-500">Waiting</span>;
  return <span>—</span>;
}

export function JobDetailsModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useBillingJob(id);
  const job = detail.data?.data;
  const running = job ? isJobRunning(job.status) : false;
  const percent = job && job.totalClients > 0 ? Math.round((job.processedClients / job.totalClients) * 100) : 0;

  return (
    <Modal open={Boolean(id)} onOpenChange={(open) => (open ? undefined : onClose())} title={job ? `Job Details: ${job.jobId}` : 'Job Details'} size="xl">
      {detail.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : detail.error || !job ? (
        <Alert tone="error">Failed to load the job details</Alert>
      ) : (
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Field label="Job ID">
              <span className="font-mono">{job.jobId}</span>
            </Field>
            <Field label="Status">
              <JobStatusBadge status={job.status} />
            </Field>
            <Field label="Type">{billingJobTypeLabels[job.type]}</Field>
            <Field label="Period">
              {formatCalendarDate(job.startDate)} – {formatCalendarDate(job.endDate)}
            </Field>
            <Field label="Created">{formatDateTime(job.createdAt)}</Field>
            <Field label="Started">{formatDateTime(job.startedAt)}</Field>
            <Field label="Completed">{formatDateTime(job.completedAt)}</Field>
            <Field label={job.type === 'DRY_RUN' ? 'Total (not invoiced)' : 'Total invoiced'}>{formatMoney(job.totalAmount)}</Field>
            <Field label="Customers">{job.totalClients}</Field>
            <Field label="Invoices">
              {job.successfulInvoices} succeeded{job.failedInvoices ? `, ${job.failedInvoices} failed` : ''}
            </Field>
            <div className="col-span-2">
              <Field label="Queues">{job.queueName.join(', ') || '—'}</Field>
            </div>
          </dl>

          {running ? (
            <div>
              <div className="mb-1 flex justify-between text-sm text-slate-600">
                <span>Progress</span>
                <span>
                  {job.processedClients} of {job.totalClients} customers
                </span>
              </div>
              <div
                role="progressbar"
                aria-label="Job progress"
                aria-valuemin={0}
                aria-valuemax={job.totalClients}
                aria-valuenow={job.processedClients}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
              >
                <div className="h-full rounded-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
              </div>
            </div>
          ) : null}

          {job.error ? <Alert tone="error">{job.error}</Alert> : null}

          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Customers</h3>
            {job.customers.length === 0 ? (
              <p className="text-sm text-slate-500">No active customer holds the selected queues.</p>
            ) : (
              <Table>
                <THead>
                  <Tr>
                    <Th>Customer</Th>
                    <Th>Status</Th>
                    <Th className="text-right">Calls</Th>
                    <Th className="text-right">Billed minutes</Th>
                    <Th className="text-right">Amount</Th>
                    <Th>Invoice / reason</Th>
                  </Tr>
                </THead>
                <TBody>
                  {job.customers.map((customer) => (
                    <Tr key={customer.id} data-testid="job-customer-row">
                      <Td>
                        <div className="font-medium text-slate-900">{customer.customerName}</div>
                        {customer.lines.length ? (
                          <ul className="mt-1 space-y-0.5 text-xs text-slate-500">
                            {customer.lines.map((line) => (
                              <li key={line.description}>
                                {line.description}: {line.quantity} min × ${line.unitPrice} = ${line.amount}
                                {line.taxCode ? ` (tax ${line.taxCode})` : ''}
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </Td>
                      <Td>
                        <CustomerStatusBadge status={customer.status} />
                      </Td>
                      <Td className="text-right tabular-nums">{customer.calls}</Td>
                      <Td className="text-right tabular-nums">{customer.billedMinutes}</Td>
                      <Td className="text-right tabular-nums">{formatMoney(customer.amount)}</Td>
                      <Td className="max-w-xs text-sm">
                        <CustomerOutcome customer={customer} />
                      </Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
