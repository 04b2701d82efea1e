// Signing in and out, your own account, one-time setup links and your API tokens. Requests the
// web's forms share live in shared/auth.ts and shared/access-control.ts.
import { z } from 'zod';
import { dataResponse } from '../common.types';
import { ZAuthUserSchema } from '../../shared/auth';
import { recordId } from '../../shared/text';

/** The signed-in user as the app shows them (after sign-in, a profile change or a setup link). */
export const ZUserResponseSchema = z.object({ success: z.literal(true), user: ZAuthUserSchema });

export const ZSessionResponseSchema = z.object({ success: z.literal(true), user: ZAuthUserSchema.nullable() });

export const ZSetupLinkInfoResponseSchema = dataResponse(z.object({ email: z.string(), expiresAt: z.string() }));

const ZApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const ZListTokensResponseSchema = dataResponse(z.array(ZApiTokenSchema));

/** A new token with its secret, shown this once. */
export const ZCreateTokenResponseSchema = dataResponse(
  z.object({ id: z.string(), name: z.string(), token: z.string(), createdAt: z.string() }),
);

export const ZRevokeTokenRequestSchema = z.object({ id: recordId('Token id') });
export type TRevokeTokenRequest = z.infer<typeof ZRevokeTokenRequestSchema>;
