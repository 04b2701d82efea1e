import { billingWorkerOptionsFromEnv, createBillingQueues, startBillingWorkers } from '@phone-billing/api';
import type { ServerArea } from './index';

const stopWorkers = new WeakMap<object, () => Promise<void>>();

/**
 * Billing: its pg-boss queues (packages/api/src/billing/job-queues.ts; created in every process,
 * idempotently, since web servers send to them too) and, when this process runs workers, the
 * workers of packages/api/src/billing/job-definitions.ts.
 */
export const billingArea: ServerArea = {
  name: 'billing',
  async setup(context) {
    await createBillingQueues(context.boss);
    if (context.runWorkers) {
      stopWorkers.set(context.boss, await startBillingWorkers(context.boss, context.services, billingWorkerOptionsFromEnv(context.config.env)));
    }
  },
  async stop(context) {
    const stop = stopWorkers.get(context.boss);
    stopWorkers.delete(context.boss);
    await stop?.();
  },
};
