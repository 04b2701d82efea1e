import { z } from 'zod';
import { recordAudit } from '../../auth/audit';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { invalidateOtherSessions, invalidateSession, loadAuthUser } from '../../auth/sessions';
import { signIn } from '../../auth/sign-in';
import { AppError } from '../../errors';
import { protectedProcedure, publicProcedure } from '../../procedures';
import { getOrganizationSettings } from '../../settings/organization-settings';
import {
  ZAuthUserSchema,
  ZChangePasswordRequestSchema,
  ZSignInRequestSchema,
  ZUpdateProfileRequestSchema,
} from '../../shared/auth';
import { router } from '../../trpc';

const ZUserResponseSchema = z.object({ success: z.literal(true), user: ZAuthUserSchema });
const ZSuccessSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export const authRouter = router({
  signIn: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-in', tags: ['auth'], summary: 'Sign in and receive the session cookie' } })
    .input(ZSignInRequestSchema)
    .output(ZUserResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await signIn(ctx.services.db, { email: input.email, password: input.password, rememberMe: input.rememberMe });
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
    .mutation(async ({ ctx, input }) => {
      await ctx.services.db.user.update({ where: { id: ctx.user.id }, data: { displayName: input.name } });
      const user = await loadAuthUser(ctx.services.db, ctx.user.id);
      return { success: true as const, user: user! };
    }),

  changePassword: protectedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/auth/users/me/password', tags: ['auth'], summary: 'Change your password' } })
    .input(ZChangePasswordRequestSchema)
    .output(ZSuccessSchema)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const record = await db.user.findUniqueOrThrow({ where: { id: ctx.user.id } });
      if (!(await verifyPassword(record.passwordHash, input.currentPassword))) {
        throw new AppError('BAD_REQUEST', 'Current password is incorrect', [{ msg: 'Current password is incorrect', path: 'currentPassword' }]);
      }
      await db.user.update({ where: { id: record.id }, data: { passwordHash: await hashPassword(input.newPassword) } });
      const settings = await getOrganizationSettings(db);
      const signedOut = settings.signOutOnPasswordChange ? await invalidateOtherSessions(db, record.id, ctx.auth.sessionId) : 0;
      await recordAudit(db, { actor: ctx.user, action: 'auth.password-changed', target: record.email, details: { otherSessionsSignedOut: signedOut } });
      return { success: true as const, message: 'Password updated' };
    }),
});
