import { zodResolver } from '@hookform/resolvers/zod';
import {
  customerProfileDefaults,
  qboFieldsToFill,
  ZCustomerProfileFormSchema,
  type TCustomerProfile,
  type TCustomerProfileForm,
  type TCustomerProfileFormInput,
  type TCustomerProfileFormValues,
  type QboCustomerMatch,
} from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField, fieldErrorId } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Modal } from '@phone-billing/ui/modal';
import { Textarea } from '@phone-billing/ui/textarea';
import { CalendarClock, Link2, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../lib/dates';
import { useCreateCustomerProfile } from '../api/create-customer-profile';
import { useDefaultRate } from '../api/get-default-rate';
import { useQueueSuggestions } from '../api/get-queue-suggestions';
import { useRescheduleBilling } from '../api/reschedule-billing';
import { useSearchQboCustomer } from '../api/search-qbo-customer';
import { useUpdateCustomerProfile } from '../api/update-customer-profile';
import { billingStartDateProblem } from './billing-start-date';
import { QueueNamesInput } from './queue-names-input';

interface ProfileFormModalProps {
  open: boolean;
  /** The profile being edited; null to add one. */
  profile: TCustomerProfile | null;
  onClose: () => void;
}

/** A profile's values in the form; a new profile starts with the organisation's default rate. */
function formValuesOf(profile: TCustomerProfile | null, defaultRate: string | undefined): TCustomerProfileFormValues {
  if (!profile) return { ...customerProfileDefaults, ratePerMinute: defaultRate ?? customerProfileDefaults.ratePerMinute, genesysQueueNames: [] };
  const text = (value: string | null) => value ?? '';
  return {
    genesysQueueNames: [...profile.genesysQueueNames],
    qboDisplayName: profile.qboDisplayName,
    qboCustomerId: text(profile.qboCustomerId),
    isActive: profile.isActive,
    ratePerMinute: profile.ratePerMinute,
    overageRatePerMinute: profile.overageRatePerMinute,
    minimumMinutes: profile.minimumMinutes,
    billDate: profile.billDate,
    billTime: profile.billTime,
    billingPeriodStart: profile.billingPeriodStart,
    billingPeriodEnd: profile.billingPeriodEnd,
    billingStartDate: profile.billingStartDate,
    taxCode: text(profile.taxCode),
    notes: text(profile.notes),
    qboCompanyName: text(profile.qboCompanyName),
    qboGivenName: text(profile.qboGivenName),
    qboMiddleName: text(profile.qboMiddleName),
    qboFamilyName: text(profile.qboFamilyName),
    qboTitle: text(profile.qboTitle),
    qboSuffix: text(profile.qboSuffix),
    qboPrimaryEmailAddr: text(profile.qboPrimaryEmailAddr),
    qboPrimaryPhone: text(profile.qboPrimaryPhone),
    qboLine1: text(profile.qboLine1),
    qboCity: text(profile.qboCity),
    qboCountrySubDivisionCode: text(profile.qboCountrySubDivisionCode),
    qboPostalCode: text(profile.qboPostalCode),
    qboCountry: text(profile.qboCountry),
  };
}

/** Digits and at most one decimal point: what the rate field accepts (spec 001 §5). */
function rateText(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

const schemaResolver = zodResolver(ZCustomerProfileFormSchema);

/**
 * The message of a list field: the list's own ("At least one ..."), or its first entry's (a queue
 * name breaking a text rule), which would otherwise mark the field invalid without saying why.
 */
function listErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const list = error as { message?: string; root?: { message?: string } };
  if (list.message) return list.message;
  if (list.root?.message) return list.root.message;
  for (const entry of Object.values(error)) {
    if (entry && typeof entry === 'object' && typeof (entry as { message?: unknown }).message === 'string') return (entry as { message: string }).message;
  }
  return undefined;
}

/**
 * The shared schema's checks, plus what only the form knows about the Billing Start Date: whether
 * the browser could read the date typed, and whether an existing profile is being edited.
 */
function profileFormResolver(startDate: { current: { input: HTMLInputElement | null; editing: boolean } }): Resolver<TCustomerProfileFormInput, unknown, TCustomerProfileForm> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const problem = billingStartDateProblem({
      value: values.billingStartDate,
      badInput: startDate.current.input?.validity.badInput ?? false,
      editing: startDate.current.editing,
    });
    if (!problem) return result;
    return { values: {}, errors: { ...result.errors, billingStartDate: { type: 'validate', message: problem } } };
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4" aria-label={title}>
      <h3 className="border-b border-slate-200 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      {children}
    </section>
  );
}

/** Add or edit a customer profile (spec 001 "Customer profile modal"). */
export function ProfileFormModal({ open, profile, onClose }: ProfileFormModalProps) {
  const create = useCreateCustomerProfile();
  const update = useUpdateCustomerProfile();
  const reschedule = useRescheduleBilling();
  const searchQboCustomer = useSearchQboCustomer();
  const suggestions = useQueueSuggestions();
  const defaultRate = useDefaultRate();
  const startDate = useRef({ input: null as HTMLInputElement | null, editing: false });
  startDate.current.editing = profile !== null;
  const [resolver] = useState(() => profileFormResolver(startDate));
  const form = useForm<TCustomerProfileFormInput, unknown, TCustomerProfileForm>({
    resolver,
    defaultValues: formValuesOf(null, defaultRate),
  });
  const { ref: registerStartDateInput, ...startDateField } = form.register('billingStartDate');
  const { errors } = form.formState;
  const [qboMetadata, setQboMetadata] = useState<Record<string, unknown> | null>(null);
  const [found, setFound] = useState<QboCustomerMatch | null>(null);
  const [searching, setSearching] = useState(false);
  const [nextRun, setNextRun] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.reset(formValuesOf(profile, defaultRate));
    setQboMetadata(profile?.qboMetadata ?? null);
    setFound(null);
    setNextRun(profile?.nextRunAt ?? null);
    // The default rate arriving later must not wipe what is being typed: only opening resets.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, profile, form]);

  // Settings may answer after the modal opened: a new profile's untouched rate takes the default.
  useEffect(() => {
    if (open && !profile && defaultRate && !form.getFieldState('ratePerMinute').isDirty) form.setValue('ratePerMinute', defaultRate);
  }, [open, profile, defaultRate, form]);

  const editing = profile !== null;
  const saving = create.isPending || update.isPending;
  const knownNames = useMemo(
    () => (suggestions.data && suggestions.data.data.length > 0 ? suggestions.data.data.map((queue) => queue.name) : null),
    [suggestions.data],
  );

  const submit = form.handleSubmit((values) => {
    const body = { ...values, qboMetadata };
    if (profile) update.mutate({ id: profile.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  const search = async () => {
    const displayName = (form.getValues('qboDisplayName') ?? '').trim();
    setFound(null);
    if (!displayName) {
      toast.error('Please enter a display name to search for');
      return;
    }
    setSearching(true);
    try {
      const outcome = await searchQboCustomer(displayName);
      if (outcome.kind === 'found') {
        setFound(outcome.customer);
        toast.success(`Found QBO customer: ${outcome.customer.DisplayName}`);
      } else if (outcome.kind === 'not-found') {
        toast.error('No QBO customer found with that display name');
      } else {
        toast.error(outcome.message);
      }
    } finally {
      setSearching(false);
    }
  };

  const connect = () => {
    if (!found) return;
    const fill = qboFieldsToFill(form.getValues() as unknown as Record<string, string | null | undefined>, found);
    for (const [field, value] of Object.entries(fill)) {
      form.setValue(field as keyof TCustomerProfileFormInput, value, { shouldDirty: true, shouldValidate: field === 'qboDisplayName' });
    }
    setQboMetadata({ ...found });
    setFound(null);
  };

  const doReschedule = () => {
    if (!profile) return;
    reschedule.mutate({ id: profile.id }, { onSuccess: (answer) => setNextRun(answer.data.nextRun) });
  };

  const text = (name: keyof TCustomerProfileFormValues, label: string, options: { type?: string; placeholder?: string; required?: boolean } = {}) => (
    <FormField label={label} htmlFor={`profile-${name}`} error={errors[name]?.message as string | undefined} required={options.required}>
      <Input id={`profile-${name}`} type={options.type ?? 'text'} placeholder={options.placeholder} {...form.register(name)} />
    </FormField>
  );
  const dayNumber = (name: 'billDate' | 'billingPeriodStart' | 'billingPeriodEnd', label: string) => (
    <FormField label={label} htmlFor={`profile-${name}`} error={errors[name]?.message}>
      <Input id={`profile-${name}`} type="number" min={1} max={31} step={1} {...form.register(name, { valueAsNumber: true })} />
    </FormField>
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={editing ? 'Edit Customer Profile' : 'Add Customer Profile'}
      description="Per-customer rates, Genesys queues and the QuickBooks customer it is invoiced as."
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="customer-profile-form" loading={saving}>
            {editing ? 'Update' : 'Create'}
          </Button>
        </>
      }
    >
      <form id="customer-profile-form" noValidate onSubmit={submit} className="flex flex-col gap-6">
        <Section title="Basic Information">
          <div className="grid gap-4 md:grid-cols-2">
            <div className="flex flex-col gap-2">
              {text('qboDisplayName', 'QBO Display Name', { required: true, placeholder: "e.g. Amy's Bird Sanctuary" })}
              <div>
                <Button type="button" variant="outline" size="sm" onClick={search} loading={searching}>
                  <Search className="h-4 w-4" aria-hidden /> Search QBO Customer ID
                </Button>
              </div>
            </div>
            <FormField label="QBO Customer ID" htmlFor="profile-qboCustomerId" hint="Set by connecting to a QuickBooks customer.">
              <Input id="profile-qboCustomerId" readOnly className="bg-slate-50" {...form.register('qboCustomerId')} />
            </FormField>
          </div>
          {found && (
            <Alert
              tone="success"
              title={`Found QBO customer: ${found.DisplayName}`}
              action={
                <Button type="button" size="sm" onClick={connect}>
                  <Link2 className="h-4 w-4" aria-hidden /> Connect to This Customer
                </Button>
              }
            >
              Id {found.Id}
              {found.CompanyName ? ` · ${found.CompanyName}` : ''}
              {found.PrimaryEmailAddr?.Address ? ` · ${found.PrimaryEmailAddr.Address}` : ''}
            </Alert>
          )}
          <div className="grid gap-4 md:grid-cols-2">
            {text('qboCompanyName', 'Company Name')}
            {text('qboPrimaryEmailAddr', 'Email', { type: 'email' })}
            {text('qboPrimaryPhone', 'Phone')}
            {text('qboTitle', 'Title')}
            {text('qboGivenName', 'First Name')}
            {text('qboMiddleName', 'Middle Name')}
            {text('qboFamilyName', 'Last Name')}
            {text('qboSuffix', 'Suffix')}
          </div>
        </Section>

        <Section title="Billing Configuration">
          <div className="grid gap-4 md:grid-cols-3">
            <FormField label="Rate Per Minute ($)" htmlFor="profile-ratePerMinute" error={errors.ratePerMinute?.message} required>
              <Controller
                control={form.control}
                name="ratePerMinute"
                render={({ field }) => (
                  <Input
                    id="profile-ratePerMinute"
                    inputMode="decimal"
                    value={String(field.value ?? '')}
                    onChange={(event) => field.onChange(rateText(event.target.value))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    aria-invalid={errors.ratePerMinute ? true : undefined}
                    aria-describedby={errors.ratePerMinute ? fieldErrorId('profile-ratePerMinute') : undefined}
                  />
                )}
              />
            </FormField>
            <FormField label="Overage Rate Per Minute ($)" htmlFor="profile-overageRatePerMinute" error={errors.overageRatePerMinute?.message}>
              <Input id="profile-overageRatePerMinute" type="number" min={0} step={0.01} {...form.register('overageRatePerMinute')} />
            </FormField>
            <FormField label="Minimum Minutes" htmlFor="profile-minimumMinutes" error={errors.minimumMinutes?.message}>
              <Input id="profile-minimumMinutes" type="number" min={0} step={1} {...form.register('minimumMinutes', { valueAsNumber: true })} />
            </FormField>
            {dayNumber('billDate', 'Bill Day (1-31)')}
            <FormField label="Bill Time" htmlFor="profile-billTime" error={errors.billTime?.message}>
              <Input id="profile-billTime" type="time" {...form.register('billTime')} />
            </FormField>
            {text('taxCode', 'Tax Code')}
            {dayNumber('billingPeriodStart', 'Billing Period Start Day')}
            {dayNumber('billingPeriodEnd', 'Billing Period End Day')}
            <FormField
              label="Billing Start Date"
              htmlFor="profile-billingStartDate"
              error={errors.billingStartDate?.message}
              hint={editing ? 'Calls before this day are never billed.' : 'Calls before this day are never billed. Leave empty to start with the current billing period.'}
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
          {profile && (
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
          )}
        </Section>

        <Section title="QuickBooks Address Information">
          <div className="grid gap-4 md:grid-cols-2">
            {text('qboLine1', 'Address Line 1')}
            {text('qboCity', 'City')}
            {text('qboCountrySubDivisionCode', 'State Code')}
            {text('qboPostalCode', 'Postal Code')}
            {text('qboCountry', 'Country')}
          </div>
        </Section>

        <Section title="Genesys Queue Names">
          <FormField
            label="Queue names"
            htmlFor="profile-genesysQueueNames"
            error={listErrorMessage(errors.genesysQueueNames)}
            required
            hint="Calls of these Genesys queues are billed to this customer."
          >
            <Controller
              control={form.control}
              name="genesysQueueNames"
              render={({ field }) => (
                <QueueNamesInput
                  id="profile-genesysQueueNames"
                  value={(field.value as string[] | undefined) ?? []}
                  onChange={(names) => field.onChange(names)}
                  knownNames={knownNames}
                  invalid={Boolean(errors.genesysQueueNames)}
                />
              )}
            />
          </FormField>
        </Section>

        <Section title="Notes">
          <FormField label="Notes" htmlFor="profile-notes" error={errors.notes?.message}>
            <Textarea id="profile-notes" rows={3} {...form.register('notes')} />
          </FormField>
        </Section>

        <Checkbox label="Active" description="Inactive profiles are not billed and release their queues." {...form.register('isActive')} />
      </form>
    </Modal>
  );
}
