import { z } from 'zod';

// Input schemas shared by the login and settings forms (react-hook-form) and the server.

const requiredEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email({ error: 'Invalid email address' }));

export const ZSignInRequestSchema = z.object({
  email: requiredEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  rememberMe: z.boolean().default(true),
});
export type TSignInRequest = z.input<typeof ZSignInRequestSchema>;

export const ZUpdateProfileRequestSchema = z.object({
  name: z.string({ error: 'Display name cannot be empty' }).trim().min(1, 'Display name cannot be empty').max(120, 'Display name is too long'),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequestSchema>;

export const ZChangePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: z.string({ error: 'New password must be at least 8 characters' }).min(8, 'New password must be at least 8 characters'),
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
