import { publicProcedure } from '../../procedures';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import { ZSystemInfoResponseSchema } from './system.types';

export const systemRouter = router({
  /** Which integrations are simulated, so the UI can say so. Public: the login page shows it too. */
  info: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/system/info', tags: ['system'], summary: 'Application facts the UI shows' },
    })
    .input(ZNoInputRequestSchema)
    .output(ZSystemInfoResponseSchema)
    .query(({ ctx }) => ({
      success: true as const,
      data: { name: 'Phone Billing', simulated: ctx.services.config.simulated },
    })),
});
