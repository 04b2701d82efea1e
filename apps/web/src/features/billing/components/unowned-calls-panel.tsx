import { unownedSummary, type TUnownedQueue } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { actionsColumn, DataTable, numberColumn, type DataColumn } from '@phone-billing/ui/data-table';
import { EyeOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { usePermission } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { useUnownedCalls } from '../api/get-unowned-calls';

// The dialog (and the dialog library) is fetched when someone first clicks Dismiss, not with the
// page (issue 24: less script before Billing Jobs is usable on a phone).
const DismissDialog = lazy(() =>
  import('./dismiss-unowned-dialog').then((module) => ({ default: module.DismissUnownedDialog })),
);

const DATE_CELL = { className: 'whitespace-nowrap text-sm' };
/**
 * Queues listed before "Show all": the totals in the title count every queue, and a long list
 * (54 queues, 13,000 px on a phone) pushed the jobs below it out of reach and made the page's
 * first render slow (issue 24: 1,845 DOM elements, Lighthouse mobile TBT).
 */
const QUEUES_SHOWN_FIRST = 5;

/**
 * Billing Jobs → "Unowned calls" (DESIGN.md §4, "Nothing silently unbilled"): billable calls on
 * queues no active profile holds, or before their holder's billing start date, per queue with why,
 * until someone assigns the queue or dismisses them. Shown only when there are some.
 */
export function UnownedCallsPanel() {
  const unowned = useUnownedCalls();
  const canRun = usePermission('billing:run');
  const [dismissing, setDismissing] = useState<TUnownedQueue | null>(null);
  const [showAll, setShowAll] = useState(false);
  const data = unowned.data?.data;
  if (!data || data.queues.length === 0) return null;

  const columns: DataColumn<TUnownedQueue>[] = [
    { key: 'queue', header: 'Queue', card: 'title', className: 'font-medium', cell: (queue) => queue.queueName },
    {
      key: 'why',
      header: 'Why no run bills them',
      cell: (queue) => (
        <>
          {queue.reasonText}
          {queue.lastDismissal ? (
            <div className="text-xs text-slate-600">
              {`Earlier calls dismissed by ${queue.lastDismissal.by ?? 'the system'}`}
              {` on ${formatDateTime(queue.lastDismissal.at)}`}
            </div>
          ) : null}
        </>
      ),
    },
    numberColumn('calls', 'Calls', (queue) => formatNumber(queue.calls), 'tabular-nums'),
    numberColumn('minutes', 'Minutes', (queue) => formatNumber(queue.minutes, 2), 'tabular-nums'),
    { key: 'first', header: 'First call', ...DATE_CELL, cell: (queue) => formatDateTime(queue.firstCallAt) },
    { key: 'last', header: 'Last call', ...DATE_CELL, cell: (queue) => formatDateTime(queue.lastCallAt) },
    ...(canRun
      ? [
          actionsColumn<TUnownedQueue>((queue) => (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDismissing(queue)}
              aria-label={`Dismiss unowned calls on ${queue.queueName}`}
            >
              <EyeOff className="size-4" aria-hidden /> Dismiss
            </Button>
          )),
        ]
      : []),
  ];

  const hidden = showAll ? 0 : data.queues.length - QUEUES_SHOWN_FIRST;
  const title = `Unowned calls: ${unownedSummary(data.totals)} will not be billed by any run`;
  return (
    <section aria-labelledby="unowned-calls-heading" className="space-y-2">
      <Alert tone="warning" title={<span id="unowned-calls-heading">{title}</span>}>
        Assign the queue to a customer profile (or move its billing start date back) on Customer Profiles, or dismiss
        them.
      </Alert>
      <DataTable
        aria-label="Unowned calls"
        columns={columns}
        rows={hidden > 0 ? data.queues.slice(0, QUEUES_SHOWN_FIRST) : data.queues}
        rowKey={(queue) => queue.queueId}
        rowTestId="unowned-queue"
      />
      {hidden > 0 ? (
        <Button size="sm" variant="outline" onClick={() => setShowAll(true)}>
          Show all {formatNumber(data.queues.length)} queues
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {dismissing ? <DismissDialog queue={dismissing} onClose={() => setDismissing(null)} /> : null}
      </Suspense>
    </section>
  );
}
