import type { TCustomerProfile } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { useRescheduleBilling } from '../api/reschedule-billing';
import { FormSection } from './form-section';
import { ProfileTextField } from './profile-text-field';
import { TaxCodeField } from './tax-code-field';
import type { ProfileForm, StartDateContext } from './profile-form-values';

interface ProfileBillingSectionProps {
  form: ProfileForm;
  /** The profile being edited; null for a new one. */
  profile: TCustomerProfile | null;
  startDate: StartDateContext;
}

/**
 * Billing Configuration: rates and the minimum typed as text (the shared schema says what they
 * accept, so "0,05" is refused rather than read as 005), the schedule, the period days and the
 * billing start date; for a saved profile, its next run with Reschedule Now.
 */
export function ProfileBillingSection({ form, profile, startDate }: ProfileBillingSectionProps) {
  const { errors } = form.formState;
  const { ref: registerStartDateInput, ...startDateField } = form.register('billingStartDate');
  const dayNumber = (name: 'billDate' | 'billingPeriodStart' | 'billingPeriodEnd', label: string) => (
    <FormField label={label} htmlFor={`profile-${name}`} error={errors[name]?.message}>
      <Input
        id={`profile-${name}`}
        type="number"
        min={1}
        max={31}
        step={1}
        // The end day's message is about both days (a rule must cover every day): check it again when the start changes.
        {...form.register(name, {
          valueAsNumber: true,
          deps: name === 'billingPeriodStart' ? ['billingPeriodEnd'] : [],
        })}
      />
    </FormField>
  );
  return (
    <FormSection title="Billing Configuration">
      <div className="grid gap-4 md:grid-cols-3">
        <ProfileTextField form={form} name="ratePerMinute" label="Rate Per Minute ($)" inputMode="decimal" required />
        <ProfileTextField
          form={form}
          name="overageRatePerMinute"
          label="Overage Rate Per Minute ($)"
          inputMode="decimal"
        />
        <ProfileTextField form={form} name="minimumMinutes" label="Minimum Minutes" inputMode="numeric" />
        {dayNumber('billDate', 'Bill Day (1-31)')}
        <FormField label="Bill Time" htmlFor="profile-billTime" error={errors.billTime?.message}>
          <Input id="profile-billTime" type="time" {...form.register('billTime')} />
        </FormField>
        {/* Rendered only while the form is open (the dialog unmounts its content when closed). */}
        <TaxCodeField control={form.control} error={errors.taxCode?.message} open />
        <FormField
          label="Payment Terms (days)"
          htmlFor="profile-paymentTermsDays"
          error={errors.paymentTermsDays?.message}
          hint="Invoices are due this many days after their date (Net 30: 30)."
        >
          <Input
            id="profile-paymentTermsDays"
            type="number"
            min={0}
            max={365}
            step={1}
            {...form.register('paymentTermsDays', { valueAsNumber: true })}
          />
        </FormField>
        {dayNumber('billingPeriodStart', 'Billing Period Start Day')}
        {dayNumber('billingPeriodEnd', 'Billing Period End Day')}
        <FormField
          label="Billing Start Date"
          htmlFor="profile-billingStartDate"
          error={errors.billingStartDate?.message}
          hint={
            profile
              ? 'Calls before this day are never billed.'
              : 'Calls before this day are never billed. Leave empty to start with the current billing period.'
          }
        >
          <Input
            id="profile-billingStartDate"
            type="date"
            {...startDateField}
            ref={(element) => {
              registerStartDateInput(element);
              startDate.current.input = element;
            }}
          />
        </FormField>
      </div>
      {profile && <NextRunLine profile={profile} />}
    </FormSection>
  );
}

/** A saved profile's schedule and next run, with Reschedule Now. */
function NextRunLine({ profile }: { profile: TCustomerProfile }) {
  const reschedule = useRescheduleBilling();
  const [nextRun, setNextRun] = useState<string | null>(profile.nextRunAt);
  const doReschedule = () =>
    reschedule.mutate({ id: profile.id }, { onSuccess: (answer) => setNextRun(answer.data.nextRun) });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
      <div className="flex items-center gap-2 text-slate-700">
        <CalendarClock className="h-4 w-4 text-slate-500" aria-hidden />
        <span>
          Current billing: day {profile.billDate} at {profile.billTime}
          {' · '}
          Next run: <span data-testid="profile-next-run">{nextRun ? formatDateTime(nextRun) : 'Not scheduled'}</span>
        </span>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={doReschedule} loading={reschedule.isPending}>
        Reschedule Now
      </Button>
    </div>
  );
}
