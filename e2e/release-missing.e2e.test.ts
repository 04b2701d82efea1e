import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedQboSimulator } from '../apps/server/src/areas/qbo';
import { resolveAbandonedReservations } from '../packages/api/src/billing/abandoned-reservations';
import type { QboSimulator } from '../packages/integrations/src/qbo/simulator';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import type { RestClient } from '../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// A sent invoice QuickBooks does not hold (its answer was lost, then a person deleted it there):
// the sweep flags it for a person, Job Details says "Missing in QuickBooks" and offers the same
// "Release for re-billing" as for a voided invoice; the clerk releases it there.

const TIME_ZONE = 'America/Los_Angeles';
const todayInCompanyZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

function previousMonth(today: string): { start: string; end: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

type JobCustomer = {
  profileId: string;
  customerName: string;
  calls: number;
  qboInvoiceId: string | null;
  docNumber: string | null;
};

describe.skipIf(!chromiumAvailable)('Releasing a sent invoice QuickBooks is missing', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: RestClient;
  let qbo: QboSimulator;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    admin = await server.admin();
    qbo = mountedQboSimulator(server.server.app)!;
    const authUrl = (await admin.get('/api/v1/qbo/auth')).body.data.authUrl as string;
    const consent = new URL(await qbo.approve(authUrl));
    expect((await admin.get(`/api/v1/qbo/callback${consent.search}`)).status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Job Details flags it "Missing in QuickBooks" and releases it for re-billing', async () => {
    const { db } = server.server.services;
    const month = previousMonth(todayInCompanyZone());
    const queue = (
      (await admin.get('/api/v1/customer-profiles/queue-suggestions')).body.data as Array<{ name: string }>
    )[0]!.name;
    const created = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Missing Minutes Co',
      qboCustomerId: '1',
      genesysQueueNames: [queue],
      ratePerMinute: '0.05',
      billingStartDate: month.start,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const injected = await fetch(`${server.url}/sim/genesys/_control/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        queueName: queue,
        startTime: `${month.start}T18:00:00Z`,
        durationSeconds: 300,
        mediaType: 'voice',
      }),
    });
    expect(injected.status).toBe(201);
    const started = await admin.post('/api/v1/billing/run', {
      isDryRun: false,
      billingPeriodStart: month.start,
      billingPeriodEnd: month.end,
      selectedQueues: [queue],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { id, jobId } = started.body.data as { id: string; jobId: string };
    let customer: JobCustomer | undefined;
    for (let attempt = 0; attempt < 600 && !customer?.qboInvoiceId; attempt += 1) {
      const job = (await admin.get(`/api/v1/billing/jobs/${id}`)).body.data as {
        status: string;
        customers: JobCustomer[];
      };
      if (!['PENDING', 'IN_PROGRESS'].includes(job.status))
        customer = job.customers.find((row) => row.customerName === 'Missing Minutes Co');
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(customer?.qboInvoiceId).toBeTruthy();

    // As if QuickBooks' answer had been lost and the job had failed; then a person deleted the invoice there.
    const entry = await db.invoiceLedgerEntry.findFirstOrThrow({ where: { qboInvoiceId: customer!.qboInvoiceId } });
    await db.invoiceLedgerEntry.update({
      where: { id: entry.id },
      data: { state: 'RESERVED', qboInvoiceId: null, qboStatus: null, outcomeUnknown: true },
    });
    await db.billingJobCustomer.updateMany({
      where: { ledgerId: entry.id },
      data: { status: 'FAILED', qboInvoiceId: null, error: 'QuickBooks did not answer' },
    });
    await db.billingJob.update({ where: { id }, data: { status: 'FAILED' } });
    qbo.deleteInvoice(customer!.qboInvoiceId!);
    // The sweep cannot send it again while the kill switch is on: it flags it for a person.
    expect(
      (await admin.put('/api/v1/settings', { killSwitch: { enabled: true, reason: 'QuickBooks is acting up' } }))
        .status,
    ).toBe(200);
    try {
      expect(
        (await resolveAbandonedReservations(server.server.services, new Date(Date.now() + 3_600_000))).flagged,
      ).toBe(1);
    } finally {
      expect((await admin.put('/api/v1/settings', { killSwitch: { enabled: false } })).status).toBe(200);
    }

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/billing-jobs`);
    await page.getByRole('button', { name: `View details of ${jobId}` }).click();
    const details = page.getByRole('dialog', { name: `Job Details: ${jobId}` });
    const row = details.getByTestId('job-customer-row').filter({ hasText: 'Missing Minutes Co' });
    await row.getByText('Missing in QuickBooks').waitFor();
    await row.getByRole('button', { name: `Release for re-billing: invoice ${entry.docNumber}` }).click();
    const confirm = page.getByRole('dialog', { name: `Release invoice ${entry.docNumber} for re-billing?` });
    await confirm
      .getByText(new RegExp(`^Invoice ${entry.docNumber} was missing in QuickBooks\\. Releasing it frees its calls`))
      .waitFor();
    await confirm.getByLabel('Reason').fill('Never reached QuickBooks: bill it again');
    await confirm.getByRole('button', { name: 'Release for re-billing' }).click();
    // Its calls: the one injected, and any the simulated Genesys took on that queue that month.
    await waitForToast(
      page,
      new RegExp(
        `^Invoice ${entry.docNumber} released: its ${customer!.calls} calls are billed again by the next run$`,
      ),
    );
    await row.getByText('Released for re-billing').waitFor();
    expect(await row.getByRole('button', { name: /Release for re-billing/ }).count()).toBe(0);
    expect((await db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: entry.id } })).state).toBe('RELEASED');
    await page.close();
  });
});
