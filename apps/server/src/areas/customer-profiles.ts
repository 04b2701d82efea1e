import {
  createBillingQueues,
  createDemoProfiles,
  SCHEDULE_TICK,
  SIMULATED_GENESYS_QUEUE_NAMES,
  type AppServices,
} from '@phone-billing/api';
import type { AreaContext, ServerArea } from './index';

/**
 * Customer profiles on the server: the demo profiles on the simulators, and a schedule tick right
 * after start (the tick itself, turning every passed next run into a scheduled billing run, is one
 * of billing's queues: packages/api/src/billing/job-queues.ts).
 */
export const customerProfilesArea: ServerArea = {
  name: 'customer-profiles',

  async setup(ctx) {
    // Queues exist in every process: web servers may send to them even when they run no workers.
    await createBillingQueues(ctx.boss);
  },

  async prepare(ctx) {
    if (demoDataWanted(ctx)) {
      try {
        const created = await createDemoProfiles(ctx.services.db, await simulatedQueueNames(ctx.services));
        if (created > 0) ctx.services.logger.info({ created }, 'Created demo customer profiles for the simulators');
      } catch (error) {
        ctx.services.logger.warn({ err: error }, 'Could not create demo customer profiles');
      }
    }
    // A run missed while the server was down happens now rather than at the first minute tick.
    if (ctx.runWorkers) await ctx.services.jobs?.send(SCHEDULE_TICK.name, {}, { singletonKey: 'startup-tick' });
  },
};

/**
 * Demo profiles only on the simulators (never with real credentials). DEMO_DATA=0 turns them off
 * (the test harness sets it, so each area's tests start from an empty list).
 */
function demoDataWanted(ctx: AreaContext): boolean {
  const { simulated } = ctx.services.config;
  if (!simulated.genesys || !simulated.qbo) return false;
  const flag = ctx.config.env.DEMO_DATA;
  if (flag === '0' || flag === 'false') return false;
  return true;
}

async function simulatedQueueNames(services: AppServices): Promise<string[]> {
  try {
    const queues = await services.integrations.genesys?.listQueues();
    if (queues && queues.length > 0) return queues.map((queue) => queue.name).sort((a, b) => a.localeCompare(b));
  } catch (error) {
    services.logger.warn({ err: error }, 'Genesys queues unavailable for demo profiles');
  }
  const stored = await services.db.genesysQueue.findMany({ select: { name: true }, orderBy: { name: 'asc' } });
  return stored.length > 0 ? stored.map((queue) => queue.name) : [...SIMULATED_GENESYS_QUEUE_NAMES];
}
