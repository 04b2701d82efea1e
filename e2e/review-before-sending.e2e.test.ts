import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectQbo,
  createProfile,
  insertCalls,
  qboEnv,
  runJob,
  startQboSimulator,
  stubGenesys,
  waitForJob,
} from '../test/billing-kit';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import type { RestClient } from '../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Issue 23, "Done when", as a clerk: with review on, run last month; Job Details lists every
// customer with its flags and the previous period beside it; approve all but one, reject that one
// with a reason; QuickBooks holds exactly the approved invoices; the rejected customer is billed by
// the next run after its profile is fixed.

describe.skipIf(!chromiumAvailable)('Review before sending', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  let wrongRateProfileId: string;

  beforeAll(async () => {
    sim = await startQboSimulator();
    server = await startTestServer({ withWebApp: true, env: qboEnv(sim.simulator, sim.url) });
    stubGenesys(server);
    admin = await server.admin();
    await connectQbo(server, admin, sim.simulator, sim.url);
    const { db } = server.server.services;
    await db.customerProfile.updateMany({ data: { isActive: false } }); // no demo profiles in the way
    await db.genesysQueue.createMany({
      data: [
        { id: 'rv-q1', name: 'Review Queue One' },
        { id: 'rv-q2', name: 'Review Queue Two' },
      ],
    });
    await createProfile(db, { name: 'Review Steady', queues: ['Review Queue One'], rate: '0.50', qboCustomerId: '1' });
    // A rate typed wrong: 12.50 instead of 1.25 a minute.
    wrongRateProfileId = (
      await createProfile(db, {
        name: 'Review Wrong Rate',
        queues: ['Review Queue Two'],
        rate: '12.50',
        qboCustomerId: '2',
      })
    ).id;
    // September: 4 calls of 2 minutes each, invoiced without review (the previous period).
    await insertCalls(
      db,
      [1, 2, 3, 4].map((day) => ({ queueId: 'rv-q1', start: `2026-09-0${day}T18:00:00Z`, seconds: 120 })),
    );
    const september = await runJob(admin, {
      billingPeriodStart: '2026-09-01',
      billingPeriodEnd: '2026-09-30',
      selectedQueues: ['Review Queue One'],
    });
    expect((await waitForJob(server, admin, september.id)).status).toBe('COMPLETED');
    // October: Steady twice as busy (usage up 100%), Wrong Rate's first invoice.
    await insertCalls(
      db,
      [10, 11, 12, 13, 14, 15, 16, 17].map((day) => ({
        queueId: 'rv-q1',
        start: `2026-10-${day}T18:00:00Z`,
        seconds: 120,
      })),
    );
    await insertCalls(
      db,
      [10, 11].map((day) => ({ queueId: 'rv-q2', start: `2026-10-${day}T18:00:00Z`, seconds: 60 })),
    );
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await signIn(await context.newPage(), server.url, TEST_ADMIN.email, TEST_ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  async function turnReviewOn(page: Page) {
    await page.goto(`${server.url}/settings`);
    const toggle = page.getByLabel('Review invoices before sending');
    await toggle.check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await waitForToast(page, 'Settings saved successfully');
  }

  it('a clerk reviews last month: flags and the previous period beside each customer, approves all but one, rejects that one; the next run bills it', async () => {
    const page = await context.newPage();
    await turnReviewOn(page);

    // Run last month (October) for both queues.
    await page.goto(`${server.url}/billing-jobs`);
    await page.getByRole('button', { name: /Run (New|First) Job/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.getByLabel('Start Date').fill('2026-10-01');
    await dialog.getByLabel('End Date').fill('2026-10-31');
    await dialog.getByLabel('Review Queue One').check();
    await dialog.getByLabel('Review Queue Two').check();
    await dialog.getByLabel('Hold invoices for review before sending').waitFor();
    await dialog.getByRole('button', { name: 'Run Billing Job' }).click();
    const toast = await waitForToast(page, /^Billing job started successfully! Job ID: BJ-[0-9A-Z]{6}$/);
    const jobCode = toast.split('Job ID: ')[1]!;
    const jobRow = page.getByTestId('billing-job-row').filter({ hasText: jobCode });
    await jobRow.getByText('Awaiting Review').waitFor({ timeout: 30_000 });
    const jobId = ((await admin.get(`/api/v1/billing/jobs/${jobCode}`)).body as { data: { id: string } }).data.id;
    expect(sim.simulator.invoices()).toHaveLength(1); // September's only: nothing of October is sent

    // Job Details: every customer, flagged first, with the previous period and the change.
    await page.getByRole('button', { name: `View details of ${jobCode}` }).click();
    const details = page.getByRole('dialog', { name: `Job Details: ${jobCode}` });
    await details.getByText('2 invoices wait for review since').waitFor();
    const rows = details.getByTestId('review-row');
    expect(await rows.count()).toBe(2);
    const steady = rows.filter({ hasText: 'Review Steady' });
    const wrong = rows.filter({ hasText: 'Review Wrong Rate' });
    const steadyText = (await steady.textContent()) ?? '';
    expect(steadyText).toContain('Usage up 100% from the previous period: 16 min, was 8 min');
    expect(steadyText).toContain('09/01/2026 – 09/30/2026'); // the previous period beside it
    expect(steadyText).toContain('+100%');
    expect(steadyText).toContain('$4.00'); // September's amount: 8 min × $0.50
    expect(await wrong.textContent()).toContain('First invoice for this customer');

    // Approve all but one: select Steady, approve selected.
    await steady.getByLabel('Select Review Steady').check();
    await details.getByRole('button', { name: 'Approve selected (1)' }).click();
    await steady.getByText('Approved by admin@example.com').waitFor({ timeout: 30_000 });
    await details.getByText('1 invoice waits for review since').waitFor({ timeout: 30_000 });

    // Reject the other with a reason.
    await wrong.getByLabel('Select Review Wrong Rate').check();
    await details.getByRole('button', { name: 'Reject selected (1)' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject 1 invoice?' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText('Say why the invoices are rejected').waitFor(); // a reason is required
    await reject.getByLabel('Reason').fill('Rate typed wrong: 12.50 instead of 1.25');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await wrong.getByText('Rejected by admin@example.com').waitFor({ timeout: 30_000 });
    await details.getByText('Rate typed wrong: 12.50 instead of 1.25').first().waitFor();
    // Nobody waits any more: the job goes back to a worker, which ends it.
    expect((await waitForJob(server, admin, jobId)).status).toBe('COMPLETED');

    // QuickBooks holds exactly the approved invoice (besides September's).
    const october = sim.simulator.invoices().filter((invoice) => invoice.DocNumber?.startsWith(jobCode));
    expect(october.map((invoice) => invoice.TotalAmt)).toEqual([8]);

    // The profile fixed, the next run (review off) bills the rejected customer at the right rate.
    await server.server.services.db.customerProfile.update({
      where: { id: wrongRateProfileId },
      data: { ratePerMinute: '1.25', overageRatePerMinute: '1.25' },
    });
    await admin.put('/api/v1/settings', { reviewInvoicesBeforeSending: false });
    const next = await runJob(admin, {
      billingPeriodStart: '2026-10-01',
      billingPeriodEnd: '2026-10-31',
      selectedQueues: ['Review Queue Two'],
    });
    const nextJob = await waitForJob(server, admin, next.id);
    expect(nextJob.status).toBe('COMPLETED');
    const billed = sim.simulator.invoices().filter((invoice) => invoice.DocNumber?.startsWith(next.jobId));
    expect(billed.map((invoice) => invoice.TotalAmt)).toEqual([2.5]);
    await page.close();
  });
});
