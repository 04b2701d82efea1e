import type { DashboardOverview } from '@phone-billing/api/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { StatCard } from '@phone-billing/ui/stat-card';
import { Spinner } from '@phone-billing/ui/spinner';
import { Clock, DollarSign, PhoneCall } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatCalendarDate, todayInCompanyZone } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatNumber } from '../../../lib/format';

// The chart library loads only when this tab is opened.
const UsageChart = lazy(() => import('./usage-chart'));

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, monthNumber! - 1, 15)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "So far" ends today while the month runs (a past month's end is its last day). */
function soFarEnd(periodEnd: string): string {
  const today = todayInCompanyZone();
  return today < periodEnd ? today : periodEnd;
}

export function UsageTab({ overview }: { overview: DashboardOverview }) {
  const { usage, config } = overview;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {monthLabel(usage.month)} so far ({formatCalendarDate(usage.periodStart)} –{' '}
        {formatCalendarDate(soFarEnd(usage.periodEnd))}, {config.timezone}); voice calls only.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Total Calls" value={formatNumber(usage.totalCalls)} icon={<PhoneCall />} tone="blue" />
        <StatCard title="Total Minutes" value={formatMinutes(usage.totalMinutes)} icon={<Clock />} tone="purple" />
        <StatCard
          title="Estimated Revenue"
          value={formatMoney(usage.totalAmount, config.currency)}
          hint="This month so far, rated with each customer's rules"
          icon={<DollarSign />}
          tone="green"
        />
      </div>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Minutes by day</CardTitle>
            <CardDescription>Talk minutes per day this month</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <div
            className="h-72 w-full"
            data-testid="usage-chart"
            role="img"
            aria-label={`Minutes by day for ${monthLabel(usage.month)}`}
          >
            <Suspense
              fallback={
                <div className="flex h-full items-center justify-center">
                  <Spinner label="Loading chart" />
                </div>
              }
            >
              <UsageChart days={usage.byDay} />
            </Suspense>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
