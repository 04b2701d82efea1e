import { Alert } from '@phone-billing/ui/alert';
import { Spinner } from '@phone-billing/ui/spinner';
import { useEffect } from 'react';
import { LoadError } from '../../../components/errors/load-error';
import { usePermission } from '../../../lib/auth-store';
import { setCompanyTimezone } from '../../../lib/dates';
import { errorMessage } from '../../../lib/trpc';
import { useSettings } from '../api/get-settings';
import { PasswordCard, ProfileCard } from './account-cards';
import { ApiTokensCard } from './api-tokens-card';
import { KillSwitchCard } from './kill-switch-card';
import { OrganisationSettingsForm } from './organisation-settings-form';
import { IntegrationCards, SystemCard } from './system-cards';

/**
 * Everyone manages their own profile, password and API tokens here and reads the organisation
 * settings; changing those (kill switch, billing, notifications, security) needs settings:manage.
 */
export default function SettingsPage() {
  const settings = useSettings();
  const canManage = usePermission('settings:manage');
  const timezone = settings.data?.data.timezone;

  useEffect(() => {
    if (timezone) setCompanyTimezone(timezone);
  }, [timezone]);

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard />
        <PasswordCard />
      </div>
      {settings.error && !settings.data ? (
        <LoadError
          title={errorMessage(settings.error, 'Failed to load settings')}
          onRetry={settings.refetch}
          retrying={settings.isFetching}
        />
      ) : null}
      {settings.isLoading && (
        <div className="flex justify-center p-12">
          <Spinner />
        </div>
      )}
      {settings.data && (
        <>
          {!canManage && (
            <Alert tone="info">
              You can read the organisation settings; changing them needs the settings:manage permission.
            </Alert>
          )}
          <KillSwitchCard settings={settings.data.data} canManage={canManage} />
          <OrganisationSettingsForm settings={settings.data.data} canManage={canManage}>
            <IntegrationCards />
            <SystemCard settings={settings.data.data} />
          </OrganisationSettingsForm>
        </>
      )}
      <ApiTokensCard />
    </div>
  );
}
