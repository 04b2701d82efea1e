import { signWebhookBody } from '@phone-billing/integrations/qbo';
import type { QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, insertCalls, runJob, stubGenesys, waitForJob } from '../../../../test/billing-kit';
import { connectMountedQuickBooks } from '../../../../test/qbo-connect';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import { mountedQboSimulator } from './qbo';

// Issue 22 over HTTP, as a newcomer meets it: a real billing job creates invoices in the mounted
// simulator, the "customer" pays and voids there, the simulator tells the app by signed webhooks,
// and the Invoices list shows it; with webhooks dropped, the next sync interval brings the same.

type InvoiceRow = {
  id: string;
  qboId: string;
  docNumber: string;
  status: string;
  balance: number;
  totalAmount: number;
  emailStatus: string;
  emailedAt: string | null;
  releasable: boolean;
  dueDate: string | null;
  customerProfileId: string;
};

let test: TestServer;
let admin: RestClient;
let simulator: QboSimulator;
let invoices: InvoiceRow[];
const realm = () => simulator.realmId;

async function listInvoices(query = ''): Promise<InvoiceRow[]> {
  const answer = await admin.get(`/api/v1/invoices${query}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: InvoiceRow[] }).data;
}

/** Polls the Invoices list until `done` holds for the invoice (a user reloading the screen). */
async function waitForInvoice(
  qboId: string,
  done: (row: InvoiceRow) => boolean,
  timeoutMs = 60_000,
): Promise<InvoiceRow> {
  const started = Date.now();
  for (;;) {
    const row = (await listInvoices()).find((candidate) => candidate.qboId === qboId);
    if (row && done(row)) return row;
    if (Date.now() - started > timeoutMs)
      throw new Error(`invoice ${qboId} still ${JSON.stringify(row)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function postWebhook(body: string, signature: string | null, contentType = 'application/json') {
  return fetch(`${test.url}/api/v1/webhooks/quickbooks`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(signature === null ? {} : { 'intuit-signature': signature }) },
    body,
  });
}

const verifierToken = () => simulator.receivables.webhooks.settings.verifierToken;

beforeAll(async () => {
  test = await startTestServer({ env: { QBO_SYNC_INTERVAL_SECONDS: '6' } });
  stubGenesys(test);
  admin = await test.admin();
  await connectMountedQuickBooks(admin);
  simulator = mountedQboSimulator(test.server.app)!;
  const db = test.server.services.db;
  const customers = simulator.customers();
  for (const [index, queue] of ['Recv A', 'Recv B', 'Recv C', 'Recv D'].entries()) {
    const profile = await createProfile(db, {
      name: `Receivable ${index}`,
      queues: [queue],
      rate: '1.00',
      qboCustomerId: customers[index]!.Id,
    });
    if (index === 0)
      await db.customerProfile.update({
        where: { id: profile.id },
        data: { qboPrimaryEmailAddr: 'ap@receivable-0.example' },
      });
    await insertCalls(db, [{ queueId: `rq-${index}`, start: '2026-10-05T17:00:00Z', seconds: 600 * (index + 1) }]);
    await db.genesysQueue.upsert({
      where: { id: `rq-${index}` },
      create: { id: `rq-${index}`, name: queue },
      update: {},
    });
  }
  const { id } = await runJob(admin, {
    billingPeriodStart: '2026-10-01',
    billingPeriodEnd: '2026-10-31',
    selectedQueues: ['Recv A', 'Recv B', 'Recv C', 'Recv D'],
  });
  const job = await waitForJob(test, admin, id, 60_000);
  expect(job.status).toBe('COMPLETED');
  invoices = await listInvoices();
  expect(invoices).toHaveLength(4);
}, 120_000);

afterAll(async () => {
  await test?.stop();
});

describe('receivables: webhooks from the simulated QuickBooks', () => {
  it('a partial payment shows PARTIALLY_PAID with the right balance; a void shows VOIDED, releasable', async () => {
    // Not the first customer's invoice: the next test e-mails that one.
    const customerOf = (row: InvoiceRow) =>
      simulator.invoices().find((invoice) => invoice.Id === row.qboId)?.CustomerRef.value;
    const [paid, voided] = invoices
      .filter((row) => customerOf(row) !== simulator.customers()[0]!.Id)
      .sort((a, b) => Number(a.qboId) - Number(b.qboId));
    const payment = await fetch(`${test.url}/sim/qbo/_control/invoices/${paid!.qboId}/payments`, {
      method: 'POST',
      body: JSON.stringify({ amount: 3.25 }),
    });
    expect(payment.status).toBe(200);
    expect(
      (await fetch(`${test.url}/sim/qbo/_control/invoices/${voided!.qboId}/void`, { method: 'POST', body: '{}' }))
        .status,
    ).toBe(200);

    const partly = await waitForInvoice(paid!.qboId, (row) => row.status === 'PARTIALLY_PAID');
    expect(partly.balance).toBe(Math.round((paid!.totalAmount - 3.25) * 100) / 100);
    const detail = (await admin.get(`/api/v1/invoices/${paid!.id}`)).body as {
      data: { payments: Array<{ amount: number }> };
    };
    expect(detail.data.payments.map((row) => row.amount)).toEqual([3.25]);
    const gone = await waitForInvoice(voided!.qboId, (row) => row.status === 'VOIDED');
    expect(gone.releasable).toBe(true);
    const ledger = await test.server.services.db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: voided!.id } });
    expect(ledger.qboStatus).toBe('voided');
    expect((await admin.get('/api/v1/invoices?status=VOIDED')).body.data.map((row: InvoiceRow) => row.qboId)).toEqual([
      voided!.qboId,
    ]);
  });

  it("e-mails an invoice to the profile's address and shows Sent with the time; refuses a voided one", async () => {
    const target = invoices.find(
      (row) =>
        simulator.invoices().find((invoice) => invoice.Id === row.qboId)?.CustomerRef.value ===
        simulator.customers()[0]!.Id,
    )!;
    const sent = await admin.post(`/api/v1/invoices/${target.id}/send`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ emailStatus: 'SENT', emailedTo: 'ap@receivable-0.example' });
    expect(sent.body.data.emailedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const voided = (await listInvoices('?status=VOIDED'))[0]!;
    const refused = await admin.post(`/api/v1/invoices/${voided.id}/send`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('voided');
    const badAddress = await admin.post(`/api/v1/invoices/${target.id}/send`, { sendTo: 'not an address' });
    expect(badAddress.status).toBe(400);
  });

  it('with every webhook dropped, the next sync interval brings the payment anyway', async () => {
    const control = await fetch(`${test.url}/sim/qbo/_control/webhooks`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'drop' }),
    });
    expect(control.status).toBe(200);
    const open = (await listInvoices('?status=OPEN')).find((row) => row.balance > 0)!;
    simulator.receivables.recordPayment(open.qboId, open.balance);
    const started = Date.now();
    await waitForInvoice(open.qboId, (row) => row.status === 'PAID' && row.balance === 0, 30_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    await fetch(`${test.url}/sim/qbo/_control/webhooks`, { method: 'POST', body: JSON.stringify({ mode: 'deliver' }) });
  });
});

describe('receivables: bad webhook deliveries', () => {
  const body = () =>
    JSON.stringify({
      eventNotifications: [
        {
          realmId: realm(),
          dataChangeEvent: {
            entities: [
              { name: 'Invoice', id: invoices[0]!.qboId, operation: 'Update', lastUpdated: new Date().toISOString() },
            ],
          },
        },
      ],
    });

  it('refuses a missing or wrong signature (also on a replayed body) with 401 and stores nothing', async () => {
    const db = test.server.services.db;
    const before = await db.qboWebhookEvent.count();
    const missing = await postWebhook(body(), null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ success: false, error: expect.stringContaining('intuit-signature') });
    const replayed = body();
    expect((await postWebhook(replayed, signWebhookBody(verifierToken(), replayed))).status).toBe(200);
    expect((await postWebhook(replayed, signWebhookBody('not-the-token', replayed))).status).toBe(401);
    expect((await postWebhook(`${replayed} `, signWebhookBody(verifierToken(), replayed))).status).toBe(401);
    expect(await db.qboWebhookEvent.count()).toBe(before + 1);
    const issues = (await admin.get('/api/v1/dashboard/system-status')).body.data.overall.issues as string[];
    expect(issues.some((issue) => issue.includes('intuit-signature'))).toBe(true);
  });

  it('takes malformed JSON, an unknown realm and a CloudEvents body with 200 and changes nothing', async () => {
    const db = test.server.services.db;
    const before = await db.invoiceReceivable.findMany({ orderBy: { ledgerId: 'asc' } });
    const malformed = '{"eventNotifications": [';
    expect((await postWebhook(malformed, signWebhookBody(verifierToken(), malformed))).status).toBe(200);
    const foreign = JSON.stringify({
      eventNotifications: [
        {
          realmId: '1234',
          dataChangeEvent: {
            entities: [
              { name: 'Invoice', id: invoices[0]!.qboId, operation: 'Void', lastUpdated: '2026-10-05T14:42:19-0700' },
            ],
          },
        },
      ],
    });
    expect((await postWebhook(foreign, signWebhookBody(verifierToken(), foreign))).status).toBe(200);
    const cloud = JSON.stringify([
      {
        specversion: '1.0',
        id: 'cloud-1',
        source: 'intuit.x',
        type: 'qbo.invoice.updated.v1',
        time: new Date().toISOString(),
        intuitentityid: '999999',
        intuitaccountid: realm(),
      },
    ]);
    expect(
      (await postWebhook(cloud, signWebhookBody(verifierToken(), cloud), 'application/cloudevents+json')).status,
    ).toBe(200);
    await expect
      .poll(async () => db.qboWebhookEvent.count({ where: { OR: [{ processedAt: null }, { outcome: 'working' }] } }), {
        timeout: 20_000,
      })
      .toBe(0);
    expect((await db.qboWebhookEvent.findFirstOrThrow({ where: { realmId: '1234' } })).outcome).toContain(
      'another company',
    );
    expect((await db.qboWebhookEvent.findFirstOrThrow({ where: { eventKey: 'cloud-1' } })).outcome).toContain(
      'not an invoice the app created',
    );
    const after = await db.invoiceReceivable.findMany({ orderBy: { ledgerId: 'asc' } });
    expect(after.map((row) => [row.status, row.balance.toString()])).toEqual(
      before.map((row) => [row.status, row.balance.toString()]),
    );
  });

  it('refuses a body over 1 MB with 413; 10,000 entities under 1 MB are answered 200 and left to the sync', async () => {
    const entities = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: 'Invoice',
        id: String(index),
        operation: 'Update',
        lastUpdated: '2026-10-05T14:42:19.000Z',
      }));
    const bodyOf = (count: number) =>
      JSON.stringify({ eventNotifications: [{ realmId: realm(), dataChangeEvent: { entities: entities(count) } }] });
    const huge = bodyOf(20_000);
    expect(Buffer.byteLength(huge)).toBeGreaterThan(1024 * 1024);
    const tooLarge = await postWebhook(huge, signWebhookBody(verifierToken(), huge));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ success: false, error: expect.stringContaining('too large') });
    const tenThousand = bodyOf(10_000);
    expect(Buffer.byteLength(tenThousand)).toBeLessThan(1024 * 1024);
    const before = await test.server.services.db.qboWebhookEvent.count();
    const answer = await postWebhook(tenThousand, signWebhookBody(verifierToken(), tenThousand));
    expect(answer.status).toBe(200);
    expect(await test.server.services.db.qboWebhookEvent.count()).toBe(before);
  });
});

describe('receivables: profile settings', () => {
  it("e-mails a new invoice automatically when the profile says so, due after the profile's terms", async () => {
    const db = test.server.services.db;
    const customer = simulator.customers()[5]!;
    const profile = await createProfile(db, {
      name: 'Receivable auto',
      queues: ['Recv E'],
      rate: '1.00',
      qboCustomerId: customer.Id,
    });
    await db.customerProfile.update({
      where: { id: profile.id },
      data: { emailInvoices: true, paymentTermsDays: 15, qboPrimaryEmailAddr: 'billing@auto.example' },
    });
    await insertCalls(db, [{ queueId: 'rq-auto', start: '2026-10-06T17:00:00Z', seconds: 300 }]);
    await db.genesysQueue.upsert({ where: { id: 'rq-auto' }, create: { id: 'rq-auto', name: 'Recv E' }, update: {} });
    const { id } = await runJob(admin, {
      billingPeriodStart: '2026-10-01',
      billingPeriodEnd: '2026-10-31',
      selectedQueues: ['Recv E'],
    });
    expect((await waitForJob(test, admin, id, 60_000)).status).toBe('COMPLETED');
    const created = (await listInvoices()).find((row) => row.customerProfileId === profile.id)!;
    const sent = await waitForInvoice(created.qboId, (row) => row.emailStatus === 'SENT', 30_000);
    expect(simulator.invoices().find((invoice) => invoice.Id === created.qboId)).toMatchObject({
      EmailStatus: 'EmailSent',
      BillEmail: { Address: 'billing@auto.example' },
    });
    const held = simulator.invoices().find((invoice) => invoice.Id === created.qboId)!;
    const due = new Date(`${held.TxnDate}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 15);
    expect(sent.dueDate).toBe(due.toISOString().slice(0, 10));
  });
});

describe('receivables: what the clerk reads', () => {
  it("the CSV, a profile's receivables and the dashboard tile agree with the list", async () => {
    const all = await listInvoices();
    const csv = await fetch(`${test.url}/api/v1/invoices.csv`, {
      headers: { cookie: (admin as unknown as { cookie: string }).cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(all.length + 1);
    const open = all
      .filter((row) => ['OPEN', 'PARTIALLY_PAID', 'OVERDUE'].includes(row.status))
      .reduce((sum, row) => sum + row.balance, 0);
    const tile = (await admin.get('/api/v1/dashboard/receivables')).body.data;
    expect(tile.open).toBeCloseTo(open, 2);
    expect(tile.collectedThisMonth).toBeGreaterThan(0);
    const bad = await admin.get('/api/v1/invoices?status=LOST');
    expect(bad.status).toBe(400);
  });
});
