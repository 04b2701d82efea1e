import { BILLING_INCREMENT_OPTIONS, TIMEZONE_OPTIONS, type TSettings } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { useOrganisationSettingsForm } from '../hooks/use-organisation-settings-form';
import { NotificationsCard, SecurityCard } from './settings-switch-cards';

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
  const { form, onSubmit } = useOrganisationSettingsForm(settings);
  const errors = form.formState.errors;

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
        <NotificationsCard register={form.register} disabled={disabled} />
        <SecurityCard register={form.register} disabled={disabled} />
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
