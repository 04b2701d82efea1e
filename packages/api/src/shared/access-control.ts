import { z } from 'zod';
import { requiredEmail } from './auth';
import { recordId, requiredText, safeText, safeTextList, textPattern, TEXT_LIMITS } from './text';

// Input schemas of the Access Control page and its REST calls (spec 001 §5, §7; API.md).
// Browser-safe: zod only.

export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

const optionalText = (label: string, max: number, tooLongMessage: string) =>
  safeText({ label, max, tooLongMessage })
    .optional()
    .transform((value) => (value ? value : undefined));

const idList = (label: string, itemLabel: string) =>
  safeTextList({
    label,
    maxItems: TEXT_LIMITS.listEntries,
    item: { label: itemLabel, max: TEXT_LIMITS.id, required: true, requiredMessage: `${itemLabel} cannot be blank` },
  });

/** Add New User: e-mail required; the password is optional (blank: a one-time setup link). */
export const ZCreateUserRequestSchema = z.object({
  email: requiredEmail,
  name: optionalText('Name', 120, 'Name is too long'),
  roleIds: idList('roleIds', 'Role id').default([]),
  password: z
    .string({ error: PASSWORD_TOO_SHORT })
    .meta({
      pattern: textPattern('opaque', true, { minLength: MIN_PASSWORD_LENGTH, orEmpty: true }),
      maxLength: TEXT_LIMITS.password,
    })
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      safeText({
        label: 'Password',
        max: TEXT_LIMITS.password,
        kind: 'opaque',
        keepWhitespace: true,
        tooLongMessage: 'Password is too long',
      })
        .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
        .optional(),
    ),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequestSchema>;

export const ZUpdateUserRolesRequestSchema = z.object({
  id: recordId('User id'),
  roleIds: idList('roleIds', 'Role id'),
});

const permissionKeyAndDescription = 'Permission key and description are required';
export const ZCreateActionRequestSchema = z.object({
  key: safeText({
    label: 'Permission key',
    max: 100,
    required: true,
    requiredMessage: permissionKeyAndDescription,
    tooLongMessage: 'Permission key is too long',
  }).regex(/^\S+$/, 'Permission key cannot contain spaces'),
  description: safeText({
    label: 'Description',
    max: 300,
    required: true,
    requiredMessage: permissionKeyAndDescription,
    tooLongMessage: 'Description is too long',
  }),
});
export type TCreateActionRequest = z.input<typeof ZCreateActionRequestSchema>;

export const ZCreateRoleRequestSchema = z.object({
  name: requiredText('Role name', 100),
  description: optionalText('Description', 300, 'Description is too long'),
  actionKeys: safeTextList({
    label: 'actionKeys',
    maxItems: TEXT_LIMITS.listEntries,
    item: { label: 'Permission key', max: 100, required: true, requiredMessage: 'Permission key cannot be blank' },
  }).default([]),
});
export type TCreateRoleRequest = z.input<typeof ZCreateRoleRequestSchema>;

export const ZCreateApiTokenRequestSchema = z.object({
  name: requiredText('Token name', 100),
});
export type TCreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequestSchema>;

/** The secret of a one-time setup link, as the link carries it. */
export const setupToken = safeText({
  label: 'Setup link',
  max: TEXT_LIMITS.id,
  required: true,
  requiredMessage: 'The setup link is invalid',
  kind: 'opaque',
});

/** GET /auth/setup-password: whose link this is. */
export const ZSetupLinkRequestSchema = z.object({ token: setupToken });

/** The "Choose your password" form of a one-time setup link. */
export const ZSetupPasswordRequestSchema = z.object({
  token: setupToken,
  password: safeText({
    label: 'Password',
    max: TEXT_LIMITS.password,
    required: true,
    requiredMessage: PASSWORD_TOO_SHORT,
    tooLongMessage: 'Password is too long',
    kind: 'opaque',
    keepWhitespace: true,
    minLength: MIN_PASSWORD_LENGTH,
  }),
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
