import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectQbo, createProfile, insertCalls, qboEnv, startQboSimulator, stubGenesys } from '../packages/api/src/billing/billing-test-kit';
import type { JobQueue } from '../packages/api/src/services';
import { chromiumAvailable, launchBrowser, signInThroughUi } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// The Billing Jobs screen as a person uses it: a dry run and a real run for two queues from the
// modal, watched to completion, their details opened, and a pending job cancelled.

describe.skipIf(!chromiumAvailable)('Billing Jobs', () => {
  let server: TestServer;
  let browser: Browser;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;

  beforeAll(async () => {
    sim = await startQboSimulator();
    server = await startTestServer({ withWebApp: true, env: qboEnv(sim.simulator, sim.url) });
    stubGenesys(server);
    await connectQbo(server, await server.admin(), sim.simulator, sim.url);
    const { db } = server.server.services;
    await db.customerProfile.updateMany({ data: { isActive: false } }); // no demo profiles in the way
    await db.genesysQueue.createMany({ data: [{ id: 'e2e-q1', name: 'E2E Queue One' }, { id: 'e2e-q2', name: 'E2E Queue Two' }] });
    // One: 4 calls of 90 s bill 4 × 120 s = 8 min × $0.50 = $4.00. Two: minimum 10 min × $1.25 = $12.50.
    await createProfile(db, { name: 'E2E Customer One', queues: ['E2E Queue One'], rate: '0.50', qboCustomerId: '1' });
    await createProfile(db, { name: 'E2E Customer Two', queues: ['E2E Queue Two'], rate: '1.25', minimum: 10, overage: '2', qboCustomerId: '2' });
    await insertCalls(db, [0, 1, 2, 3].map((day) => ({ queueId: 'e2e-q1', start: `2026-10-1${day}T18:00:00Z`, seconds: 90 })));
    browser = await launchBrowser();
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
    if (dryRun) await dialog.getByLabel('Dry Run (no invoices created)').check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    // The previous run's toast may still be showing: take the job id we have not seen yet.
    const toasts = page.getByText(/^Billing job started successfully! Job ID: BJ-[0-9A-Z]{6}$/);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const fresh = (await toasts.allTextContents()).map((text) => text.split('Job ID: ')[1]!).find((id) => !seenJobIds.has(id));
      if (fresh) {
        seenJobIds.add(fresh);
        await dialog.waitFor({ state: 'hidden' });
        return fresh;
      }
      await page.waitForTimeout(100);
    }
    throw new Error('no toast for the new job');
  }

  const row = (page: Page, jobId: string) => page.getByTestId('billing-job-row').filter({ hasText: jobId });

  it('runs a dry run and a real run for two queues, shows their details, and cancels a pending job', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/billing-jobs`);

    // Empty state.
    await page.getByText('No billing jobs yet').waitFor();
    await page.getByRole('button', { name: 'Run First Job' }).click();
    const dryJob = await runFromModal(page, true);
    await row(page, dryJob).getByText('Completed').waitFor({ timeout: 30_000 });
    expect(await row(page, dryJob).textContent()).toContain('Dry Run');
    expect(await row(page, dryJob).textContent()).toContain('$16.50');
    expect(sim.simulator.invoices()).toHaveLength(0);

    // The real run.
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const realJob = await runFromModal(page, false);
    await row(page, realJob).getByText('Completed').waitFor({ timeout: 30_000 });
    expect(sim.simulator.invoices().map((invoice) => invoice.TotalAmt).sort((a, b) => a - b)).toEqual([4, 12.5]);

    // Its details: each customer with calls, minutes, amount, lines and the QuickBooks invoice.
    await page.getByRole('button', { name: `View details of ${realJob}` }).click();
    const details = page.getByRole('dialog', { name: `Job Details: ${realJob}` });
    await details.waitFor();
    const one = details.getByTestId('job-customer-row').filter({ hasText: 'E2E Customer One' });
    await one.getByText('Invoiced').waitFor();
    const oneText = (await one.textContent()) ?? '';
    expect(oneText).toContain('8.0000');
    expect(oneText).toContain('$4.00');
    expect(oneText).toMatch(/Invoice \d+/);
    const two = details.getByTestId('job-customer-row').filter({ hasText: 'E2E Customer Two' });
    expect(await two.textContent()).toContain('Minimum commitment: 10.0000 min × $1.2500 = $12.50');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // The status filter and the job id search.
    await page.getByLabel('Status filter').selectOption('FAILED');
    await page.getByText('No jobs match your filters').waitFor();
    await page.getByLabel('Status filter').selectOption('');
    await page.getByLabel('Search by job ID').fill(realJob.slice(3).toLowerCase());
    await page.waitForFunction((code) => document.querySelectorAll('[data-testid="billing-job-row"]').length === 1 && document.body.innerText.includes(code), realJob);
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
    expect(prompt).toBe('Are you sure you want to cancel this job?');
    await row(page, pendingJob).getByText('Cancelled').waitFor();
    expect(await page.getByRole('button', { name: `Cancel ${pendingJob}` }).count()).toBe(0);

    // Phones get cards instead of the table.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('billing-job-card').filter({ hasText: pendingJob }).waitFor();
    expect(await page.getByTestId('billing-job-row').first().isVisible()).toBe(false);
    await page.close();
  });
});
