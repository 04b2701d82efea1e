import { z } from 'zod';
import { requiredText, safeText, TEXT_LIMITS } from './text';

// Input schemas shared by the login and settings forms (react-hook-form) and the server.

/**
 * A required e-mail address (also used by Access Control's Add New User). The OpenAPI document
 * says `format: email` with zod's own e-mail pattern, the one the server checks.
 */
export const requiredEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(TEXT_LIMITS.email, `Email cannot be longer than ${TEXT_LIMITS.email} characters`)
  .pipe(z.email({ error: 'Invalid email address' }))
  .meta({ format: 'email', pattern: z.regexes.email.source });

/** A password as typed: kept exactly (no trimming), control characters refused. */
export const passwordText = (label: string, requiredMessage: string, minLength?: number) =>
  safeText({
    label,
    max: TEXT_LIMITS.password,
    required: true,
    requiredMessage,
    kind: 'opaque',
    keepWhitespace: true,
    minLength,
  });

export const ZSignInRequestSchema = z.object({
  email: requiredEmail,
  password: passwordText('Password', 'Password is required'),
  rememberMe: z.boolean().default(true),
});
export type TSignInRequest = z.input<typeof ZSignInRequestSchema>;

export const ZUpdateProfileRequestSchema = z.object({
  name: requiredText('Display name', 120, 'Display name cannot be empty'),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequestSchema>;

export const ZChangePasswordRequestSchema = z.object({
  currentPassword: passwordText('Current password', 'Current password is required'),
  newPassword: passwordText('New password', 'New password must be at least 8 characters', 8),
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequestSchema>;

/** The settings form adds a confirmation field that never leaves the browser. */
export const ZChangePasswordFormSchema = ZChangePasswordRequestSchema.extend({
  confirmPassword: z.string(),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: 'New password and confirmation do not match',
  path: ['confirmPassword'],
});
export type TChangePasswordForm = z.input<typeof ZChangePasswordFormSchema>;

export const ZAuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  permissions: z.array(z.string()),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TAuthUser = z.infer<typeof ZAuthUserSchema>;
