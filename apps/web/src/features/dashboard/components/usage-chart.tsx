import type { DashboardUsageDay } from '@phone-billing/api/schemas';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMinutes, formatNumber } from '../../../lib/format';

/** The bar chart of the Usage tab; its own chunk (the chart library is most of the app's code). */
export default function UsageChart({ days }: { days: DashboardUsageDay[] }) {
  const data = days.map((day) => ({ ...day, label: String(Number(day.date.slice(8, 10))) }));
  return (
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
  );
}
