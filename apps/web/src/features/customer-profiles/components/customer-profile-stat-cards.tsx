import type { Tone } from '@phone-billing/ui/lib/tone';
import { StatCard } from '@phone-billing/ui/stat-card';
import { CheckCircle2, Link2, ListChecks, Users, Waypoints, type LucideIcon } from 'lucide-react';

/** The list's summary counts, as the server sends them. */
interface ProfileSummary {
  total: number;
  active: number;
  withQboMapping: number;
  withQueues: number;
  complete: number;
}

/** The five cards in the order shown: which count each shows, its icon and tint. */
const CARDS: { title: string; count: keyof ProfileSummary; icon: LucideIcon; tone?: Tone; hint?: string }[] = [
  { title: 'Profiles', count: 'total', icon: Users },
  { title: 'Active', count: 'active', icon: CheckCircle2, tone: 'green' },
  { title: 'QBO Mapped', count: 'withQboMapping', icon: Link2, tone: 'purple' },
  { title: 'With Queues', count: 'withQueues', icon: Waypoints, tone: 'orange' },
  { title: 'Complete', count: 'complete', icon: ListChecks, tone: 'gray', hint: '80% or more of the details' },
];

/** The five counts above the list, over every profile (not only the filtered page); "—" until loaded. */
export function CustomerProfileStatCards({ summary }: { summary: ProfileSummary | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {CARDS.map(({ title, count, icon: Icon, tone, hint }) => (
        <StatCard
          key={title}
          title={title}
          value={summary?.[count] ?? '—'}
          hint={hint}
          icon={<Icon className="h-5 w-5" />}
          tone={tone}
        />
      ))}
    </div>
  );
}
