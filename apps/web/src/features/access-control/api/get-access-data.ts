import { compareCaseInsensitive } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

export type AccessUser = { id: string; email: string; displayName: string | null; roles: Array<{ id: string; name: string }>; lastLoginAt: string | null; createdAt: string };
export type AccessRole = { id: string; name: string; description: string | null; actions: Array<{ id: string; key: string }> };
export type AccessAction = { id: string; key: string; description: string };

/** Users, roles and permissions of the Access Control page, and the cache edits the spec asks for. */
export function useAccessData() {
  const utils = trpc.useUtils();
  const users = trpc.auth.listUsers.useQuery(undefined);
  const roles = trpc.auth.listRoles.useQuery(undefined);
  const actions = trpc.auth.listActions.useQuery(undefined);

  return {
    users,
    roles,
    actions,
    isLoading: users.isLoading || roles.isLoading || actions.isLoading,
    error: users.error ?? roles.error ?? actions.error,
    /** Role toggles replace the user in the list. */
    replaceUser(user: AccessUser) {
      utils.auth.listUsers.setData(undefined, (old) => old && { ...old, users: old.users.map((u) => (u.id === user.id ? user : u)) });
    },
    /** New users go to the top of the list. */
    addUser(user: AccessUser) {
      utils.auth.listUsers.setData(undefined, (old) => old && { ...old, users: [user, ...old.users.filter((u) => u.id !== user.id)] });
    },
    /** New roles are inserted sorted by name, case-insensitively. */
    addRole(role: AccessRole) {
      utils.auth.listRoles.setData(undefined, (old) => old && { ...old, roles: [...old.roles, role].sort((a, b) => compareCaseInsensitive(a.name, b.name)) });
    },
    /** New permissions are inserted sorted by key, case-insensitively. */
    addAction(action: AccessAction) {
      utils.auth.listActions.setData(undefined, (old) => old && { ...old, actions: [...old.actions, action].sort((a, b) => compareCaseInsensitive(a.key, b.key)) });
    },
    async reload() {
      await Promise.all([users.refetch(), roles.refetch(), actions.refetch(), utils.accessControl.auditLog.invalidate()]);
    },
  };
}
