import { listAuditLog } from '../../access-control/audit-log';
import { createPasswordResetLink } from '../../access-control/password-setup';
import { createAction, createRole, listActions, listRoles } from '../../access-control/roles';
import { createUser, listUsers, setUserRoles } from '../../access-control/users';
import { permissionProcedure } from '../../procedures';
import {
  ZCreateActionRequestSchema,
  ZCreateRoleRequestSchema,
  ZCreateUserRequestSchema,
  ZUpdateUserRolesRequestSchema,
} from '../../shared/access-control';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZAuditLogRequestSchema,
  ZAuditLogResponseSchema,
  ZCreateActionResponseSchema,
  ZCreateResetLinkRequestSchema,
  ZCreateResetLinkResponseSchema,
  ZCreateRoleResponseSchema,
  ZCreateUserResponseSchema,
  ZListActionsResponseSchema,
  ZListRolesResponseSchema,
  ZListUsersResponseSchema,
  ZUpdateUserRolesResponseSchema,
} from './access-control.types';

const manageAccess = permissionProcedure('system:manage-access');

/**
 * Users, roles and permissions: the Access Control screen. The REST paths of users, roles and
 * actions stay under /auth (spec/API.md); creating roles and permissions and the audit log live
 * under /access-control and /audit-log.
 */
export const accessControlRouter = router({
  listUsers: manageAccess
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/users',
        tags: ['access-control'],
        summary: 'Every user with their roles, newest first',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZListUsersResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, users: await listUsers(ctx.services.db) })),

  listRoles: manageAccess
    .meta({
      openapi: { method: 'GET', path: '/auth/roles', tags: ['access-control'], summary: 'Roles and their permissions' },
    })
    .input(ZNoInputRequestSchema)
    .output(ZListRolesResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, roles: await listRoles(ctx.services.db) })),

  listActions: manageAccess
    .meta({ openapi: { method: 'GET', path: '/auth/actions', tags: ['access-control'], summary: 'Every permission' } })
    .input(ZNoInputRequestSchema)
    .output(ZListActionsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, actions: await listActions(ctx.services.db) })),

  createUser: manageAccess
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/auth/users',
        errorResponses: { 409: 'A user with this e-mail already exists' },
        tags: ['access-control'],
        summary: 'Add a user (without a password: a one-time setup link)',
      },
    })
    .input(ZCreateUserRequestSchema)
    .output(ZCreateUserResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const created = await createUser(ctx.services.db, ctx.user, input, ctx.services.config.appOrigin);
      return { success: true as const, ...created };
    }),

  updateUserRoles: manageAccess
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/auth/users/{id}/roles',
        errorResponses: { 409: 'You cannot remove your own system:manage-access permission' },
        tags: ['access-control'],
        summary: "Replace a user's roles",
      },
    })
    .input(ZUpdateUserRolesRequestSchema)
    .output(ZUpdateUserRolesResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      user: await setUserRoles(ctx.services.db, ctx.user, input.id, input.roleIds),
    })),

  createResetLink: manageAccess
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/users/{id}/reset-link',
        errorResponses: { 404: 'User not found' },
        tags: ['access-control'],
        summary: 'A one-time password reset link for a user (72 h, shown once)',
      },
    })
    .input(ZCreateResetLinkRequestSchema)
    .output(ZCreateResetLinkResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      data: {
        resetUrl: await createPasswordResetLink(ctx.services.db, ctx.user, input.id, ctx.services.config.appOrigin),
      },
    })),

  createAction: manageAccess
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/access-control/actions',
        errorResponses: { 409: 'A permission with this key already exists' },
        tags: ['access-control'],
        summary: 'Create a permission',
      },
    })
    .input(ZCreateActionRequestSchema)
    .output(ZCreateActionResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const action = await createAction(ctx.services.db, ctx.user, input);
      return { success: true as const, action };
    }),

  createRole: manageAccess
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/access-control/roles',
        errorResponses: { 409: 'A role with this name already exists' },
        tags: ['access-control'],
        summary: 'Create a role holding permissions',
      },
    })
    .input(ZCreateRoleRequestSchema)
    .output(ZCreateRoleResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const role = await createRole(ctx.services.db, ctx.user, input);
      return { success: true as const, role };
    }),

  auditLog: manageAccess
    .meta({
      openapi: { method: 'GET', path: '/audit-log', tags: ['access-control'], summary: 'Who did what, newest first' },
    })
    .input(ZAuditLogRequestSchema)
    .output(ZAuditLogResponseSchema)
    .query(async ({ ctx, input }) => {
      const result = await listAuditLog(ctx.services.db, input?.page ?? 1, input?.limit ?? 20);
      return { success: true as const, ...result };
    }),
});
