import { StatCard } from '@phone-billing/ui/stat-card';
import { Clock, PhoneCall, Timer, Users } from 'lucide-react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { QueueUsageTable } from '../../../components/queue-usage-table';
import { formatCalendarDate } from '../../../lib/dates';
import { formatNumber, plural } from '../../../lib/format';
import type { GenesysAnalytics } from '../api/genesys-types';
import { ChartCard, CountTable } from './analytics-cards';

const PIE_COLOURS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626'];

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The figures of a range's analytics (spec 000 §2; top 20 dates, 15 users, 8 queues), once it holds calls. */
export function AnalyticsFigures({ analytics }: { analytics: GenesysAnalytics }) {
  const byDate = Object.entries(analytics.callsByDate)
    .sort(([a], [b]) => b.localeCompare(a))
    .slice(0, 20);
  const dateChart = [...byDate]
    .reverse()
    .map(([date, calls]) => ({ date: formatCalendarDate(date).slice(0, 5), calls }));
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
        <StatCard
          title="Total Calls"
          value={formatNumber(analytics.totalCalls)}
          hint={`${plural(analytics.voiceCalls, 'voice call')} (billed calls are voice calls)`}
          icon={<PhoneCall />}
        />
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
          value={
            analytics.peakHour
              ? `${hourLabel(analytics.peakHour.hour)}–${hourLabel((analytics.peakHour.hour + 1) % 24)}`
              : '—'
          }
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
                    <span
                      aria-hidden="true"
                      className="size-3 rounded-sm"
                      style={{ background: PIE_COLOURS[index % PIE_COLOURS.length] }}
                    />
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
          <QueueUsageTable
            label="Queue performance"
            wrapperClassName="shadow-none"
            emphasiseQueue
            lastHeader="Share"
            rows={queues.map(([id, calls]) => ({
              key: id,
              queue: queueName(id),
              calls,
              minutes: analytics.minutesByQueue[id] ?? 0,
              last: `${Math.round((calls / analytics.totalCalls) * 100)}%`,
            }))}
          />
        </ChartCard>
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ChartCard title="Calls by User" description="Top 15 agents">
          <CountTable
            label="Calls by user"
            keyHeader="User"
            emphasise
            rows={users.map(([id, calls]) => ({ id, label: userName(id), calls }))}
          />
        </ChartCard>
        <ChartCard title="Calls by Date" description="Top 20 dates, newest first">
          <CountTable
            label="Calls by date"
            keyHeader="Date"
            rows={byDate.map(([date, calls]) => ({ id: date, label: formatCalendarDate(date), calls }))}
          />
        </ChartCard>
      </div>
    </div>
  );
}
