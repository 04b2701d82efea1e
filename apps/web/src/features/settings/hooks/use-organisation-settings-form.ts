import { zodResolver } from '@hookform/resolvers/zod';
import { ZBillingConfigFormSchema, type TSettings } from '@phone-billing/api/schemas';
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
export type OrganisationSettingsValues = z.input<typeof ZFormSchema>;
type ParsedValues = z.output<typeof ZFormSchema>;

function valuesOf(settings: TSettings): OrganisationSettingsValues {
  return {
    defaultRatePerMinute: settings.defaultRatePerMinute,
    timezone: settings.timezone,
    billingIncrementSeconds: String(
      settings.billingIncrementSeconds,
    ) as OrganisationSettingsValues['billingIncrementSeconds'],
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
 * The organisation settings form: its values from the saved settings, kept in step with another
 * user's change while this one is not editing, and its submit (asking first when the timezone changes).
 */
export function useOrganisationSettingsForm(settings: TSettings) {
  const update = useUpdateSettings();
  const form = useForm<OrganisationSettingsValues, unknown, ParsedValues>({
    resolver: zodResolver(ZFormSchema),
    defaultValues: valuesOf(settings),
  });
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

  return { form, onSubmit };
}
