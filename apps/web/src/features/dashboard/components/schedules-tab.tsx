import type { ScheduledJob } from '@phone-billing/api/schemas';
import { Card, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { formatDateTime } from '../../../lib/dates';
import { describeBillDay, describePeriod } from './schedule-text';
import { formatNumber, formatRate } from '../../../lib/format';

export function SchedulesTab({ schedules, currency }: { schedules: ScheduledJob[]; currency: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Billing Schedules</CardTitle>
        <span className="text-sm text-slate-600">{formatNumber(schedules.length)} scheduled</span>
      </CardHeader>
      {schedules.length === 0 ? (
        <EmptyState title="No schedules" description="Active customer profiles with a bill date get a next run here." />
      ) : (
        <Table aria-label="Customer billing schedules">
          <THead>
            <Tr>
              <Th>Customer</Th>
              <Th>Day and time</Th>
              <Th>Period</Th>
              <Th className="text-right">Minimum minutes</Th>
              <Th className="text-right">Overage rate / min</Th>
              <Th>Next run</Th>
            </Tr>
          </THead>
          <TBody>
            {schedules.map((job) => (
              <Tr key={job.profileId}>
                <Td className="font-medium text-slate-900">{job.customerName}</Td>
                <Td>{describeBillDay(job)}</Td>
                <Td>{describePeriod(job)}</Td>
                <Td className="text-right">{formatNumber(job.minimumMinutes)}</Td>
                <Td className="text-right">{formatRate(job.overageRatePerMinute, currency)}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(job.nextRun)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
