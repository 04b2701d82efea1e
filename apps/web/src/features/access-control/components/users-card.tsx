import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useAuthStore } from '../../../lib/auth-store';
import { useFetchCurrentUser } from '../../../lib/current-user';
import { formatDateTime, formatShortDate } from '../../../lib/dates';
import { plural } from '../../../lib/format';
import { useCreateResetLink } from '../api/create-reset-link';
import type { AccessRole, AccessUser } from '../api/get-access-data';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { OneTimeLink } from './one-time-link';

export function UsersCard({ users, roles }: { users: AccessUser[]; roles: AccessRole[] }) {
  const [managing, setManaging] = useState<string | null>(null);
  // The boxes move at once; the server's answer (or a failure) settles them.
  const [pending, setPending] = useState<Record<string, string[]>>({});
  const [resetLink, setResetLink] = useState<{ email: string; url: string } | null>(null);
  const updateRoles = useUpdateUserRoles();
  const createResetLink = useCreateResetLink();
  const fetchCurrentUser = useFetchCurrentUser();
  const me = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);

  async function toggleRole(user: AccessUser, roleId: string, checked: boolean) {
    const current = pending[user.id] ?? user.roles.map((role) => role.id);
    const roleIds = checked ? [...current, roleId] : current.filter((id) => id !== roleId);
    setPending((state) => ({ ...state, [user.id]: roleIds }));
    try {
      await updateRoles.mutateAsync({ id: user.id, roleIds });
      // One's own roles changed: the sidebar and guards follow at once.
      if (me && user.id === me.id) setUser(await fetchCurrentUser());
    } catch {
      // The hook's toast said so; the boxes go back to what the server holds.
    } finally {
      setPending(({ [user.id]: _settled, ...rest }) => rest);
    }
  }

  function sendResetLink(user: AccessUser) {
    createResetLink.mutate(
      { id: user.id },
      { onSuccess: (answer) => setResetLink({ email: user.email, url: answer.data.resetUrl }) },
    );
  }

  const columns: DataColumn<AccessUser>[] = [
    {
      key: 'name',
      header: 'Name',
      className: 'font-medium text-slate-900',
      card: 'title',
      cell: (user) => user.displayName || user.email,
    },
    { key: 'email', header: 'Email', className: 'break-all', cell: (user) => user.email },
    {
      key: 'roles',
      header: 'Roles',
      cell: (user) => (
        <div className="flex flex-wrap gap-1">
          {user.roles.length ? (
            user.roles.map((role) => (
              <Badge key={role.id} tone="blue" className="max-w-48 whitespace-normal wrap-anywhere">
                {role.name}
              </Badge>
            ))
          ) : (
            <span className="text-xs text-slate-600">No roles</span>
          )}
        </div>
      ),
    },
    {
      key: 'lastLogin',
      header: 'Last login',
      cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'),
    },
    { key: 'created', header: 'Created', cell: (user) => formatShortDate(user.createdAt) },
    actionsColumn((user) => {
      const open = managing === user.id;
      return (
        <div className="flex flex-wrap justify-end gap-1.5 max-md:justify-start">
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-label={`Manage roles of ${user.email}`}
            onClick={() => setManaging(open ? null : user.id)}
          >
            Manage roles
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Send reset link to ${user.email}`}
            onClick={() => sendResetLink(user)}
            loading={createResetLink.isPending && createResetLink.variables?.id === user.id}
          >
            <KeyRound className="size-4" aria-hidden="true" /> Send reset link
          </Button>
        </div>
      );
    }),
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Users</CardTitle>
        <span className="text-sm text-slate-600">{plural(users.length, 'user')}</span>
      </CardHeader>
      <CardContent className="p-0 max-md:p-3">
        {resetLink ? (
          <div className="px-5 pb-4 max-md:px-0">
            <OneTimeLink
              title={`One-time password reset link for ${resetLink.email}`}
              url={resetLink.url}
              onDismiss={() => setResetLink(null)}
              testId="reset-link"
            />
          </div>
        ) : null}
        <DataTable
          aria-label="Users"
          columns={columns}
          rows={users}
          rowTestId={(user) => `user-row-${user.email}`}
          className="rounded-none border-0 shadow-none max-md:rounded-lg max-md:border"
          expanded={(user) =>
            managing === user.id ? (
              <fieldset className="flex flex-wrap gap-x-6 gap-y-2" aria-label={`Roles of ${user.email}`}>
                {roles.map((role) => (
                  <Checkbox
                    key={role.id}
                    label={role.name}
                    checked={(pending[user.id] ?? user.roles.map((held) => held.id)).includes(role.id)}
                    disabled={updateRoles.isPending}
                    onChange={(event) => void toggleRole(user, role.id, event.target.checked)}
                  />
                ))}
              </fieldset>
            ) : null
          }
        />
      </CardContent>
    </Card>
  );
}
