import { z } from 'zod';

// Input schemas of the Access Control page and its REST calls (spec 001 §5, §7; API.md).
// Browser-safe: zod only.

export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Add New User: e-mail required; the password is optional (blank: a one-time setup link). */
export const ZCreateUserRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email({ error: 'Invalid email address' })),
  name: optionalText(120, 'Name is too long'),
  roleIds: z.array(z.string({ error: 'Role ids must be strings' }), { error: 'roleIds must be a list of role ids' }).default([]),
  password: z
    .string({ error: PASSWORD_TOO_SHORT })
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Password is too long').optional()),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequestSchema>;

export const ZUpdateUserRolesRequestSchema = z.object({
  id: z.string(),
  roleIds: z.array(z.string(), { error: 'roleIds must be a list of role ids' }),
});

const permissionKeyAndDescription = 'Permission key and description are required';
export const ZCreateActionRequestSchema = z.object({
  key: z
    .string({ error: permissionKeyAndDescription })
    .trim()
    .min(1, permissionKeyAndDescription)
    .max(100, 'Permission key is too long')
    .regex(/^\S+$/, 'Permission key cannot contain spaces'),
  description: z.string({ error: permissionKeyAndDescription }).trim().min(1, permissionKeyAndDescription).max(300, 'Description is too long'),
});
export type TCreateActionRequest = z.input<typeof ZCreateActionRequestSchema>;

export const ZCreateRoleRequestSchema = z.object({
  name: z.string({ error: 'Role name is required' }).trim().min(1, 'Role name is required').max(100, 'Role name is too long'),
  description: optionalText(300, 'Description is too long'),
  actionKeys: z.array(z.string(), { error: 'actionKeys must be a list of permission keys' }).default([]),
});
export type TCreateRoleRequest = z.input<typeof ZCreateRoleRequestSchema>;

export const ZCreateApiTokenRequestSchema = z.object({
  name: z.string({ error: 'Token name is required' }).trim().min(1, 'Token name is required').max(100, 'Token name is too long'),
});
export type TCreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequestSchema>;

/** The "Choose your password" form of a one-time setup link. */
export const ZSetupPasswordRequestSchema = z.object({
  token: z.string({ error: 'The setup link is invalid' }).min(1, 'The setup link is invalid'),
  password: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(200, 'Password is too long'),
});

export const ZSetupPasswordFormSchema = ZSetupPasswordRequestSchema.extend({
  confirmPassword: z.string(),
}).refine((form) => form.password === form.confirmPassword, {
  message: 'Password and confirmation do not match',
  path: ['confirmPassword'],
});
export type TSetupPasswordForm = z.input<typeof ZSetupPasswordFormSchema>;

/** Sorts by a text key, case-insensitively (new roles and permissions are inserted this way). */
export function compareCaseInsensitive(a: string, b: string): number {
  const lower = a.toLowerCase().localeCompare(b.toLowerCase());
  return lower !== 0 ? lower : a.localeCompare(b);
}
