import { TRPCError } from '@trpc/server';
import type { RequestContext } from './context';
import type { AuthUser } from './services';
import { holdsAnyPermission, type Permission } from './permissions';
import { baseProcedure } from './trpc';

/** Callable by anyone. */
export const publicProcedure = baseProcedure.meta({ access: 'public' });

const requireUser = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  return next({ ctx: { ...ctx, auth: ctx.auth, user: ctx.auth.user as AuthUser } });
});

/** Any signed-in user (session cookie or API token); `ctx.user` is known to exist after it. */
export const protectedProcedure = requireUser.meta({ access: 'signed-in' });

/** Needs at least one of `permissions`; a 403 names what is missing. */
export function permissionProcedure(...permissions: [Permission, ...Permission[]]) {
  return requireUser.meta({ access: { anyOf: permissions } }).use(({ ctx, next }) => {
    if (!holdsAnyPermission(ctx.user.permissions, permissions)) {
      const needed = permissions.length === 1 ? permissions[0] : `one of ${permissions.join(', ')}`;
      throw new TRPCError({ code: 'FORBIDDEN', message: `Permission denied: requires ${needed}` });
    }
    return next();
  });
}

export type SignedInContext = RequestContext & { user: AuthUser; auth: NonNullable<RequestContext['auth']> };
