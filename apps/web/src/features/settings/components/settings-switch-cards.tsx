import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Checkbox } from '@phone-billing/ui/checkbox';
import type { UseFormRegister } from 'react-hook-form';
import type { OrganisationSettingsValues } from '../hooks/use-organisation-settings-form';

interface SwitchCardProps {
  register: UseFormRegister<OrganisationSettingsValues>;
  /** Read-only for users without settings:manage. */
  disabled: boolean;
}

/** What the header bell shows everyone. */
export function NotificationsCard({ register, disabled }: SwitchCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">What the header bell shows everyone.</p>
        <Checkbox label="Billing job failures" disabled={disabled} {...register('billingFailures')} />
        <Checkbox
          label="Integration problems (Genesys Cloud, QuickBooks)"
          disabled={disabled}
          {...register('integrationIssues')}
        />
        <Checkbox label="Kill switch changes" disabled={disabled} {...register('killSwitchChanges')} />
      </CardContent>
    </Card>
  );
}

/** When sessions are signed out. */
export function SecurityCard({ register, disabled }: SwitchCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Checkbox
          label="Sign out sessions idle for 30 minutes"
          disabled={disabled}
          {...register('signOutIdleSessions')}
        />
        <Checkbox
          label="Sign out a user's other sessions when their password changes"
          disabled={disabled}
          {...register('signOutOnPasswordChange')}
        />
      </CardContent>
    </Card>
  );
}
