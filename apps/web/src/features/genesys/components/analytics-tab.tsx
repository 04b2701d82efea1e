import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { StatCard } from '@phone-billing/ui/stat-card';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { BarChart3, Clock, PhoneCall, Timer, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDate } from '../../../lib/dates';
import { formatNumber, plural } from '../../../lib/format';
import type { GenesysAnalytics } from '../api/genesys-types';
import { LoadingRow } from './directory-tabs';

const PIE_COLOURS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626'];

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

interface AnalyticsTabProps {
  analytics: GenesysAnalytics | null;
  loading: boolean;
}

/** Analytics over the stored calls of the range (spec 000 §2; top 20 dates, 15 users, 8 queues). */
export function AnalyticsTab({ analytics, loading }: AnalyticsTabProps) {
  if (loading && !analytics) return <LoadingRow label="Loading analytics" />;
  if (!analytics || analytics.totalCalls === 0) {
    return (
      <EmptyState
        icon={<BarChart3 />}
        title="No analytics yet"
        description={analytics ? 'There are no call records in this date range.' : 'Choose a date range and press Get Analytics.'}
      />
    );
  }

  const byDate = Object.entries(analytics.callsByDate)
    .sort(([a], [b]) => b.localeCompare(a))
    .slice(0, 20);
  const dateChart = [...byDate].reverse().map(([date, calls]) => ({ date: formatCalendarDate(date).slice(0, 5), calls }));
  const users = Object.entries(analytics.callsByUser)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 15);
  const queues = Object.entries(analytics.callsByQueue)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8);
  const hours = Object.entries(analytics.callsByHour)
    .map(([hour, calls]) => ({ hour: hourLabel(Number(hour)), calls }))
    .sort((a, b) => a.hour.localeCompare(b.hour));
  const distribution = Object.entries(analytics.durationDistribution).map(([bucket, calls]) => ({ bucket, calls }));
  const userName = (id: string) => analytics.userNames[id] ?? id;
  const queueName = (id: string) => analytics.queueNames[id] ?? id;

  return (
    // grid-cols-1 is minmax(0, 1fr): a chart or a wide table cannot stretch the column past a phone's width.
    <div className="flex flex-col gap-6">
      <section aria-label="Analytics summary" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title="Total Calls" value={formatNumber(analytics.totalCalls)} icon={<PhoneCall />} />
        <StatCard title="Total Minutes" value={formatNumber(analytics.totalMinutes, 2)} icon={<Clock />} tone="green" />
        <StatCard
          title="Average Duration"
          value={formatNumber(analytics.averageCallDuration, 2)}
          hint="minutes per call"
          icon={<Timer />}
          tone="orange"
        />
        <StatCard title="Active Users" value={formatNumber(analytics.activeUsers)} icon={<Users />} tone="purple" />
      </section>

      <section aria-label="Highlights" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <StatCard
          title="Peak Call Hour"
          value={analytics.peakHour ? `${hourLabel(analytics.peakHour.hour)}–${hourLabel((analytics.peakHour.hour + 1) % 24)}` : '—'}
          hint={analytics.peakHour ? plural(analytics.peakHour.calls, 'call') : undefined}
          tone="blue"
        />
        <StatCard
          title="Busiest Day"
          value={analytics.busiestDay ? formatCalendarDate(analytics.busiestDay.date) : '—'}
          hint={analytics.busiestDay ? plural(analytics.busiestDay.calls, 'call') : undefined}
          tone="green"
        />
      </section>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ChartCard title="Calls by Date" description={`Latest ${byDate.length} days`}>
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={dateChart}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Bar dataKey="calls" name="Calls" fill="#2563eb" radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard title="Calls by Hour" description={`Hour of day, ${analytics.timezone}`}>
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={hours}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="hour" fontSize={11} interval={2} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Bar dataKey="calls" name="Calls" fill="#7c3aed" radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard title="Duration Distribution" description="Calls by length in minutes">
          <div className="flex flex-col items-center gap-4 sm:flex-row">
            <ResponsiveContainer width="100%" height={220}>
              <PieChart>
                <Pie data={distribution} dataKey="calls" nameKey="bucket" innerRadius={50} outerRadius={90}>
                  {distribution.map((entry, index) => (
                    <Cell key={entry.bucket} fill={PIE_COLOURS[index % PIE_COLOURS.length]} />
                  ))}
                </Pie>
                <Tooltip />
              </PieChart>
            </ResponsiveContainer>
            <ul className="w-full max-w-56 space-y-2 text-sm" aria-label="Duration distribution">
              {distribution.map((entry, index) => (
                <li key={entry.bucket} className="flex items-center justify-between gap-3">
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-3 rounded-sm" style={{ background: PIE_COLOURS[index % PIE_COLOURS.length] }} />
                    {entry.bucket}
                  </span>
                  <span className="font-medium text-slate-900">
                    {formatNumber(entry.calls)}
                    <span className="ml-1 text-xs text-slate-500">
                      ({analytics.totalCalls > 0 ? Math.round((entry.calls / analytics.totalCalls) * 100) : 0}%)
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </ChartCard>
        <ChartCard title="Queue Performance" description="Top 8 queues by calls">
          <Table aria-label="Queue performance" wrapperClassName="shadow-none">
            <THead>
              <tr>
                <Th>Queue</Th>
                <Th className="text-right">Calls</Th>
                <Th className="text-right">Minutes</Th>
                <Th className="text-right">Share</Th>
              </tr>
            </THead>
            <TBody>
              {queues.map(([id, calls]) => (
                <Tr key={id}>
                  <Td className="font-medium text-slate-900">{queueName(id)}</Td>
                  <Td className="text-right">{formatNumber(calls)}</Td>
                  <Td className="text-right">{formatNumber(analytics.minutesByQueue[id] ?? 0, 2)}</Td>
                  <Td className="text-right">{Math.round((calls / analytics.totalCalls) * 100)}%</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </ChartCard>
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ChartCard title="Calls by User" description="Top 15 agents">
          <Table aria-label="Calls by user" wrapperClassName="shadow-none">
            <THead>
              <tr>
                <Th>User</Th>
                <Th className="text-right">Calls</Th>
              </tr>
            </THead>
            <TBody>
              {users.map(([id, calls]) => (
                <Tr key={id}>
                  <Td className="font-medium text-slate-900">{userName(id)}</Td>
                  <Td className="text-right">{formatNumber(calls)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </ChartCard>
        <ChartCard title="Calls by Date" description="Top 20 dates, newest first">
          <Table aria-label="Calls by date" wrapperClassName="shadow-none">
            <THead>
              <tr>
                <Th>Date</Th>
                <Th className="text-right">Calls</Th>
              </tr>
            </THead>
            <TBody>
              {byDate.map(([date, calls]) => (
                <Tr key={date}>
                  <Td>{formatCalendarDate(date)}</Td>
                  <Td className="text-right">{formatNumber(calls)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </ChartCard>
      </div>
    </div>
  );
}

function ChartCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <span className="text-xs text-slate-500">{description}</span> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
