import { Button } from '@phone-billing/ui/button';
import { Spinner } from '@phone-billing/ui/spinner';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { AccessRestricted } from '../../../components/errors/access-restricted';
import { LoadError } from '../../../components/errors/load-error';
import { usePermission } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/trpc';
import { useAccessData } from '../api/get-access-data';
import { AuditLogCard } from './audit-log-card';
import { AddUserForm } from './add-user-form';
import { CreatePermissionForm } from './create-permission-form';
import { CreateRoleForm } from './create-role-form';
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
        <p className="text-sm text-slate-600">
          Manage users, roles and permissions. Role changes apply on the user's next request.
        </p>
        <Button variant="outline" onClick={() => void access.reload()} loading={access.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Reload
        </Button>
      </div>

      {loadError ? (
        <LoadError title={loadError} onRetry={access.reload} retrying={access.isFetching} />
      ) : access.isLoading ? (
        <div className="flex justify-center p-12">
          <Spinner />
        </div>
      ) : (
        <>
          <UsersCard users={access.users} roles={access.roles} />
          <RolesCard roles={access.roles} actions={access.actions} />
          <div className="grid gap-6 xl:grid-cols-3">
            <AddUserForm roles={access.roles} />
            <CreatePermissionForm />
            <CreateRoleForm actions={access.actions} />
          </div>
          <AuditLogCard />
        </>
      )}
    </div>
  );
}
