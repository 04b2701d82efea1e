import type { DashboardOverview } from '@phone-billing/api/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { StatCard } from '@phone-billing/ui/stat-card';
import { Clock, DollarSign, PhoneCall } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatNumber } from '../../../lib/format';

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, monthNumber! - 1, 15)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function UsageTab({ overview }: { overview: DashboardOverview }) {
  const { usage, config } = overview;
  const data = usage.byDay.map((day) => ({ ...day, label: String(Number(day.date.slice(8, 10))) }));
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {monthLabel(usage.month)} so far ({formatCalendarDate(usage.periodStart)} – {formatCalendarDate(usage.periodEnd)}, {config.timezone}); voice calls only.
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
          <div className="h-72 w-full" data-testid="usage-chart" role="img" aria-label={`Minutes by day for ${monthLabel(usage.month)}`}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tickLine={false} fontSize={12} />
                <YAxis tickLine={false} fontSize={12} width={56} />
                <Tooltip
                  formatter={(value) => [formatMinutes(Number(value)), 'Minutes']}
                  labelFormatter={(_label, payload) => {
                    const day = payload?.[0]?.payload as { date?: string; calls?: number } | undefined;
                    return day?.date ? `${formatCalendarDate(day.date)} · ${formatNumber(day.calls ?? 0)} calls` : '';
                  }}
                />
                <Bar dataKey="minutes" fill="#2563eb" radius={[3, 3, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
