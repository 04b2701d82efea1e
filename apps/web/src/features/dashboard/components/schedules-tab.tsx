import type { ScheduledJob } from '@phone-billing/api/schemas';
import { Card, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { DataTable, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { formatDateTime } from '../../../lib/dates';
import { describeBillDay, describePeriod } from './schedule-text';
import { formatNumber, formatRate } from '../../../lib/format';

export function SchedulesTab({ schedules, currency }: { schedules: ScheduledJob[]; currency: string }) {
  // A table on wide screens, cards on phones: six columns scrolled sideways out of a phone's reach.
  const columns: DataColumn<ScheduledJob>[] = [
    {
      key: 'customer',
      header: 'Customer',
      card: 'title',
      className: 'font-medium text-slate-900',
      cell: (job) => job.customerName,
    },
    { key: 'day', header: 'Day and time', cell: (job) => describeBillDay(job) },
    { key: 'period', header: 'Period', cell: (job) => describePeriod(job) },
    numberColumn('minimum', 'Minimum minutes', (job) => formatNumber(job.minimumMinutes)),
    numberColumn('overage', 'Overage rate / min', (job) => formatRate(job.overageRatePerMinute, currency)),
    { key: 'next', header: 'Next run', className: 'whitespace-nowrap', cell: (job) => formatDateTime(job.nextRun) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Billing Schedules</CardTitle>
        <span className="text-sm text-slate-600">{formatNumber(schedules.length)} scheduled</span>
      </CardHeader>
      {schedules.length === 0 ? (
        <EmptyState title="No schedules" description="Active customer profiles with a bill date get a next run here." />
      ) : (
        <DataTable
          aria-label="Customer billing schedules"
          columns={columns}
          rows={schedules}
          rowKey={(job) => job.profileId}
          rowTestId="schedule-row"
        />
      )}
    </Card>
  );
}
