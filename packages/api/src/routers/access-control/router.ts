import { z } from 'zod';
import { listAuditLog } from '../../access-control/audit-log';
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

const manageAccess = permissionProcedure('system:manage-access');

const noInput = z.object({}).optional();
const ZUserListEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
const ZActionSchema = z.object({ id: z.string(), key: z.string(), description: z.string() });
const ZRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  actions: z.array(z.object({ id: z.string(), key: z.string() })),
});

/**
 * Users, roles and permissions: the Access Control screen. The REST paths of users, roles and
 * actions stay under /auth (spec/API.md); creating roles and permissions and the audit log live
 * under /access-control and /audit-log.
 */
export const accessControlRouter = router({
  listUsers: manageAccess
    .meta({ openapi: { method: 'GET', path: '/auth/users', tags: ['access-control'], summary: 'Every user with their roles, newest first' } })
    .input(noInput)
    .output(z.object({ success: z.literal(true), users: z.array(ZUserListEntrySchema) }))
    .query(async ({ ctx }) => ({ success: true as const, users: await listUsers(ctx.services.db) })),

  listRoles: manageAccess
    .meta({ openapi: { method: 'GET', path: '/auth/roles', tags: ['access-control'], summary: 'Roles and their permissions' } })
    .input(noInput)
    .output(z.object({ success: z.literal(true), roles: z.array(ZRoleSchema) }))
    .query(async ({ ctx }) => ({ success: true as const, roles: await listRoles(ctx.services.db) })),

  listActions: manageAccess
    .meta({ openapi: { method: 'GET', path: '/auth/actions', tags: ['access-control'], summary: 'Every permission' } })
    .input(noInput)
    .output(z.object({ success: z.literal(true), actions: z.array(ZActionSchema) }))
    .query(async ({ ctx }) => ({ success: true as const, actions: await listActions(ctx.services.db) })),

  createUser: manageAccess
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/auth/users', errorResponses: { 409: 'A user with this e-mail already exists' }, tags: ['access-control'], summary: 'Add a user (without a password: a one-time setup link)' } })
    .input(ZCreateUserRequestSchema)
    .output(z.object({ success: z.literal(true), user: ZUserListEntrySchema, setupUrl: z.string().optional() }))
    .mutation(async ({ ctx, input }) => {
      const created = await createUser(ctx.services.db, ctx.user, input, ctx.services.config.appOrigin);
      return { success: true as const, ...created };
    }),

  updateUserRoles: manageAccess
    .meta({ openapi: { method: 'PATCH', path: '/auth/users/{id}/roles', errorResponses: { 409: 'You cannot remove your own system:manage-access permission' }, tags: ['access-control'], summary: "Replace a user's roles" } })
    .input(ZUpdateUserRolesRequestSchema)
    .output(z.object({ success: z.literal(true), user: ZUserListEntrySchema }))
    .mutation(async ({ ctx, input }) => ({ success: true as const, user: await setUserRoles(ctx.services.db, ctx.user, input.id, input.roleIds) })),

  createAction: manageAccess
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/access-control/actions', errorResponses: { 409: 'A permission with this key already exists' }, tags: ['access-control'], summary: 'Create a permission' } })
    .input(ZCreateActionRequestSchema)
    .output(z.object({ success: z.literal(true), action: ZActionSchema }))
    .mutation(async ({ ctx, input }) => {
      const action = await createAction(ctx.services.db, ctx.user, input);
      return { success: true as const, action };
    }),

  createRole: manageAccess
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/access-control/roles', errorResponses: { 409: 'A role with this name already exists' }, tags: ['access-control'], summary: 'Create a role holding permissions' } })
    .input(ZCreateRoleRequestSchema)
    .output(z.object({ success: z.literal(true), role: ZRoleSchema }))
    .mutation(async ({ ctx, input }) => {
      const role = await createRole(ctx.services.db, ctx.user, input);
      return { success: true as const, role };
    }),

  auditLog: manageAccess
    .meta({ openapi: { method: 'GET', path: '/audit-log', tags: ['access-control'], summary: 'Who did what, newest first' } })
    .input(
      z
        .object({
          page: z.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(1_000_000, 'page must be at most 1000000').optional(),
          limit: z.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').optional(),
        })
        .optional(),
    )
    .output(
      z.object({
        success: z.literal(true),
        data: z.array(
          z.object({ id: z.string(), at: z.string(), actor: z.string().nullable(), action: z.string(), target: z.string().nullable(), details: z.unknown() }),
        ),
        pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
      }),
    )
    .query(async ({ ctx, input }) => {
      const result = await listAuditLog(ctx.services.db, input?.page ?? 1, input?.limit ?? 20);
      return { success: true as const, ...result };
    }),
});
