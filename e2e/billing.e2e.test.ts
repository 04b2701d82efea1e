import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectQbo, createProfile, insertCalls, qboEnv, startQboSimulator, stubGenesys } from '../test/billing-kit';
import type { JobQueue } from '../packages/api/src/services';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// The Billing Jobs screen as a billing clerk uses it: a dry run that says "preview" everywhere
// and counts no invoice, a real run whose invoices open in QuickBooks and whose results export
// as CSV, a pending job cancelled, the kill switch shown before anyone fills the form, skipped
// customers explained in words, and a long list in pages on a phone.

describe.skipIf(!chromiumAvailable)('Billing Jobs', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;

  beforeAll(async () => {
    sim = await startQboSimulator();
    server = await startTestServer({ withWebApp: true, env: qboEnv(sim.simulator, sim.url) });
    stubGenesys(server);
    await connectQbo(server, await server.admin(), sim.simulator, sim.url);
    const { db } = server.server.services;
    await db.customerProfile.updateMany({ data: { isActive: false } }); // no demo profiles in the way
    await db.genesysQueue.createMany({
      data: [
        { id: 'e2e-q1', name: 'E2E Queue One' },
        { id: 'e2e-q2', name: 'E2E Queue Two' },
      ],
    });
    // One: 4 calls of 90 s bill 4 × 120 s = 8 min × $0.50 = $4.00. Two: minimum 10 min × $1.25 = $12.50.
    await createProfile(db, { name: 'E2E Customer One', queues: ['E2E Queue One'], rate: '0.50', qboCustomerId: '1' });
    await createProfile(db, {
      name: 'E2E Customer Two',
      queues: ['E2E Queue Two'],
      rate: '1.25',
      minimum: 10,
      overage: '2',
      qboCustomerId: '2',
    });
    await insertCalls(
      db,
      [0, 1, 2, 3].map((day) => ({ queueId: 'e2e-q1', start: `2026-10-1${day}T18:00:00Z`, seconds: 90 })),
    );
    browser = await launchBrowser();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    await signIn(await context.newPage(), server.url, TEST_ADMIN.email, TEST_ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sim?.close();
  });

  const seenJobIds = new Set<string>();

  async function runFromModal(page: Page, dryRun: boolean): Promise<string> {
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.waitFor();
    await dialog.getByLabel('Start Date').fill('2026-10-01');
    await dialog.getByLabel('End Date').fill('2026-10-31');
    const submit = dialog.getByRole('button', { name: 'Run Billing Job' });
    await dialog.getByLabel('E2E Queue One').waitFor();
    expect(await submit.isDisabled()).toBe(true); // no queue selected yet
    await dialog.getByLabel('E2E Queue One').check();
    await dialog.getByLabel('E2E Queue Two').check();
    await dialog.getByText('E2E Customer Two').waitFor();
    await dialog.getByText('2 queues selected').waitFor();
    if (dryRun) await dialog.getByLabel('Dry Run (no invoices created)').check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    // Each run's toast is awaited once, so the one found is this run's, not the previous run's still showing.
    const toast = await waitForToast(page, /^Billing job started successfully! Job ID: BJ-[0-9A-Z]{6}$/);
    const jobId = toast.split('Job ID: ')[1]!;
    expect(seenJobIds.has(jobId)).toBe(false);
    seenJobIds.add(jobId);
    await dialog.waitFor({ state: 'hidden' });
    return jobId;
  }

  const row = (page: Page, jobId: string) => page.getByTestId('billing-job-row').filter({ hasText: jobId });
  const details = (page: Page, jobId: string) => page.getByRole('dialog', { name: `Job Details: ${jobId}` });

  it('a dry run is a preview everywhere; a real run invoices, links each invoice to QuickBooks and exports its results', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/billing-jobs`);

    // Empty state, then a dry run.
    await page.getByText('No billing jobs yet').waitFor();
    await page.getByRole('button', { name: 'Run First Job' }).click();
    const dryJob = await runFromModal(page, true);
    await row(page, dryJob).getByText('Completed').waitFor({ timeout: 30_000 });
    const dryText = (await row(page, dryJob).textContent()) ?? '';
    expect(dryText).toContain('Dry Run');
    expect(dryText).toContain('2 rated (preview) of 2 customers');
    expect(dryText).toContain('Preview $16.50');
    expect(dryText).not.toMatch(/invoiced|succeeded|\bok\b/);
    expect(sim.simulator.invoices()).toHaveLength(0);
    await page.getByRole('button', { name: `View details of ${dryJob}` }).click();
    const dryDetails = details(page, dryJob);
    await dryDetails.getByText('Dry run: a preview').waitFor();
    await dryDetails.getByText('2 rated (preview), no invoices').waitFor();
    await dryDetails.getByText('Preview total (not invoiced)').waitFor();
    expect(await dryDetails.getByText('Rated (preview)', { exact: true }).count()).toBe(2);
    expect(await dryDetails.getByText(/^Invoices?$/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dryDetails.waitFor({ state: 'hidden' });

    // The real run.
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const realJob = await runFromModal(page, false);
    await row(page, realJob).getByText('Completed').waitFor({ timeout: 30_000 });
    expect(
      sim.simulator
        .invoices()
        .map((invoice) => invoice.TotalAmt)
        .sort((a, b) => a - b),
    ).toEqual([4, 12.5]);
    expect(await row(page, realJob).textContent()).toContain('2 invoiced of 2 customers');

    // Its details: each customer with calls, minutes, amount, lines and the invoice, which opens in QuickBooks.
    await page.getByRole('button', { name: `View details of ${realJob}` }).click();
    const realDetails = details(page, realJob);
    const one = realDetails.getByTestId('job-customer-row').filter({ hasText: 'E2E Customer One' });
    await one.getByText('Invoiced').waitFor();
    const oneText = (await one.textContent()) ?? '';
    expect(oneText).toContain('8 min');
    expect(oneText).not.toContain('8.0000');
    expect(oneText).toContain('$4.00');
    const two = realDetails.getByTestId('job-customer-row').filter({ hasText: 'E2E Customer Two' });
    // Lines are grouped under the billing period they belong to.
    const twoPeriod = two.getByTestId('job-line-period');
    expect(await twoPeriod.count()).toBe(1);
    const twoPeriodText = (await twoPeriod.textContent()) ?? '';
    expect(twoPeriodText).toContain('Period 10/01/2026 – 10/31/2026');
    expect(twoPeriodText).toContain('Minimum commitment: 10 min × $1.25 = $12.50');
    const invoice = sim.simulator.invoices().find((candidate) => candidate.TotalAmt === 4)!;
    const link = one.getByRole('link', { name: `Invoice No. ${invoice.DocNumber} (opens in QuickBooks)` });
    expect(await link.getAttribute('href')).toBe(`${sim.url}/app/invoice?txnId=${invoice.Id}`);
    const [invoicePage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await invoicePage.getByRole('heading', { name: `Invoice no. ${invoice.DocNumber}` }).waitFor();
    expect(await invoicePage.textContent('body')).toContain('$4.00');
    await invoicePage.close();

    // Export CSV: one row per customer.
    const downloadPromise = page.waitForEvent('download');
    await realDetails.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`billing-job-${realJob}-results.csv`);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe(
      'Customer,Status,Period Start,Period End,Calls,Billed Minutes,Amount,Invoice No.,QuickBooks Invoice ID,Reason',
    );
    expect(csv[1]).toBe(
      `E2E Customer One,Invoiced,2026-10-01,2026-10-31,4,8.0000,4.00,${invoice.DocNumber},${invoice.Id},`,
    );
    expect(csv).toHaveLength(3);
    await page.getByText('Exported 2 customers to CSV').waitFor();

    // On a phone the customers are cards, and the invoice link stays inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    // The table is replaced by cards (list items) once the page sees the narrow width.
    const phoneCard = realDetails.locator('li[data-testid="job-customer-row"]').filter({ hasText: 'E2E Customer One' });
    await phoneCard.waitFor();
    const phoneLink = phoneCard.getByRole('link', { name: `Invoice No. ${invoice.DocNumber} (opens in QuickBooks)` });
    await phoneLink.scrollIntoViewIfNeeded();
    const [linkBox, cardBox] = [(await phoneLink.boundingBox())!, (await phoneCard.boundingBox())!];
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await realDetails.waitFor({ state: 'hidden' });

    // The status filter and the job id search.
    await page.getByLabel('Status filter').selectOption('FAILED');
    await page.getByText('No jobs match your filters').waitFor();
    await page.getByLabel('Status filter').selectOption('');
    await page.getByLabel('Search by job ID').fill(realJob.slice(3).toLowerCase());
    await page.waitForFunction(
      (code) =>
        document.querySelectorAll('[data-testid="billing-job-row"]').length === 1 &&
        document.body.innerText.includes(code),
      realJob,
    );
    await page.getByLabel('Search by job ID').fill('');

    // A pending job (no worker takes it: the queue is held for this step) is cancelled after the prompt.
    const services = server.server.services;
    const jobs = services.jobs as JobQueue;
    services.jobs = { send: async () => null };
    let pendingJob: string;
    try {
      await page.getByRole('button', { name: 'Run New Job' }).click();
      pendingJob = await runFromModal(page, false);
    } finally {
      services.jobs = jobs;
    }
    await row(page, pendingJob).getByText('Pending').waitFor({ timeout: 10_000 });
    let prompt = '';
    page.once('dialog', (dialog) => {
      prompt = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: `Cancel ${pendingJob}` }).click();
    await page.getByText(`Job cancelled for ${pendingJob}`).waitFor();
    expect(prompt).toBe(
      `Are you sure you want to cancel this job? ${pendingJob}: it stops before its next invoice; invoices already created stay, and a later run bills the rest.`,
    );
    await row(page, pendingJob).getByText('Cancelled').waitFor();
    expect(await page.getByRole('button', { name: `Cancel ${pendingJob}` }).count()).toBe(0);

    // The customer's statistics list the invoice, linked to QuickBooks.
    await page.goto(`${server.url}/customer-profiles`);
    await page.getByRole('button', { name: 'Statistics for E2E Customer One' }).click();
    const stats = page.getByRole('dialog', { name: /Customer Statistics/ });
    const history = stats.getByRole('table', { name: 'Invoices' });
    const entry = history.getByRole('row').filter({ hasText: invoice.DocNumber });
    await entry.waitFor();
    expect((await entry.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      invoice.DocNumber,
      '10/01/2026 – 10/31/2026',
      '$4.00',
      'Sent',
      realJob,
    ]);
    expect(await entry.getByRole('link').getAttribute('href')).toBe(`${sim.url}/app/invoice?txnId=${invoice.Id}`);
    await page.keyboard.press('Escape');

    // The dashboard counts the real invoices only; the dry run shows as a preview.
    await page.goto(`${server.url}/`);
    await page.getByRole('tab', { name: 'Billing' }).click();
    const recent = page.getByRole('table', { name: 'Recent billing jobs' });
    expect(
      (await recent.getByRole('row').filter({ hasText: dryJob }).getByRole('cell').nth(4).textContent())?.trim(),
    ).toBe('Preview');
    expect(
      (await recent.getByRole('row').filter({ hasText: realJob }).getByRole('cell').nth(4).textContent())?.trim(),
    ).toBe('2');
    await page.getByRole('tab', { name: 'Overview' }).click();
    expect(await page.locator('dt:text-is("Invoices") + dd').textContent()).toBe('2');
    await page.close();
  });

  it('shows the kill switch on Billing Jobs and in the Run modal before anyone fills the form; turning it on takes a reason', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/settings`);
    const card = page.getByTestId('kill-switch');
    await card.getByRole('button', { name: 'Turn On Kill Switch' }).click();
    await card.getByRole('button', { name: 'Activate Kill Switch' }).click();
    await card.getByText('A reason is required to turn the kill switch on').waitFor();
    expect(await page.getByTestId('kill-switch-state').textContent()).toBe('OFF: billing can run');
    await card.getByLabel(/Reason/).fill('Month-end audit');
    await card.getByRole('button', { name: 'Activate Kill Switch' }).click();
    await page.getByText('ON: billing paused').waitFor();

    await page.goto(`${server.url}/billing-jobs`);
    const banner = page.getByTestId('kill-switch-banner');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('Billing is paused: the kill switch is on');
    expect(text).toContain(`Turned on by ${TEST_ADMIN.email} on `);
    expect(text).toContain('reason: Month-end audit');
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.getByTestId('kill-switch-banner').getByText('reason: Month-end audit', { exact: false }).waitFor();
    await dialog.getByLabel('E2E Queue One').check();
    expect(await dialog.getByRole('button', { name: 'Run Billing Job' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    await server.server.services.db.organizationSettings.update({
      where: { id: 1 },
      data: { killSwitchEnabled: false, killSwitchReason: null },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Run New Job' }).waitFor();
    expect(await page.getByTestId('kill-switch-banner').count()).toBe(0);
    await page.close();
  });

  it('in pages of 20 on a phone (cards) and a desktop (table); a skipped customer says why with app dates and no amount; job ids never wrap; minutes grouped', async () => {
    const { db } = server.server.services;
    const base = Date.now() - 3600_000;
    for (let index = 0; index < 22; index += 1) {
      await db.billingJob.create({
        data: {
          jobId: `BJ-P${String(index).padStart(4, '0')}`,
          status: index === 1 ? 'FAILED' : 'COMPLETED',
          error:
            index === 1
              ? `1 customer failed (E2E Customer Two: ${'QuickBooks answered with a long explanation. '.repeat(4)})`
              : null,
          failedInvoices: index === 1 ? 1 : 0,
          type: 'MANUAL',
          queueName: ['E2E Queue Two'],
          startDate: new Date('2026-09-01T00:00:00Z'),
          endDate: new Date('2026-09-30T00:00:00Z'),
          createdAt: new Date(base - index * 60_000),
          totalClients: 1,
          processedClients: 1,
        },
      });
    }
    const skipped = await db.billingJob.findUniqueOrThrow({ where: { jobId: 'BJ-P0000' } });
    await db.billingJobCustomer.create({
      data: {
        billingJobId: skipped.id,
        customerName: 'E2E Customer Two',
        status: 'SKIPPED',
        periodStart: new Date('2026-09-01T00:00:00Z'),
        periodEnd: new Date('2026-09-30T00:00:00Z'),
        amount: '12.50',
        skipReason: 'Already invoiced: the period overlaps invoice BJ-XYZ-1 for 2026-09-01 to 2026-09-30',
      },
    });

    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/billing-jobs`);
    const cards = page.getByRole('list', { name: 'Billing jobs' }).getByTestId('billing-job-row');
    await expect.poll(() => cards.count()).toBe(20);
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByText(/^Showing 1–20 of 2\d results$/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^Showing 21–2\d of 2\d results$/).waitFor();
    await expect.poll(() => cards.count()).toBeLessThan(20);
    expect(await cards.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Page 1' }).click();

    const card = cards.filter({ hasText: 'BJ-P0000' });
    expect(await card.textContent()).toContain('0 invoiced · 1 skipped of 1 customer');
    const jobId = card.getByText('BJ-P0000', { exact: true });
    expect(
      await jobId.evaluate((element) => getComputedStyle(element.closest('.whitespace-nowrap') ?? element).whiteSpace),
    ).toBe('nowrap');
    expect((await jobId.boundingBox())!.height).toBeLessThan(30);
    await card.getByRole('button', { name: 'View details of BJ-P0000' }).click();
    const detail = details(page, 'BJ-P0000');
    const customer = detail.getByTestId('job-customer-row');
    await customer
      .getByText('Already invoiced: the period overlaps invoice BJ-XYZ-1 for 09/01/2026 to 09/30/2026')
      .waitFor();
    expect(await customer.textContent()).not.toContain('$12.50');
    expect(await customer.textContent()).not.toContain('2026-09-01');
    await customer.getByText('No amount').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');

    // The same pages on a desktop, as a table.
    await page.setViewportSize({ width: 1440, height: 900 });
    const rows = page.getByRole('table', { name: 'Billing jobs' }).getByTestId('billing-job-row');
    await expect.poll(() => rows.count()).toBe(20);
    // A failed job's long error is cut short in its column: the table does not scroll sideways and Retry is in view.
    const table = page.getByRole('table', { name: 'Billing jobs' });
    expect(
      await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth),
    ).toBe(0);
    const retryBox = (await rows
      .filter({ hasText: 'BJ-P0001' })
      .getByRole('button', { name: 'Retry BJ-P0001' })
      .boundingBox())!;
    expect(retryBox.x + retryBox.width).toBeLessThanOrEqual(
      (await table.boundingBox())!.x + (await table.boundingBox())!.width,
    );
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText(/^Showing 21–2\d of 2\d results$/).waitFor();

    // Minutes are grouped one way everywhere: 10,000 min, never 10000 min.
    await db.customerProfile.updateMany({
      where: { qboDisplayName: 'E2E Customer Two' },
      data: { minimumMinutes: 10000 },
    });
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.getByText('minimum 10,000 min', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/customer-profiles`);
    await page
      .getByTestId('customer-profile-row')
      .filter({ hasText: 'E2E Customer Two' })
      .getByText('Min 10,000 min')
      .waitFor();
    expect(await page.getByText('10000').count()).toBe(0);
    await page.close();
  });
});
