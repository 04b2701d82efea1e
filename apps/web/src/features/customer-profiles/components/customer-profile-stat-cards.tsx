import { StatCard } from '@phone-billing/ui/stat-card';
import { CheckCircle2, Link2, ListChecks, Users, Waypoints } from 'lucide-react';

/** The list's summary counts, as the server sends them. */
interface ProfileSummary {
  total: number;
  active: number;
  withQboMapping: number;
  withQueues: number;
  complete: number;
}

/** The five counts above the list, over every profile (not only the filtered page); "—" until loaded. */
export function CustomerProfileStatCards({ summary }: { summary: ProfileSummary | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <StatCard title="Profiles" value={summary?.total ?? '—'} icon={<Users className="h-5 w-5" />} />
      <StatCard
        title="Active"
        value={summary?.active ?? '—'}
        icon={<CheckCircle2 className="h-5 w-5" />}
        tone="green"
      />
      <StatCard
        title="QBO Mapped"
        value={summary?.withQboMapping ?? '—'}
        icon={<Link2 className="h-5 w-5" />}
        tone="purple"
      />
      <StatCard
        title="With Queues"
        value={summary?.withQueues ?? '—'}
        icon={<Waypoints className="h-5 w-5" />}
        tone="orange"
      />
      <StatCard
        title="Complete"
        value={summary?.complete ?? '—'}
        hint="80% or more of the details"
        icon={<ListChecks className="h-5 w-5" />}
        tone="gray"
      />
    </div>
  );
}
