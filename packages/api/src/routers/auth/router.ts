import { z } from 'zod';
import { changePassword, updateDisplayName } from '../../auth/own-account';
import { invalidateSession } from '../../auth/sessions';
import { signIn } from '../../auth/sign-in';
import { AppError } from '../../errors';
import { createApiToken, listApiTokens, revokeApiToken } from '../../access-control/api-tokens';
import { describeSetupLink, redeemSetupLink } from '../../access-control/password-setup';
import { protectedProcedure, publicProcedure } from '../../procedures';
import { ZCreateApiTokenRequestSchema, ZSetupLinkQuerySchema, ZSetupPasswordRequestSchema } from '../../shared/access-control';
import {
  ZAuthUserSchema,
  ZChangePasswordRequestSchema,
  ZSignInRequestSchema,
  ZUpdateProfileRequestSchema,
} from '../../shared/auth';
import { recordId } from '../../shared/text';
import { router } from '../../trpc';

const ZUserResponseSchema = z.object({ success: z.literal(true), user: ZAuthUserSchema });
const ZSuccessSchema = z.object({ success: z.literal(true), message: z.string().optional() });
const ZApiTokenSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
const noInput = z.object({}).optional();

export const authRouter = router({
  signIn: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-in', errorResponses: { 401: 'Wrong e-mail or password', 429: 'Too many attempts: for this e-mail (5 in 15 minutes), from this address (20 failures in 15 minutes, 30 requests a minute)' }, tags: ['auth'], summary: 'Sign in and receive the session cookie' } })
    .input(ZSignInRequestSchema)
    .output(ZUserResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await signIn(ctx.services.db, {
        email: input.email,
        password: input.password,
        rememberMe: input.rememberMe,
        clientAddress: ctx.request.ip,
      });
      ctx.cookies.setSession(session.token, session.cookieExpiresAt);
      return { success: true as const, user };
    }),

  signOut: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-out', tags: ['auth'], summary: 'End the current session' } })
    .input(z.object({}).optional())
    .output(ZSuccessSchema)
    .mutation(async ({ ctx }) => {
      if (ctx.auth?.sessionId) await invalidateSession(ctx.services.db, ctx.auth.sessionId);
      ctx.cookies.clearSession();
      return { success: true as const };
    }),

  me: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags: ['auth'], summary: 'The signed-in user' } })
    .input(z.object({}).optional())
    .output(ZUserResponseSchema)
    .query(({ ctx }) => ({ success: true as const, user: ctx.user })),

  updateProfile: protectedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/auth/users/me/profile', tags: ['auth'], summary: 'Change your display name' } })
    .input(ZUpdateProfileRequestSchema)
    .output(ZUserResponseSchema)
    .mutation(async ({ ctx, input }) => ({ success: true as const, user: await updateDisplayName(ctx.services.db, ctx.user, input.name) })),

  changePassword: protectedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/auth/users/me/password', tags: ['auth'], summary: 'Change your password' } })
    .input(ZChangePasswordRequestSchema)
    .output(ZSuccessSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.services.db, ctx.user, input, ctx.auth.sessionId);
      return { success: true as const, message: 'Password updated' };
    }),

  // ------------------------------------------------------------------ one-time password setup links

  setupLinkInfo: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/setup-password', errorResponses: { 404: 'The link is invalid, expired or already used' }, tags: ['auth'], summary: 'Whose one-time setup link this is, if it can still be used' } })
    .input(ZSetupLinkQuerySchema)
    .output(z.object({ success: z.literal(true), data: z.object({ email: z.string(), expiresAt: z.string() }) }))
    .query(async ({ ctx, input }) => {
      const info = await describeSetupLink(ctx.services.db, input.token);
      if (!info) throw new AppError('NOT_FOUND', 'This setup link is invalid, expired or has already been used. Ask an administrator for a new one.');
      return { success: true as const, data: info };
    }),

  setupPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/setup-password', tags: ['auth'], summary: 'Choose a password with a one-time link and sign in' } })
    .input(ZSetupPasswordRequestSchema)
    .output(ZUserResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await redeemSetupLink(ctx.services.db, input);
      ctx.cookies.setSession(session.token, session.cookieExpiresAt);
      return { success: true as const, user };
    }),

  // ------------------------------------------------------------------ API tokens (your own)

  listTokens: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/tokens', tags: ['auth'], summary: 'Your API tokens' } })
    .input(noInput)
    .output(z.object({ success: z.literal(true), data: z.array(ZApiTokenSchema) }))
    .query(async ({ ctx }) => ({ success: true as const, data: await listApiTokens(ctx.services.db, ctx.user.id) })),

  createToken: protectedProcedure
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/auth/tokens', tags: ['auth'], summary: 'Create an API token (the secret is shown this once)' } })
    .input(ZCreateApiTokenRequestSchema)
    .output(z.object({ success: z.literal(true), data: z.object({ id: z.string(), name: z.string(), token: z.string(), createdAt: z.string() }) }))
    .mutation(async ({ ctx, input }) => {
      const data = await createApiToken(ctx.services.db, ctx.user, input.name);
      return { success: true as const, data };
    }),

  revokeToken: protectedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/auth/tokens/{id}', tags: ['auth'], summary: 'Revoke one of your API tokens' } })
    .input(z.object({ id: recordId('Token id') }))
    .output(ZSuccessSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeApiToken(ctx.services.db, ctx.user, input.id);
      return { success: true as const };
    }),
});
