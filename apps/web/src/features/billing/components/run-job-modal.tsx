import { zodResolver } from '@hookform/resolvers/zod';
import { ZRunBillingJobRequestSchema, type RunBillingJobInput } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Modal } from '@phone-billing/ui/modal';
import { Spinner } from '@phone-billing/ui/spinner';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { todayInCompanyZone } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { fieldErrorsOf } from '../../../lib/trpc';
import { useBillingPreflight } from '../api/billing-preflight';
import { useBillingQueues } from '../api/get-billing-queues';
import { useKillSwitch } from '../api/get-kill-switch';
import { useRunBillingJob } from '../api/run-billing-job';
import { KillSwitchBanner } from './kill-switch-banner';
import { PreflightPanel } from './preflight-panel';
import { QueuePicker } from './queue-picker';

/** The previous calendar month in the company timezone: what a monthly billing run usually covers. */
function previousMonth(): { start: string; end: string } {
  const [year, month] = todayInCompanyZone().split('-').map(Number) as [number, number];
  const prevYear = month === 1 ? year - 1 : year;
  const prevMonth = month === 1 ? 12 : month - 1;
  const lastDay = new Date(Date.UTC(prevYear, prevMonth, 0)).getUTCDate();
  const mm = String(prevMonth).padStart(2, '0');
  return { start: `${prevYear}-${mm}-01`, end: `${prevYear}-${mm}-${String(lastDay).padStart(2, '0')}` };
}

type FormValues = RunBillingJobInput;

export function RunJobModal({
  open,
  onOpenChange,
  onStarted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: (jobId: string) => void;
}) {
  const queues = useBillingQueues(open);
  // While billing is paused the form says so up front; the server would refuse the run anyway.
  const paused = useKillSwitch().data?.enabled ?? false;
  useEffect(() => {
    if (queues.error) toast.error('Failed to load available queues');
  }, [queues.error]);

  const defaults = (): FormValues => {
    const period = previousMonth();
    return { billingPeriodStart: period.start, billingPeriodEnd: period.end, isDryRun: false, selectedQueues: [] };
  };
  const form = useForm<FormValues>({ resolver: zodResolver(ZRunBillingJobRequestSchema), defaultValues: defaults() });
  const { register, handleSubmit, control, formState, reset } = form;
  useEffect(() => {
    if (open) reset(defaults());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const selected = useWatch({ control, name: 'selectedQueues' }) ?? [];
  const [billingPeriodStart, billingPeriodEnd, isDryRun] = useWatch({
    control,
    name: ['billingPeriodStart', 'billingPeriodEnd', 'isDryRun'],
  });
  const preflight = useBillingPreflight(
    { billingPeriodStart, billingPeriodEnd, isDryRun, selectedQueues: selected },
    open && selected.length > 0,
  );

  const run = useRunBillingJob();
  // Unticked, the run follows each profile's "Review invoices before sending" setting.
  const submit = handleSubmit((values) =>
    run.mutate(
      { ...values, holdForReview: values.holdForReview || undefined },
      {
        onSuccess: (answer) => {
          onOpenChange(false);
          onStarted(answer.data.jobId);
        },
        // A range the server refuses (not ended yet, too long) is shown at its date field too, not
        // only in the toast that fades (issue 24).
        onError: (error) => {
          for (const { path, msg } of fieldErrorsOf(error)) {
            if (path === 'billingPeriodStart' || path === 'billingPeriodEnd')
              form.setError(path, { type: 'server', message: msg }, { shouldFocus: true });
          }
        },
      },
    ),
  );
  const queueList = queues.data?.data.queues ?? [];

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Run Billing Job"
      description="Bill every active customer holding one of the selected queues for the period (company timezone, both days included)."
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="run-billing-job-form"
            loading={run.isPending}
            disabled={paused || selected.length === 0 || run.isPending}
          >
            Run Billing Job
          </Button>
        </>
      }
    >
      <form id="run-billing-job-form" onSubmit={submit} className="space-y-4" noValidate>
        <KillSwitchBanner />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Start Date" htmlFor="billing-start" error={formState.errors.billingPeriodStart?.message}>
            <Input id="billing-start" type="date" {...register('billingPeriodStart')} />
          </FormField>
          <FormField label="End Date" htmlFor="billing-end" error={formState.errors.billingPeriodEnd?.message}>
            <Input id="billing-end" type="date" {...register('billingPeriodEnd')} />
          </FormField>
        </div>

        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Queues</legend>
          {queues.isLoading ? (
            <div className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner /> Loading queues…
            </div>
          ) : queueList.length === 0 ? (
            <p className="text-sm text-slate-500">
              No active customer profile holds a queue yet. Add queues to customer profiles first.
            </p>
          ) : (
            <Controller
              control={control}
              name="selectedQueues"
              render={({ field }) => (
                <QueuePicker queues={queueList} selected={field.value ?? []} onChange={field.onChange} />
              )}
            />
          )}
          {formState.errors.selectedQueues?.message ? (
            <p className="mt-1 text-sm text-red-600">{formState.errors.selectedQueues.message}</p>
          ) : null}
          <p className="mt-1 text-xs text-slate-500">{plural(selected.length, 'queue')} selected</p>
        </fieldset>

        <Checkbox
          label="Dry Run (no invoices created)"
          description="A preview: rates every customer exactly as a real run would, sends nothing to QuickBooks and counts no invoices."
          {...register('isDryRun')}
        />
        {isDryRun ? null : (
          <Checkbox
            label="Hold invoices for review before sending"
            description="Each invoice is reserved, then waits in Job Details until someone approves or rejects it. Unticked, customers set to review before sending still wait."
            {...register('holdForReview')}
          />
        )}
        <PreflightPanel preflight={preflight.data} checking={preflight.checking} />
      </form>
    </Modal>
  );
}
