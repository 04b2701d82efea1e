import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { Fragment, useState } from 'react';
import { useAuthStore } from '../../../lib/auth-store';
import { useFetchCurrentUser } from '../../../lib/current-user';
import { formatDateTime, formatShortDate } from '../../../lib/dates';
import type { AccessRole, AccessUser } from '../api/get-access-data';
import { useUpdateUserRoles } from '../api/update-user-roles';

export function UsersCard({ users, roles }: { users: AccessUser[]; roles: AccessRole[] }) {
  const [managing, setManaging] = useState<string | null>(null);
  // The boxes move at once; the server's answer (or a failure) settles them.
  const [pending, setPending] = useState<Record<string, string[]>>({});
  const updateRoles = useUpdateUserRoles();
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

  return (
    <Card>
      <CardHeader>
        <CardTitle>Users</CardTitle>
        <span className="text-sm text-slate-500">{users.length} users</span>
      </CardHeader>
      <CardContent className="p-0">
        <Table aria-label="Users">
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Roles</Th>
              <Th>Last login</Th>
              <Th>Created</Th>
              <Th className="text-right">Actions</Th>
            </Tr>
          </THead>
          <TBody>
            {users.map((user) => {
              const open = managing === user.id;
              return (
                <Fragment key={user.id}>
                  <Tr data-testid={`user-row-${user.email}`}>
                    <Td className="font-medium text-slate-900">{user.displayName || user.email}</Td>
                    <Td>{user.email}</Td>
                    <Td>
                      <div className="flex flex-wrap gap-1">
                        {user.roles.length ? user.roles.map((role) => <Badge key={role.id} tone="blue">{role.name}</Badge>) : <span className="text-xs text-slate-400">No roles</span>}
                      </div>
                    </Td>
                    <Td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}</Td>
                    <Td>{formatShortDate(user.createdAt)}</Td>
                    <Td className="text-right">
                      <Button size="sm" variant="outline" aria-expanded={open} aria-label={`Manage roles of ${user.email}`} onClick={() => setManaging(open ? null : user.id)}>
                        {open ? 'Done' : 'Manage roles'}
                      </Button>
                    </Td>
                  </Tr>
                  {open && (
                    <Tr>
                      <Td colSpan={6} className="bg-slate-50">
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
                      </Td>
                    </Tr>
                  )}
                </Fragment>
              );
            })}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}
