// Model-based property test of following invoices after sending (issue 22, DESIGN.md §4): random
// payments (partial, full, deleted), voids, deletes, e-mails, webhook drops, duplicates and
// reorders, worker crashes, app restarts and CDC passes. QuickBooks (the simulator) is the oracle:
// at every quiescent point each invoice's status, balance and e-mail status in the app equal what
// the simulator holds, and the invoices flagged for release are exactly those voided or deleted there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryTokenStore,
  QboClient,
  QboOAuth,
  receivableStatus,
  type QboTokenSet,
} from '@phone-billing/integrations/qbo';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { createTestApi, type TestApi } from '../../../../test/caller';
import { AppError } from '../errors';
import { listInvoices } from './receivable-views';
import { syncWithQuickBooks } from './cdc-sync';
import { processWebhookEvents, releaseStaleClaims } from './process-events';
import { sendInvoiceEmail } from './send-invoice-email';
import { acceptWebhookDelivery } from './webhook-intake';

const RUNS = Number(process.env.RECEIVABLES_PROPERTY_RUNS ?? 12);
const SEED = process.env.RECEIVABLES_PROPERTY_SEED ? Number(process.env.RECEIVABLES_PROPERTY_SEED) : undefined;
const TOKEN = 'property-verifier-token';

let api: TestApi;
let simulator: QboSimulator;
let simulatorUrl: string;
let closeSimulator: () => Promise<void>;
let webhookServer: Server;
let tokens: QboTokenSet;
let client: QboClient;
let profileId: string;
const tally = { sequences: 0, steps: 0, invoices: 0, payments: 0, voids: 0, deletes: 0, emails: 0, syncs: 0 };

function newClient(): QboClient {
  const config = {
    ...simulator.credentials,
    environment: 'sandbox' as const,
    redirectUri: 'http://localhost/qbo-callback',
    simulatorBaseUrl: simulatorUrl,
  };
  return new QboClient({ config, tokenStore: createMemoryTokenStore(tokens), sleep: () => Promise.resolve() });
}

beforeAll(async () => {
  api = await createTestApi();
  simulator = createQboSimulator({ receivables: { emailsPerDay: 1_000_000 } });
  const listening = await simulator.listen();
  simulatorUrl = listening.url;
  closeSimulator = listening.close;
  const config = {
    ...simulator.credentials,
    environment: 'sandbox' as const,
    redirectUri: 'http://localhost/qbo-callback',
    simulatorBaseUrl: simulatorUrl,
  };
  tokens = await new QboClient({ config, tokenStore: createMemoryTokenStore() }).connect(
    await simulator.approve(new QboOAuth(config).authorizeUrl('receivables-property')),
  );
  client = newClient();
  // The app's intake, as POST /api/v1/webhooks/quickbooks runs it (raw body, signature first).
  webhookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const signature = req.headers['intuit-signature'];
      acceptWebhookDelivery(api.db, {
        rawBody: Buffer.concat(chunks),
        signature: typeof signature === 'string' ? signature : undefined,
        verifierToken: TOKEN,
      }).then(
        (outcome) => res.writeHead(outcome.status).end(),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
  Object.assign(simulator.receivables.webhooks.settings, {
    url: `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/webhooks`,
    verifierToken: TOKEN,
    retryScheduleMs: [0, 20, 50],
  });
  profileId = (
    await api.db.customerProfile.create({
      data: { qboDisplayName: 'Property Customer', genesysQueueNames: [], qboCustomerId: '1' },
    })
  ).id;
}, 120_000);

afterAll(async () => {
  simulator?.receivables.webhooks.stop();
  await new Promise<void>((resolve) => (webhookServer ? webhookServer.close(() => resolve()) : resolve()));
  await closeSimulator?.();
  await api?.close();
});

type World = { invoiceIds: string[]; dropped: boolean; log: string[] };

/** Creates an invoice in QuickBooks and its ledger entry, as a billing job leaves them. */
async function createInvoice(world: World, amount: number, daysAgo: number): Promise<void> {
  const txnDate = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const requestId = randomUUID();
  const invoice = await client.createInvoice(
    {
      CustomerRef: { value: '1' },
      TxnDate: txnDate,
      Line: [{ DetailType: 'SalesItemLineDetail', Amount: amount, SalesItemLineDetail: { ItemRef: { value: '21' } } }],
    },
    { requestId },
  );
  await api.db.invoiceLedgerEntry.create({
    data: {
      profileId,
      periodStart: new Date(`${txnDate}T00:00:00Z`),
      periodEnd: new Date(`${txnDate}T00:00:00Z`),
      billingJobId: randomUUID(),
      docNumber: `PROP-${invoice.Id}`,
      requestId,
      qboInvoiceId: invoice.Id,
      amount: amount.toFixed(2),
      state: 'CREATED',
      txnDate: new Date(`${txnDate}T00:00:00Z`),
    },
  });
  world.invoiceIds.push(invoice.Id);
  tally.invoices += 1;
}

async function drainEvents(): Promise<void> {
  await simulator.receivables.webhooks.idle();
  while ((await processWebhookEvents(api.db, client)).events > 0) {
    // until nothing is pending
  }
}

/**
 * The quiescent point: deliveries done and worked; when some were dropped since the last check,
 * one CDC pass too (the safety net's job). Then the app must agree with QuickBooks.
 */
async function checkAgreement(world: World, label: string): Promise<void> {
  await drainEvents();
  // Deliveries dropped since the last check, or still being dropped: the safety net's turn.
  if (world.dropped || simulator.receivables.webhooks.settings.mode === 'drop') {
    // What a sync pass does (workers.ts runSyncPass): frees a dead worker's claims, then CDC.
    await releaseStaleClaims(api.db);
    await syncWithQuickBooks(api.db, client);
    await drainEvents();
    tally.syncs += 1;
    world.dropped = false;
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  const rows = (await listInvoices(api.db, { page: 1, limit: 500, customerProfileId: profileId }, null)).data;
  const held = new Map(simulator.invoices().map((invoice) => [invoice.Id, invoice]));
  for (const id of world.invoiceIds) {
    const row = rows.find((candidate) => candidate.qboId === id);
    const invoice = held.get(id) ?? null;
    const expected = {
      status: receivableStatus(invoice, today),
      balance: invoice && receivableStatus(invoice, today) !== 'VOIDED' ? invoice.Balance : 0,
      emailed: invoice?.EmailStatus === 'EmailSent',
    };
    const actual = { status: row?.status, balance: row?.balance, emailed: row?.emailStatus === 'SENT' };
    if (invoice === null) expected.emailed = actual.emailed; // a deleted invoice's e-mail status is whatever it was
    expect(actual, `invoice ${id} after ${label}`).toEqual(expected);
  }
  const flagged = await api.db.invoiceLedgerEntry.findMany({
    where: { profileId, qboStatus: { in: ['voided', 'deleted'] } },
    select: { qboInvoiceId: true },
  });
  const goneInQuickBooks = world.invoiceIds.filter((id) =>
    ['VOIDED', 'DELETED'].includes(receivableStatus(held.get(id) ?? null, today)),
  );
  expect(
    new Set(flagged.map((entry) => entry.qboInvoiceId).filter((id) => world.invoiceIds.includes(id!))),
    `flags after ${label}`,
  ).toEqual(new Set(goneInQuickBooks));
}

type Command = fc.AsyncCommand<object, World>;
const step = (name: string, body: (world: World) => Promise<void>, quiesce = false): Command => ({
  check: () => true,
  run: async (_model, world) => {
    world.log.push(name);
    tally.steps += 1;
    await body(world);
    if (quiesce) await checkAgreement(world, name);
  },
  toString: () => name,
});

const pick = <T>(items: T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/**
 * A QuickBooks refusal (void with a payment applied, paying a voided invoice) is the customer's
 * problem, not the app's.
 */
async function asCustomer(action: () => unknown): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof Error) || !/^Cannot /.test(error.message)) throw error;
  }
}

const commands = [
  fc
    .record({ amount: fc.integer({ min: 100, max: 50_000 }), overdue: fc.boolean() })
    .map((spec) =>
      step(`create invoice ${spec.amount / 100}${spec.overdue ? ' (45 days old)' : ''}`, (world) =>
        createInvoice(world, spec.amount / 100, spec.overdue ? 45 : 1),
      ),
    ),
  fc.record({ pick: fc.nat(), share: fc.constantFrom(0.25, 0.5, 1) }).map((spec) =>
    step(`pay ${spec.share * 100}% of invoice #${spec.pick}`, async (world) => {
      const invoice = simulator.invoices().find((candidate) => candidate.Id === pick(world.invoiceIds, spec.pick));
      if (!invoice || invoice.Balance <= 0) return;
      tally.payments += 1;
      await asCustomer(() =>
        simulator.receivables.recordPayment(
          invoice.Id,
          Math.max(0.01, Math.round(invoice.Balance * spec.share * 100) / 100),
        ),
      );
    }),
  ),
  fc.nat().map((index) =>
    step(`delete payment #${index}`, async () => {
      const payment = pick(simulator.receivables.payments(), index);
      if (payment) await asCustomer(() => simulator.receivables.deletePayment(payment.Id));
    }),
  ),
  fc.nat().map((index) =>
    step(`void invoice #${index}`, async (world) => {
      const id = pick(world.invoiceIds, index);
      tally.voids += 1;
      if (id) await asCustomer(() => simulator.voidInvoice(id));
    }),
  ),
  fc.nat().map((index) =>
    step(`delete invoice #${index}`, async (world) => {
      const id = pick(world.invoiceIds, index);
      tally.deletes += 1;
      if (id) await asCustomer(() => simulator.deleteInvoice(id));
    }),
  ),
  fc.nat().map((index) =>
    step(`e-mail invoice #${index} from the app`, async (world) => {
      const id = pick(world.invoiceIds, index);
      const entry = id ? await api.db.invoiceLedgerEntry.findFirst({ where: { qboInvoiceId: id, profileId } }) : null;
      if (!entry) return;
      try {
        await sendInvoiceEmail(api.db, client, entry.id, { sendTo: 'ap@property.example', actor: null });
        tally.emails += 1;
      } catch (error) {
        // Refused for a voided or deleted invoice: what the app must say, never a crash.
        if (!(error instanceof AppError) || !['CONFLICT', 'BAD_REQUEST'].includes(error.code)) throw error;
      }
    }),
  ),
  fc.constantFrom('deliver', 'drop', 'duplicate', 'reorder').map((mode) =>
    step(`webhooks ${mode}`, async (world) => {
      simulator.receivables.webhooks.settings.mode = mode as 'deliver';
      if (mode === 'drop') world.dropped = true;
    }),
  ),
  fc.constant(
    step('a worker dies holding events', async (world) => {
      await simulator.receivables.webhooks.idle();
      await api.db
        .$executeRaw`UPDATE qbo_webhook_events SET "processedAt" = now() - interval '5 minutes', outcome = 'working' WHERE "processedAt" IS NULL`;
      // Only the next sync pass brings what those events told.
      world.dropped = true;
    }),
  ),
  fc.constant(
    step('the app restarts (new client, stale claims released, a sync pass)', async () => {
      client = newClient();
      await simulator.receivables.webhooks.idle();
      await releaseStaleClaims(api.db);
      await syncWithQuickBooks(api.db, client);
      tally.syncs += 1;
    }),
  ),
  fc.constant(step('CDC pass', async () => void (await syncWithQuickBooks(api.db, client)))),
  fc.constant(step('quiescent point', async () => undefined, true)),
];

describe('receivables follow QuickBooks', () => {
  it(
    `agree with QuickBooks at every quiescent point over ${RUNS} random sequences`,
    { timeout: Math.max(240_000, RUNS * 40_000) },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'large' }), async (sequence) => {
          simulator.receivables.webhooks.settings.mode = 'deliver';
          const world: World = { invoiceIds: [], dropped: false, log: [] };
          try {
            for (let index = 0; index < 3; index += 1)
              await createInvoice(world, 10 + index * 7.5, index === 2 ? 45 : 1);
            await fc.asyncModelRun(() => ({ model: {}, real: world }), sequence);
            await checkAgreement(world, 'the end');
            tally.sequences += 1;
          } catch (error) {
            throw new Error(`${(error as Error).message}\nsequence:\n  ${world.log.join('\n  ')}`);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, verbose: 1 },
      );
      console.info(`receivables property: ${JSON.stringify(tally)}`);
      expect(tally.payments + tally.voids + tally.deletes).toBeGreaterThan(0);
    },
  );
});
