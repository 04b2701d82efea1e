import { DASHBOARD_SCHEDULE_CARDS, type DashboardOverview, type SystemStatus } from '@phone-billing/api/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { ReceivablesTile } from './receivables-tile';
import { ScheduleCard } from './schedule-card';

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

export function OverviewTab({ overview, status }: { overview: DashboardOverview; status: SystemStatus }) {
  const { billing, config } = overview;
  const schedules = status.scheduler.billing.scheduledJobs;
  const next = schedules[0];
  const hidden = schedules.length - DASHBOARD_SCHEDULE_CARDS;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Billing Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100">
              <Row label="Total jobs" value={formatNumber(billing.totalJobs)} />
              <Row
                label="Successful"
                value={<span className="text-green-700">{formatNumber(billing.successfulJobs)}</span>}
              />
              <Row
                label="Failed"
                value={
                  <span className={billing.failedJobs ? 'text-red-700' : undefined}>
                    {formatNumber(billing.failedJobs)}
                  </span>
                }
              />
              <Row label="Invoices" value={formatNumber(billing.totalInvoices)} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>System Configuration</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-100">
              <Row label="Timezone" value={config.timezone} />
              <Row label="Currency" value={config.currency} />
              <Row
                label="Next billing run"
                value={next ? `${formatDateTime(next.nextRun)} (${next.customerName})` : 'No schedules'}
              />
            </dl>
          </CardContent>
        </Card>
        <ReceivablesTile />
      </div>
      <section aria-labelledby="customer-schedules-heading">
        <h2 id="customer-schedules-heading" className="mb-3 text-base font-semibold text-slate-900">
          Customer Schedules
        </h2>
        {schedules.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500">
            No schedules
          </p>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {schedules.slice(0, DASHBOARD_SCHEDULE_CARDS).map((job) => (
                <ScheduleCard key={job.profileId} job={job} currency={config.currency} />
              ))}
            </ul>
            {hidden > 0 ? <p className="mt-3 text-sm text-slate-500">+{hidden} more schedules</p> : null}
          </>
        )}
      </section>
    </div>
  );
}
