import { zodResolver } from '@hookform/resolvers/zod';
import {
  BILLING_INCREMENT_OPTIONS,
  TIMEZONE_OPTIONS,
  ZBillingConfigFormSchema,
  type TSettings,
} from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../lib/trpc';
import { useUpdateSettings } from '../api/update-settings';

const ZFormSchema = ZBillingConfigFormSchema.extend({
  billingFailures: z.boolean(),
  integrationIssues: z.boolean(),
  killSwitchChanges: z.boolean(),
  signOutIdleSessions: z.boolean(),
  signOutOnPasswordChange: z.boolean(),
  reviewInvoicesBeforeSending: z.boolean(),
});
type FormValues = z.input<typeof ZFormSchema>;
type ParsedValues = z.output<typeof ZFormSchema>;

function valuesOf(settings: TSettings): FormValues {
  return {
    defaultRatePerMinute: settings.defaultRatePerMinute,
    timezone: settings.timezone,
    billingIncrementSeconds: String(settings.billingIncrementSeconds) as FormValues['billingIncrementSeconds'],
    ...settings.notifications,
    ...settings.security,
    reviewInvoicesBeforeSending: settings.reviewInvoicesBeforeSending,
  };
}

/** What a timezone change does, said before it is saved (issue 24). */
function timezoneChangeWarning(from: string, to: string): string {
  return (
    `Change the company timezone from ${from} to ${to}? Billing periods, bill times and next runs move to ${to}. ` +
    'Where invoices exist, calls already billed stay billed in the old zone; later periods follow the new one.'
  );
}

/**
 * Billing Configuration, Notifications and Security: one form, saved by Save Settings (PUT
 * /settings). Read-only for users without settings:manage.
 */
export function OrganisationSettingsForm({
  settings,
  canManage,
  children,
}: {
  settings: TSettings;
  canManage: boolean;
  children?: React.ReactNode;
}) {
  const update = useUpdateSettings();
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(ZFormSchema),
    defaultValues: valuesOf(settings),
  });
  const errors = form.formState.errors;
  const { reset } = form;

  // Another user's change (seen after a reload) replaces what is shown unless this user is editing.
  useEffect(() => {
    if (!form.formState.isDirty) reset(valuesOf(settings));
  }, [settings, reset, form.formState.isDirty]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (
      values.timezone !== settings.timezone &&
      !window.confirm(timezoneChangeWarning(settings.timezone, values.timezone))
    )
      return;
    try {
      const answer = await update.mutateAsync({
        version: settings.version,
        defaultRatePerMinute: values.defaultRatePerMinute,
        timezone: values.timezone,
        billingIncrementSeconds: Number(values.billingIncrementSeconds) as 60 | 6 | 1,
        reviewInvoicesBeforeSending: values.reviewInvoicesBeforeSending,
        notifications: {
          billingFailures: values.billingFailures,
          integrationIssues: values.integrationIssues,
          killSwitchChanges: values.killSwitchChanges,
        },
        security: {
          signOutIdleSessions: values.signOutIdleSessions,
          signOutOnPasswordChange: values.signOutOnPasswordChange,
        },
      });
      reset(valuesOf(answer.data));
      toast.success('Settings saved successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save settings'));
    }
  });

  const disabled = !canManage;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Organisation settings">
      <Card>
        <CardHeader>
          <CardTitle>Billing Configuration</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-3">
          <FormField
            label="Rate per minute (default)"
            htmlFor="default-rate"
            error={errors.defaultRatePerMinute?.message}
            hint={`In ${settings.currency}; new customer profiles start with it`}
          >
            <Input
              id="default-rate"
              inputMode="decimal"
              disabled={disabled}
              {...form.register('defaultRatePerMinute')}
            />
          </FormField>
          <FormField
            label="Timezone"
            htmlFor="timezone"
            error={errors.timezone?.message}
            hint="Billing periods, schedules and dates use it"
          >
            <Select id="timezone" disabled={disabled} {...form.register('timezone')}>
              {TIMEZONE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label="Billing increment"
            htmlFor="billing-increment"
            hint="Each call's duration is rounded up to it"
          >
            <Select id="billing-increment" disabled={disabled} {...form.register('billingIncrementSeconds')}>
              {BILLING_INCREMENT_OPTIONS.map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <Checkbox
            className="md:col-span-3"
            label="Review invoices before sending"
            description="Every real run, for all customers, reserves its invoices and waits in Job Details until someone approves them. Customers can also be set one by one in their profile."
            disabled={disabled}
            {...form.register('reviewInvoicesBeforeSending')}
          />
        </CardContent>
      </Card>

      {children}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Notifications</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <p className="text-sm text-slate-600">What the header bell shows everyone.</p>
            <Checkbox label="Billing job failures" disabled={disabled} {...form.register('billingFailures')} />
            <Checkbox
              label="Integration problems (Genesys Cloud, QuickBooks)"
              disabled={disabled}
              {...form.register('integrationIssues')}
            />
            <Checkbox label="Kill switch changes" disabled={disabled} {...form.register('killSwitchChanges')} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Security</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Checkbox
              label="Sign out sessions idle for 30 minutes"
              disabled={disabled}
              {...form.register('signOutIdleSessions')}
            />
            <Checkbox
              label="Sign out a user's other sessions when their password changes"
              disabled={disabled}
              {...form.register('signOutOnPasswordChange')}
            />
          </CardContent>
        </Card>
      </div>

      <div className="flex items-center justify-end gap-3">
        {!canManage && (
          <span className="text-sm text-slate-500">
            Changing organisation settings needs the settings:manage permission.
          </span>
        )}
        <Button type="submit" disabled={!canManage} loading={form.formState.isSubmitting}>
          Save Settings
        </Button>
      </div>
    </form>
  );
}
