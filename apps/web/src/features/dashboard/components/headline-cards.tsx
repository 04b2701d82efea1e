import type { DashboardOverview, SystemStatus } from '@phone-billing/api/schemas';
import type { Tone } from '@phone-billing/ui/lib/tone';
import { StatCard } from '@phone-billing/ui/stat-card';
import { CalendarClock, DollarSign, Phone, Users, type LucideIcon } from 'lucide-react';
import { formatMinutes, formatMoney, formatNumber, plural } from '../../../lib/format';

type HeadlineCard = { title: string; value: string; hint: string; icon: LucideIcon; tone: Tone };

/** The four headline numbers in the order shown. */
function headlineCards(overview: DashboardOverview, status: SystemStatus): HeadlineCard[] {
  const { queues, billing, usage, config } = overview;
  return [
    // The spec's "Total Clients" counts Genesys queues, not customers: labelled as what it counts (issue 24).
    {
      title: 'Genesys Queues',
      value: formatNumber(queues.total),
      hint: 'Queues in Genesys Cloud; customers are on Customer Profiles',
      icon: Users,
      tone: 'blue',
    },
    {
      title: 'Total Revenue',
      value: formatMoney(billing.totalRevenue, config.currency),
      hint: `${plural(billing.totalInvoices, 'invoice')} created`,
      icon: DollarSign,
      tone: 'green',
    },
    {
      title: 'Phone Usage',
      value: formatMinutes(usage.totalMinutes),
      hint: 'Minutes this month',
      icon: Phone,
      tone: 'purple',
    },
    {
      title: 'Billing Schedules',
      value: formatNumber(status.scheduler.billing.totalScheduledJobs),
      hint: 'Customers with a next run',
      icon: CalendarClock,
      tone: 'orange',
    },
  ];
}

/** The dashboard's headline numbers above its tabs. */
export function HeadlineCards({ overview, status }: { overview: DashboardOverview; status: SystemStatus }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {headlineCards(overview, status).map(({ title, value, hint, icon: Icon, tone }) => (
        <StatCard key={title} title={title} value={value} hint={hint} icon={<Icon />} tone={tone} />
      ))}
    </div>
  );
}
