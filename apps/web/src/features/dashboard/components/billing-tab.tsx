import type { DashboardBillingJob } from '@phone-billing/api/schemas';
import { Card, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { Link } from 'react-router';
import { JobStatusBadge } from '../../../components/job-status-badge';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatMoney, formatNumber } from '../../../lib/format';

export function BillingTab({ jobs, currency }: { jobs: DashboardBillingJob[]; currency: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Billing Jobs</CardTitle>
        <Link to="/billing-jobs" className="text-sm font-medium text-blue-600 hover:underline">
          All billing jobs
        </Link>
      </CardHeader>
      {jobs.length === 0 ? (
        <EmptyState title="No billing jobs yet" description="Jobs appear here once billing runs, by schedule or by hand." />
      ) : (
        <Table aria-label="Recent billing jobs">
          <THead>
            <Tr>
              <Th>Job ID</Th>
              <Th>Status</Th>
              <Th>Period</Th>
              <Th className="text-right">Clients</Th>
              <Th className="text-right">Invoices</Th>
              <Th className="text-right">Amount</Th>
              <Th>Created</Th>
              <Th>Error</Th>
            </Tr>
          </THead>
          <TBody>
            {jobs.map((job) => (
              <Tr key={job.id}>
                <Td className="font-mono text-xs whitespace-nowrap">
                  {job.jobId}
                  {job.type === 'DRY_RUN' ? <span className="ml-2 font-sans text-slate-600">(dry run, preview)</span> : null}
                </Td>
                <Td>
                  <JobStatusBadge status={job.status} />
                </Td>
                <Td className="whitespace-nowrap">
                  {formatCalendarDate(job.startDate)} – {formatCalendarDate(job.endDate)}
                </Td>
                <Td className="text-right">{formatNumber(job.totalClients)}</Td>
                <Td className="text-right">{job.type === 'DRY_RUN' ? <span title="A dry run creates no invoices">Preview</span> : formatNumber(job.totalInvoices)}</Td>
                <Td className="text-right">{formatMoney(job.totalAmount, currency)}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(job.createdAt)}</Td>
                <Td className="max-w-xs text-sm text-red-700">{job.error ?? ''}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
