import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { Spinner } from '@phone-billing/ui/spinner';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { AccessRestricted } from '../../../components/errors/access-restricted';
import { usePermission } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/trpc';
import { useAccessData } from '../hooks/use-access-data';
import { AuditLogCard } from './audit-log-card';
import { AddUserForm, CreatePermissionForm, CreateRoleForm } from './create-forms';
import { RolesCard } from './roles-card';
import { UsersCard } from './users-card';

export default function AccessControlPage() {
  const allowed = usePermission('system:manage-access');
  if (!allowed) return <AccessRestricted />;
  return <AccessControlScreen />;
}

function AccessControlScreen() {
  const access = useAccessData();
  const loadError = access.error ? errorMessage(access.error, 'Failed to load access data') : null;

  useEffect(() => {
    if (loadError) toast.error(loadError, { id: 'access-load-error' });
  }, [loadError]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Manage users, roles and permissions. Role changes apply on the user's next request.</p>
        <Button variant="outline" onClick={() => void access.reload()} loading={access.users.isFetching || access.roles.isFetching || access.actions.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Reload
        </Button>
      </div>

      {loadError && <Alert tone="error">{loadError}</Alert>}
      {access.isLoading ? (
        <div className="flex justify-center p-12">
          <Spinner />
        </div>
      ) : (
        <>
          <UsersCard users={access.users.data?.users ?? []} roles={access.roles.data?.roles ?? []} onUserChanged={access.replaceUser} />
          <RolesCard roles={access.roles.data?.roles ?? []} actions={access.actions.data?.actions ?? []} />
          <div className="grid gap-6 xl:grid-cols-3">
            <AddUserForm roles={access.roles.data?.roles ?? []} onCreated={access.addUser} />
            <CreatePermissionForm onCreated={access.addAction} />
            <CreateRoleForm actions={access.actions.data?.actions ?? []} onCreated={access.addRole} />
          </div>
          <AuditLogCard />
        </>
      )}
    </div>
  );
}
