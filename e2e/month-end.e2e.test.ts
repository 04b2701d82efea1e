import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectQbo, createProfile, insertCalls, qboEnv, startQboSimulator, stubGenesys } from '../test/billing-kit';
import { chromiumAvailable, launchBrowser, signIn, signInThroughUi, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// A clerk's month-end for October (issue 24): the Run dialog warns before anything runs (QuickBooks
// disconnected, a customer without a QuickBooks customer, a range that cuts a customer's periods).

describe.skipIf(!chromiumAvailable)("the clerk's month-end", () => {
  let server: TestServer;
  let browser: Browser;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;

  beforeAll(async () => {
    sim = await startQboSimulator();
    server = await startTestServer({ withWebApp: true, env: { ...qboEnv(sim.simulator, sim.url), DEMO_DATA: '0' } });
    stubGenesys(server);
    const { db } = server.server.services;
    await db.genesysQueue.createMany({
      data: [
        { id: 'me-amy', name: 'Amy Line' },
        { id: 'me-bill', name: 'Bill Line' },
        { id: 'me-cool', name: 'Cool Line' },
      ],
    });
    await createProfile(db, { name: "Amy's Bird Sanctuary", queues: ['Amy Line'], rate: '0.05', qboCustomerId: '1' });
    const bill = await createProfile(db, {
      name: "Bill's Windsurf Shop",
      queues: ['Bill Line'],
      rate: '0.05',
      minimum: 200,
      qboCustomerId: '2',
    });
    await db.customerProfile.update({ where: { id: bill.id }, data: { billingPeriodStart: 16, billingPeriodEnd: 15 } });
    await createProfile(db, { name: 'Cool Cars', queues: ['Cool Line'], rate: '0.05', qboCustomerId: null });
    await insertCalls(db, [
      { queueId: 'me-amy', start: '2026-10-05T17:00:00Z', seconds: 61 },
      { queueId: 'me-bill', start: '2026-10-20T17:00:00Z', seconds: 600 },
      { queueId: 'me-cool', start: '2026-10-21T17:00:00Z', seconds: 60 },
    ]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  async function openRunDialog(page: Page) {
    await page.goto(`${server.url}/billing-jobs`);
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.getByLabel('Start Date').fill('2026-10-01');
    await dialog.getByLabel('End Date').fill('2026-10-31');
    await dialog.getByRole('button', { name: 'Select all' }).click();
    return dialog;
  }

  for (const width of [1440, 390]) {
    it(`the Run dialog warns before anything runs (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
      const jobsBefore = await server.server.services.db.billingJob.count();
      const dialog = await openRunDialog(page);
      const panel = dialog.getByTestId('preflight');
      await panel.getByText('Pre-flight: 3 warnings').waitFor();
      await panel
        .getByText('QuickBooks is not connected: every invoice of this run will fail. Connect it on QBO Setup first.')
        .waitFor();
      await panel
        .getByText(
          "Bill's Windsurf Shop is billed 16th–15th: this range touches two of its periods and bills a minimum for each.",
        )
        .waitFor();
      await panel
        .getByText(
          'Cool Cars is not linked to a QuickBooks customer: its invoice will fail until one is connected on its profile.',
        )
        .waitFor();
      await panel
        .getByText('This run bills 3 customers. You can still run it; the warnings say what will happen.')
        .waitFor();
      // The warnings are readable inside the dialog at this width (nothing cut off at the side).
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Dry Run changes what QuickBooks being disconnected means.
      await dialog.getByLabel('Dry Run (no invoices created)').check();
      await panel
        .getByText(
          'QuickBooks is not connected: the dry run rates the calls, but the real run would fail for every customer.',
        )
        .waitFor();
      expect(await server.server.services.db.billingJob.count()).toBe(jobsBefore);
      await page.close();
    });
  }

  it('once QuickBooks is connected and only whole periods are chosen, nothing is left to warn about', async () => {
    await connectQbo(server, await server.admin(), sim.simulator, sim.url);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/billing-jobs`);
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.getByLabel('Start Date').fill('2026-10-01');
    await dialog.getByLabel('End Date').fill('2026-10-31');
    await dialog.getByLabel('Amy Line').check();
    await dialog.getByTestId('preflight').getByText('Pre-flight: nothing to warn about').waitFor();
    await dialog.getByText('This run bills 1 customer.').waitFor();
    await page.close();
  });

  it("Month end for October shows every customer's state and bills what is missing in one action; printable", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Month end' }).click();
    // The month is in the URL, so the page can be sent to a colleague.
    await page.getByLabel('Month', { exact: true }).fill('2026-09');
    await page.waitForURL(/\/month-end\?month=2026-09$/);
    await page.getByLabel('Month', { exact: true }).fill('2026-10');
    await page.waitForURL(/\/month-end\?month=2026-10$/);
    await page.getByRole('heading', { name: 'Month end: 10/01/2026–10/31/2026' }).waitFor();
    const rowOf = (name: string) => page.getByTestId('month-end-row').filter({ hasText: name });
    await rowOf('Cool Cars').getByText('Not billed', { exact: true }).waitFor();
    await rowOf("Bill's Windsurf Shop").getByText('$20.00').waitFor(); // two periods' minimums: 2 × 200 min × $0.05
    await rowOf("Amy's Bird Sanctuary").getByText('$0.10').waitFor();
    await page
      .getByTestId('month-end-preflight')
      .getByText('Cool Cars is not linked to a QuickBooks customer', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();

    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Bill what is missing' }).click();
    await waitForToast(page, /^Billing started: 2 jobs \(BJ-/);
    expect(question).toBe(
      "Bill 3 customers' missing periods of 2026-10 (about $20.15) now? Invoices are created in QuickBooks for them.",
    );
    // The runs end in the background, and the page follows them: no reload, no second run meanwhile.
    await expect
      .poll(
        async () => {
          const billButton = page.getByRole('button', { name: 'Bill what is missing' });
          const offered = (await billButton.count()) > 0 && (await billButton.isEnabled());
          const inProgress = (await page.getByText(/^Billing in progress \(BJ-/).count()) > 0;
          expect(offered && inProgress, 'a second run offered while the first is in progress').toBe(false);
          return page
            .getByTestId('month-end-row')
            .filter({ has: page.getByText('Billed', { exact: true }) })
            .count();
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(2);
    await rowOf('Cool Cars').getByText('Failed', { exact: true }).waitFor();
    await rowOf('Cool Cars')
      .getByText(/Last attempt: .*QuickBooks customer/)
      .waitFor();

    // On a phone the same month reads as cards, the state beside each name.
    await page.setViewportSize({ width: 390, height: 844 });
    await rowOf("Bill's Windsurf Shop").getByText('Billed', { exact: true }).waitFor();
    const card = (await rowOf("Bill's Windsurf Shop").boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    await page.close();
  });

  for (const width of [1440, 390]) {
    it(`Billing Jobs keeps its filter and open job in the URL; Back closes Job Details (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
      await page.goto(`${server.url}/billing-jobs`);
      await page.getByLabel('Status filter').selectOption('FAILED');
      await page.waitForURL(/\/billing-jobs\?status=FAILED$/);
      const rows = page.getByTestId('billing-job-row');
      await expect.poll(() => rows.count()).toBe(1);
      const failedCode = (await rows.first().textContent())!.match(/BJ-[0-9A-Z]{6}/)![0];
      // Amy was invoiced, Cool Cars failed: not a bare "Failed" (issue 24).
      await rows.first().getByText('Failed: 1 of 2 invoiced', { exact: true }).waitFor();

      await rows
        .first()
        .getByRole('button', { name: `View details of ${failedCode}` })
        .click();
      const details = page.getByRole('dialog', { name: `Job Details: ${failedCode}` });
      await details.waitFor();
      // The failed customer comes first.
      await expect
        .poll(async () => (await details.getByTestId('job-customer-row').first().textContent()) ?? '')
        .toContain('Cool Cars');
      expect(new URL(page.url()).searchParams.get('job')).toBe(failedCode);
      await page.goBack();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(page.url()).toBe(`${server.url}/billing-jobs?status=FAILED`);

      // A link with the job opens it straight away, filter kept; closing it leaves the filter.
      await page.goto(`${server.url}/billing-jobs?job=${failedCode}&status=FAILED`);
      await page.getByRole('dialog', { name: `Job Details: ${failedCode}` }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(page.url()).toBe(`${server.url}/billing-jobs?status=FAILED`);
      expect(await page.getByLabel('Status filter').inputValue()).toBe('FAILED');
      await page.close();
    });
  }
});
