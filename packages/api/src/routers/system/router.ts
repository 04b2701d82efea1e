import { z } from 'zod';
import { publicProcedure } from '../../procedures';
import { router } from '../../trpc';

export const systemRouter = router({
  /** Which integrations are simulated, so the UI can say so. Public: the login page shows it too. */
  info: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/system/info', tags: ['system'], summary: 'Application facts the UI shows' } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true), data: z.object({ name: z.string(), simulated: z.object({ genesys: z.boolean(), qbo: z.boolean() }) }) }))
    .query(({ ctx }) => ({ success: true as const, data: { name: 'Phone Billing', simulated: ctx.services.config.simulated } })),
});
