import { billingWorkerOptionsFromEnv, createBillingQueues, startBillingWorkers } from '@phone-billing/api';
import type { ServerArea } from './index';

const stopWorkers = new WeakMap<object, () => Promise<void>>();

/**
 * Billing: the pg-boss queues 'billing.run-job' and 'billing.scheduled-run' (created in every
 * process, idempotently) and, when this process runs workers, the job runner, the scheduled-run
 * handler and the sweep that resumes interrupted jobs and releases held runs.
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
