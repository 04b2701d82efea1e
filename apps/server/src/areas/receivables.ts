import { randomBytes } from 'node:crypto';
import {
  acceptWebhookDelivery,
  appRouter,
  createCallerFactory,
  createReceivablesQueues,
  queueEventProcessing,
  runSyncPass,
  startReceivablesWorkers,
  syncIntervalSecondsFromEnv,
} from '@phone-billing/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { createRequestContext } from '../plugins/context';
import { answerCsvDownload } from '../plugins/csv-download';
import { REST_PREFIX } from '../plugins/rest';
import { errorBody, frameworkErrorAnswer } from '../plugins/rest-errors';
import type { AreaContext, ServerArea } from './index';
import { mountedQboSimulator } from './qbo';

/** Where QuickBooks (Intuit's developer portal: Webhooks → endpoint URL) delivers its notifications. */
export const QBO_WEBHOOK_PATH = `${REST_PREFIX}/webhooks/quickbooks`;
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const createCaller = createCallerFactory(appRouter);
const stopWorkers = new WeakMap<object, () => Promise<void>>();
const verifierTokens = new WeakMap<object, string | null>();

/** The loopback URL of this process's own port (the mounted simulator delivers there). */
function ownUrl(context: AreaContext): string | null {
  const address = context.app.server.address();
  return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
}

/** A pg-boss job for the stored events, asked at most every 50 ms per process (more asks fold into it). */
function createEventNudge(context: AreaContext): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      queueEventProcessing(context.boss).catch((error: unknown) =>
        context.app.log.warn({ err: error }, 'could not queue QuickBooks event processing'),
      );
    }, 50).unref();
  };
}

/**
 * POST /api/v1/webhooks/quickbooks: public, but only a delivery signed with the verifier token is
 * taken (webhook-intake.ts). The raw bytes are kept for the signature: no JSON parsing before it.
 */
async function webhookRoute(app: FastifyInstance, context: AreaContext): Promise<void> {
  const nudge = createEventNudge(context);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      const { status, body } = frameworkErrorAnswer(error);
      return reply.code(status).type('application/json').send(body);
    });
    scope.post(QBO_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['intuit-signature'];
      const outcome = await acceptWebhookDelivery(context.services.db, {
        rawBody,
        signature: Array.isArray(signature) ? signature[0] : signature,
        verifierToken: verifierTokens.get(context.app) ?? null,
      });
      if (outcome.status === 401) return reply.code(401).type('application/json').send(errorBody(outcome.reason));
      if (outcome.accepted > 0) nudge();
      // Too many events to take one by one: a sync pass reads everything instead.
      if (outcome.overflow) void runSyncPass(context.services);
      return reply
        .code(200)
        .type('application/json')
        .send({ success: true, accepted: outcome.accepted, duplicates: outcome.duplicates, skipped: outcome.skipped });
    });
  });
}

/** GET /api/v1/invoices.csv: the Invoices screen's filtered rows as CSV (errors as the JSON envelope). */
function invoicesCsvRoute(context: AreaContext): void {
  context.app.get<{ Querystring: Record<string, string> }>(`${REST_PREFIX}/invoices.csv`, async (request, reply) => {
    const caller = createCaller(createRequestContext(context.services, request, reply));
    const query = request.query;
    const input = Object.fromEntries(
      ['status', 'customerProfileId', 'kind', 'from', 'to', 'billingJobId']
        .filter((key) => query[key])
        .map((key) => [key, query[key]]),
    );
    return answerCsvDownload(reply, () => caller.receivables.csv(input as never));
  });
}

/**
 * Receivables (issue 22): QuickBooks webhooks in, change data capture every
 * QBO_SYNC_INTERVAL_SECONDS, invoice statuses, payments and e-mail. Without
 * QBO_WEBHOOK_VERIFIER_TOKEN, the simulator mounted at /sim/qbo gets a generated one and delivers
 * its webhooks to this process; with real QuickBooks and no token, deliveries are refused (401).
 */
export const receivablesArea: ServerArea = {
  name: 'receivables',
  async setup(context) {
    await createReceivablesQueues(context.boss);
    const configured = context.config.env.QBO_WEBHOOK_VERIFIER_TOKEN?.trim() || null;
    const simulator = mountedQboSimulator(context.app);
    verifierTokens.set(context.app, configured ?? (simulator ? randomBytes(24).toString('base64url') : null));
    await webhookRoute(context.app, context);
    invoicesCsvRoute(context);
  },
  async prepare(context) {
    const simulator = mountedQboSimulator(context.app);
    const base = ownUrl(context);
    if (simulator && base) {
      // The simulated QuickBooks is subscribed to this process, as a developer registers the URL with Intuit.
      Object.assign(simulator.receivables.webhooks.settings, {
        url: `${base}${QBO_WEBHOOK_PATH}`,
        verifierToken: verifierTokens.get(context.app) ?? '',
      });
    }
    if (context.runWorkers) {
      const syncIntervalSeconds = syncIntervalSecondsFromEnv(context.config.env);
      stopWorkers.set(
        context.boss,
        await startReceivablesWorkers(context.boss, context.services, { syncIntervalSeconds }),
      );
    }
  },
  async stop(context) {
    mountedQboSimulator(context.app)?.receivables.webhooks.stop();
    const stop = stopWorkers.get(context.boss);
    stopWorkers.delete(context.boss);
    await stop?.();
  },
};
