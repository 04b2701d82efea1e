import { changePassword, updateDisplayName } from '../../auth/own-account';
import { invalidateSession } from '../../auth/sessions';
import { signIn } from '../../auth/sign-in';
import { AppError } from '../../errors';
import { createApiToken, listApiTokens, revokeApiToken } from '../../auth/api-tokens';
import { describeSetupLink, redeemSetupLink } from '../../access-control/password-setup';
import { protectedProcedure, publicProcedure } from '../../procedures';
import {
  ZCreateApiTokenRequestSchema,
  ZSetupLinkRequestSchema,
  ZSetupPasswordRequestSchema,
} from '../../shared/access-control';
import { ZChangePasswordRequestSchema, ZSignInRequestSchema, ZUpdateProfileRequestSchema } from '../../shared/auth';
import { router } from '../../trpc';
import { ZNoInputRequestSchema, ZSuccessResponseSchema } from '../common.types';
import {
  ZCreateTokenResponseSchema,
  ZListTokensResponseSchema,
  ZRevokeTokenRequestSchema,
  ZSessionResponseSchema,
  ZSetupLinkInfoResponseSchema,
  ZUserResponseSchema,
} from './auth.types';

export const authRouter = router({
  signIn: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/sign-in',
        errorResponses: {
          401: 'Wrong e-mail or password',
          429: 'Too many failed sign-ins in the last 15 minutes (wrong passwords only; refused attempts do not count): 5 for this e-mail from this address, 50 for this e-mail from at least 10 addresses, 20 from this address; or over 30 requests a minute from this address',
        },
        tags: ['auth'],
        summary: 'Sign in and receive the session cookie',
      },
    })
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
    .input(ZNoInputRequestSchema)
    .output(ZSuccessResponseSchema)
    .mutation(async ({ ctx }) => {
      if (ctx.auth?.sessionId) await invalidateSession(ctx.services.db, ctx.auth.sessionId);
      ctx.cookies.clearSession();
      return { success: true as const };
    }),

  me: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags: ['auth'], summary: 'The signed-in user' } })
    .input(ZNoInputRequestSchema)
    .output(ZUserResponseSchema)
    .query(({ ctx }) => ({ success: true as const, user: ctx.user })),

  // The web app's session check at page load (spec 000: it asks once who is signed in). Nobody is
  // an answer here, not an error: a signed-out visitor's browser logs every 401 as a console
  // error. /trpc only; scripts ask GET /auth/me, which refuses them without a session or token.
  session: publicProcedure
    .input(ZNoInputRequestSchema)
    .output(ZSessionResponseSchema)
    .query(({ ctx }) => ({ success: true as const, user: ctx.auth?.user ?? null })),

  updateProfile: protectedProcedure
    .meta({
      openapi: { method: 'PATCH', path: '/auth/users/me/profile', tags: ['auth'], summary: 'Change your display name' },
    })
    .input(ZUpdateProfileRequestSchema)
    .output(ZUserResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      user: await updateDisplayName(ctx.services.db, ctx.user, input.name),
    })),

  changePassword: protectedProcedure
    .meta({
      openapi: { method: 'PATCH', path: '/auth/users/me/password', tags: ['auth'], summary: 'Change your password' },
    })
    .input(ZChangePasswordRequestSchema)
    .output(ZSuccessResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.services.db, ctx.user, input, ctx.auth.sessionId);
      return { success: true as const, message: 'Password updated' };
    }),

  // ------------------------------------------------------------------ one-time password setup links

  setupLinkInfo: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/setup-password',
        errorResponses: { 404: 'The link is invalid, expired or already used' },
        tags: ['auth'],
        summary: 'Whose one-time setup link this is, if it can still be used',
      },
    })
    .input(ZSetupLinkRequestSchema)
    .output(ZSetupLinkInfoResponseSchema)
    .query(async ({ ctx, input }) => {
      const info = await describeSetupLink(ctx.services.db, input.token);
      if (!info)
        throw new AppError(
          'NOT_FOUND',
          'This setup link is invalid, expired or has already been used. Ask an administrator for a new one.',
        );
      return { success: true as const, data: info };
    }),

  setupPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/setup-password',
        tags: ['auth'],
        summary: 'Choose a password with a one-time link and sign in',
      },
    })
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
    .input(ZNoInputRequestSchema)
    .output(ZListTokensResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await listApiTokens(ctx.services.db, ctx.user.id) })),

  createToken: protectedProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/auth/tokens',
        tags: ['auth'],
        summary: 'Create an API token (the secret is shown this once)',
      },
    })
    .input(ZCreateApiTokenRequestSchema)
    .output(ZCreateTokenResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const data = await createApiToken(ctx.services.db, ctx.user, input.name);
      return { success: true as const, data };
    }),

  revokeToken: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/auth/tokens/{id}',
        tags: ['auth'],
        summary: 'Revoke one of your API tokens',
      },
    })
    .input(ZRevokeTokenRequestSchema)
    .output(ZSuccessResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeApiToken(ctx.services.db, ctx.user, input.id);
      return { success: true as const };
    }),
});
