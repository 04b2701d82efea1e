// The Access Control screen's contract: users, roles, permissions and the audit log. Requests the
// web's forms share (create user, role, permission; change roles) live in shared/access-control.ts.
import { z } from 'zod';
import { recordId } from '../../shared/text';
import { dataResponse, pagedResponse } from '../common.types';

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

export const ZListUsersResponseSchema = z.object({ success: z.literal(true), users: z.array(ZUserListEntrySchema) });

export const ZListRolesResponseSchema = z.object({ success: z.literal(true), roles: z.array(ZRoleSchema) });

export const ZListActionsResponseSchema = z.object({ success: z.literal(true), actions: z.array(ZActionSchema) });

/** A created user; without a password also the one-time setup link, shown this once. */
export const ZCreateUserResponseSchema = z.object({
  success: z.literal(true),
  user: ZUserListEntrySchema,
  setupUrl: z.string().optional(),
});

export const ZUpdateUserRolesResponseSchema = z.object({ success: z.literal(true), user: ZUserListEntrySchema });

/** POST /auth/users/{id}/reset-link: whose password to reset. */
export const ZCreateResetLinkRequestSchema = z.object({ id: recordId('User id') });
export type TCreateResetLinkRequest = z.infer<typeof ZCreateResetLinkRequestSchema>;

/** The one-time reset link (72 h), shown this once. */
export const ZCreateResetLinkResponseSchema = dataResponse(z.object({ resetUrl: z.string() }));

export const ZCreateActionResponseSchema = z.object({ success: z.literal(true), action: ZActionSchema });

export const ZCreateRoleResponseSchema = z.object({ success: z.literal(true), role: ZRoleSchema });

export const ZAuditLogRequestSchema = z
  .object({
    page: z
      .number({ error: 'page must be a number' })
      .int()
      .min(1, 'page must be at least 1')
      .max(1_000_000, 'page must be at most 1000000')
      .optional(),
    limit: z
      .number({ error: 'limit must be a number' })
      .int()
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .optional(),
  })
  .optional();
export type TAuditLogRequest = z.infer<typeof ZAuditLogRequestSchema>;

export const ZAuditLogResponseSchema = pagedResponse(
  z.object({
    id: z.string(),
    at: z.string(),
    actor: z.string().nullable(),
    action: z.string(),
    target: z.string().nullable(),
    details: z.unknown(),
  }),
);
