import { z } from 'zod';
import { listAuditLog } from '../../access-control/audit-log';
import { createAction, createRole } from '../../access-control/roles';
import { permissionProcedure } from '../../procedures';
import { ZCreateActionRequestSchema, ZCreateRoleRequestSchema } from '../../shared/access-control';
import { router } from '../../trpc';

const manageAccess = permissionProcedure('system:manage-access');

const ZActionSchema = z.object({ id: z.string(), key: z.string(), description: z.string() });
const ZRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  actions: z.array(z.object({ id: z.string(), key: z.string() })),
});

export const accessControlRouter = router({
  createAction: manageAccess
    .meta({ openapi: { method: 'POST', path: '/access-control/actions', tags: ['access-control'], summary: 'Create a permission' } })
    .input(ZCreateActionRequestSchema)
    .output(z.object({ success: z.literal(true), action: ZActionSchema }))
    .mutation(async ({ ctx, input }) => {
      const action = await createAction(ctx.services.db, ctx.user, input);
      ctx.response.status = 201;
      return { success: true as const, action };
    }),

  createRole: manageAccess
    .meta({ openapi: { method: 'POST', path: '/access-control/roles', tags: ['access-control'], summary: 'Create a role holding permissions' } })
    .input(ZCreateRoleRequestSchema)
    .output(z.object({ success: z.literal(true), role: ZRoleSchema }))
    .mutation(async ({ ctx, input }) => {
      const role = await createRole(ctx.services.db, ctx.user, input);
      ctx.response.status = 201;
      return { success: true as const, role };
    }),

  auditLog: manageAccess
    .meta({ openapi: { method: 'GET', path: '/audit-log', tags: ['access-control'], summary: 'Who did what, newest first' } })
    .input(
      z
        .object({
          page: z.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').optional(),
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
