import type { AppRouter } from '@phone-billing/api';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../../lib/trpc';

// The rows as the server answers them, so a field added there is known here without retyping it.
type Outputs = inferRouterOutputs<AppRouter>['accessControl'];
export type AccessUser = Outputs['listUsers']['users'][number];
export type AccessRole = Outputs['listRoles']['roles'][number];
export type AccessAction = Outputs['listActions']['actions'][number];

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
