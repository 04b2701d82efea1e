import type { ScheduledJob } from '@phone-billing/api/schemas';
import { CalendarClock } from 'lucide-react';
import { formatDateTime } from '../../../lib/dates';
import { describeBillDay, describePeriod } from './schedule-text';
import { formatMinutes, formatRate } from '../../../lib/format';

/** One customer's billing schedule on the overview tab. */
export function ScheduleCard({ job, currency }: { job: ScheduledJob; currency: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="schedule-card">
      <div className="flex items-start justify-between gap-2">
        <p className="truncate font-medium text-slate-900">{job.customerName}</p>
        <CalendarClock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
      </div>
      <p className="mt-1 text-sm text-slate-600">{describeBillDay(job)}</p>
      <p className="text-sm text-slate-600">{describePeriod(job)}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-500">Minimum</dt>
        <dd className="text-right text-slate-800">{formatMinutes(job.minimumMinutes)}</dd>
        <dt className="text-slate-500">Overage</dt>
        <dd className="text-right text-slate-800">{formatRate(job.overageRatePerMinute, currency)}/min</dd>
        <dt className="text-slate-500">Next run</dt>
        <dd className="text-right text-slate-800">{formatDateTime(job.nextRun)}</dd>
      </dl>
    </li>
  );
}
