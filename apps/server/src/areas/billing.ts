import {
  appRouter,
  billingWorkerOptionsFromEnv,
  createBillingQueues,
  createCallerFactory,
  startBillingWorkers,
} from '@phone-billing/api';
import { createRequestContext } from '../plugins/context';
import { answerCsvDownload } from '../plugins/csv-download';
import { REST_PREFIX } from '../plugins/rest';
import type { ServerArea } from './index';

const stopWorkers = new WeakMap<object, () => Promise<void>>();
const createCaller = createCallerFactory(appRouter);

/**
 * Billing: its pg-boss queues (packages/api/src/billing/job-queues.ts; created in every process,
 * idempotently, since web servers send to them too) and, when this process runs workers, the
 * workers of packages/api/src/billing/job-definitions.ts. Also the one REST answer that is not
 * JSON: the calls behind a customer's invoice, as CSV.
 */
export const billingArea: ServerArea = {
  name: 'billing',
  async setup(context) {
    await createBillingQueues(context.boss);
    context.app.get<{ Params: { id: string }; Querystring: { profileId?: string } }>(
      `${REST_PREFIX}/billing/jobs/:id/calls.csv`,
      async (request, reply) => {
        const caller = createCaller(createRequestContext(context.services, request, reply));
        return answerCsvDownload(reply, () =>
          caller.billing.jobCallsCsv({ id: request.params.id, profileId: request.query.profileId ?? '' }),
        );
      },
    );
  },
  async prepare(context) {
    // Workers start once the server listens: a job pulls calls from the simulated Genesys, which is
    // served on this process's own port.
    if (context.runWorkers) {
      stopWorkers.set(
        context.boss,
        await startBillingWorkers(context.boss, context.services, billingWorkerOptionsFromEnv(context.config.env)),
      );
    }
  },
  async stop(context) {
    const stop = stopWorkers.get(context.boss);
    stopWorkers.delete(context.boss);
    await stop?.();
  },
};
