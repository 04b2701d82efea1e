import { cleanUpAccessData, QUIET_QUEUE_POLLING_SECONDS } from '@phone-billing/api';
import type { ServerArea } from './index';

const HOUSEKEEPING_QUEUE = 'access-control.housekeeping';

/** Nightly housekeeping of sessions, setup links, request counters, revoked tokens, sign-in failures, Idempotency-Keys and OAuth states. */
export const accessControlArea: ServerArea = {
  name: 'access-control',
  async setup(ctx) {
    await ctx.boss.createQueue(HOUSEKEEPING_QUEUE);
    if (!ctx.runWorkers) return;
    await ctx.boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: QUIET_QUEUE_POLLING_SECONDS }, async () => {
      const removed = await cleanUpAccessData(ctx.services.db);
      ctx.services.logger.info({ removed }, 'access-control housekeeping');
    });
    await ctx.boss.schedule(HOUSEKEEPING_QUEUE, '15 3 * * *');
  },
};
