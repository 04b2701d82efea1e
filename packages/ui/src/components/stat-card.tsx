import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import type { Tone } from '../lib/tone';

const iconToneClasses: Record<Tone, string> = {
  gray: 'bg-slate-100 text-slate-600',
  green: 'bg-green-100 text-green-700',
  red: 'bg-red-100 text-red-700',
  yellow: 'bg-yellow-100 text-yellow-700',
  blue: 'bg-blue-100 text-blue-700',
  orange: 'bg-orange-100 text-orange-700',
  purple: 'bg-purple-100 text-purple-700',
};

export interface StatCardProps {
  title: ReactNode;
  value: ReactNode;
  /** A secondary line under the value, e.g. '12 active' or 'Need attention'. */
  hint?: ReactNode;
  /** An icon element (e.g. from lucide-react), shown in a tinted square. */
  icon?: ReactNode;
  /** Tints the icon square. */
  tone?: Tone;
  className?: string;
}

/** A headline number on a dashboard or summary row: "Total Revenue  $12,340". */
export function StatCard({ title, value, hint, icon, tone = 'blue', className }: StatCardProps) {
  return (
    <div
      className={cn(
        'flex items-start justify-between gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm',
        className,
      )}
    >
      <dl className="min-w-0 flex-1">
        <dt className="truncate text-sm font-medium text-slate-500">{title}</dt>
        <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{value}</dd>
        {hint ? <dd className="mt-1 text-xs text-slate-500">{hint}</dd> : null}
      </dl>
      {icon ? (
        <div
          aria-hidden="true"
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5',
            iconToneClasses[tone],
          )}
        >
          {icon}
        </div>
      ) : null}
    </div>
  );
}
