import { MONTH_END_STATE_LABELS, type TMonthEnd } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Spinner } from '@phone-billing/ui/spinner';
import { StatCard } from '@phone-billing/ui/stat-card';
import { Play, Printer } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/errors/load-error';
import { usePermission } from '../../../lib/auth-store';
import { formatCalendarDate, todayInCompanyZone } from '../../../lib/dates';
import { formatMinutes, formatMoney, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/trpc';
import { useBillMissing } from '../api/bill-missing';
import { useMonthEnd } from '../api/get-month-end';
import { useStartedJobs } from '../api/started-jobs';
import { MonthEndCustomers } from './month-end-customers';

/** The month before today's (company timezone): the month a clerk closes. */
function previousMonth(): string {
  const [year, month] = todayInCompanyZone().split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** How many customers are in each state, in words: "1 failed · 2 not billed · 5 billed". */
function stateCounts(view: TMonthEnd): string {
  const counts = new Map<string, number>();
  for (const customer of view.customers) counts.set(customer.state, (counts.get(customer.state) ?? 0) + 1);
  return [...counts.entries()]
    .map(
      ([state, count]) =>
        `${count} ${MONTH_END_STATE_LABELS[state as keyof typeof MONTH_END_STATE_LABELS].toLowerCase()}`,
    )
    .join(' · ');
}

/**
 * Month end (issue 24): pick a month, see every customer's state with its amount, what nobody is
 * billed for and the pre-flight of billing what is missing, then bill it (for real or as a dry
 * run) in one action. The month is in the URL (?month=2026-10), so the page can be sent or printed.
 */
export default function MonthEndPage() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? previousMonth();
  const canRun = usePermission('billing:run');
  const view = useMonthEnd(month);
  const billMissing = useBillMissing();
  const startedJobs = useStartedJobs();
  const data = view.data?.data;
  const missingCount =
    data?.customers.filter((customer) => customer.missingAmount > 0 && customer.state !== 'NOT_DUE').length ?? 0;

  const bill = (isDryRun: boolean) => {
    if (!data) return;
    const what = `${plural(missingCount, 'customer')}' missing periods of ${month} (about ${formatMoney(data.totals.missing)})`;
    const question = isDryRun
      ? `Start a dry run of ${what}? Nothing is sent to QuickBooks.`
      : `Bill ${what} now? Invoices are created in QuickBooks for them.`;
    if (!window.confirm(question)) return;
    billMissing.mutate(
      { month, isDryRun },
      { onSuccess: (answer) => !isDryRun && startedJobs.follow(answer.data.jobs) },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between print:hidden">
        <FormField label="Month" htmlFor="month-end-month" className="sm:w-56">
          <Input
            id="month-end-month"
            type="month"
            value={month}
            onChange={(event) => event.target.value && setParams({ month: event.target.value }, { replace: true })}
          />
        </FormField>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden /> Print
        </Button>
      </div>

      {view.error ? (
        <LoadError
          title={errorMessage(view.error, 'Failed to load the month')}
          onRetry={() => void view.refetch()}
          retrying={view.isFetching}
        />
      ) : !data ? (
        <div className="flex justify-center p-12">
          <Spinner />
        </div>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-slate-900">
            Month end: {formatCalendarDate(data.start)}–{formatCalendarDate(data.end)}
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard
              title="Invoiced"
              value={formatMoney(data.totals.billed)}
              hint={stateCounts(data) || 'No customer this month'}
              tone="green"
            />
            <StatCard
              title="Missing (estimate)"
              value={formatMoney(data.totals.missing)}
              hint={`${plural(missingCount, 'customer')} to bill`}
              tone="orange"
            />
            <StatCard
              title="Unowned calls"
              value={plural(data.unowned.calls, 'call')}
              hint={`${formatMinutes(data.unowned.minutes)} on queues no active profile holds`}
              tone="purple"
            />
          </div>
          <MissingCard
            data={data}
            missingCount={missingCount}
            canRun={canRun}
            onBill={bill}
            billing={billMissing.isPending || startedJobs.running.length > 0}
            runningJobIds={startedJobs.running.map((job) => job.jobId)}
          />
          <MonthEndCustomers customers={data.customers} />
          {data.unowned.queues.length ? (
            <p className="text-sm text-slate-600">
              Unowned calls by queue:{' '}
              {data.unowned.queues
                .map(
                  (queue) =>
                    `${queue.name}: ${plural(queue.calls, 'call')}, ${formatMinutes(queue.minutes)} (${queue.reason})`,
                )
                .join('; ')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

interface MissingCardProps {
  data: TMonthEnd;
  missingCount: number;
  canRun: boolean;
  onBill: (isDryRun: boolean) => void;
  billing: boolean;
  /** Runs this page started that have not ended yet. */
  runningJobIds: string[];
}

/** The pre-flight of billing what is missing, and the one action that does it. */
function MissingCard({ data, missingCount, canRun, onBill, billing, runningJobIds }: MissingCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Bill what is missing</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.warnings.length ? (
          <Alert
            tone="warning"
            title={`Pre-flight: ${plural(data.warnings.length, 'warning')}`}
            data-testid="month-end-preflight"
          >
            <ul className="list-disc space-y-1 pl-5">
              {data.warnings.map((warning, index) => (
                <li key={`${warning.code}-${index}`}>{warning.message}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {runningJobIds.length ? (
          <p className="text-sm text-slate-700" role="status">
            Billing in progress ({runningJobIds.join(', ')}): this month shows what it billed when it ends.
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          {missingCount
            ? `${plural(missingCount, 'customer')} with ended periods not billed, about ${formatMoney(data.totals.missing)}. One run per range of missing periods, over exactly those customers.`
            : 'Every ended period of this month is billed.'}
        </p>
        {canRun && missingCount > 0 ? (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button onClick={() => onBill(false)} loading={billing}>
              <Play className="size-4" aria-hidden /> Bill what is missing
            </Button>
            <Button variant="outline" onClick={() => onBill(true)} disabled={billing}>
              Dry run
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
