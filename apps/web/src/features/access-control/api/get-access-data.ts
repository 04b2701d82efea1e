import { trpc } from '../../../lib/trpc';

export type AccessUser = {
  id: string;
  email: string;
  displayName: string | null;
  roles: Array<{ id: string; name: string }>;
  lastLoginAt: string | null;
  createdAt: string;
};
export type AccessRole = {
  id: string;
  name: string;
  description: string | null;
  actions: Array<{ id: string; key: string }>;
};
export type AccessAction = { id: string; key: string; description: string };

/** Users, roles and permissions of the Access Control page, loaded together. */
export function useAccessData() {
  const utils = trpc.useUtils();
  const users = trpc.accessControl.listUsers.useQuery(undefined);
  const roles = trpc.accessControl.listRoles.useQuery(undefined);
  const actions = trpc.accessControl.listActions.useQuery(undefined);

  return {
    users: users.data?.users ?? [],
    roles: roles.data?.roles ?? [],
    actions: actions.data?.actions ?? [],
    isLoading: users.isLoading || roles.isLoading || actions.isLoading,
    isFetching: users.isFetching || roles.isFetching || actions.isFetching,
    error: users.error ?? roles.error ?? actions.error,
    async reload() {
      await Promise.all([
        users.refetch(),
        roles.refetch(),
        actions.refetch(),
        utils.accessControl.auditLog.invalidate(),
      ]);
    },
  };
}
