import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone } from '../packages/api/src/domain/calendar';
import { chromiumAvailable, launchBrowser, signIn } from '../test/browser';
import { connectMountedQuickBooks } from '../test/qbo-connect';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Issue 24, as a clerk at a desktop (1440×900) and a phone (390×844) width:
// - Job Details' actions ("Export calls" of each customer, "Export CSV" of the job) sit inside the
//   dialog, never past its edge where only a sideways scroll would find them;
// - a cancelled dry run says what it covered before it stopped, not a full preview;
// - the Run dialog shows a range the server refuses next to its date field, not only in a toast.

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const ZONE = 'America/Los_Angeles'; // the company timezone of a new installation

/** Where `element` sticks out of `frame` sideways, in pixels (0 when it fits). */
async function overflow(frame: Locator, element: Locator): Promise<number> {
  const outer = (await frame.boundingBox())!;
  const inner = (await element.boundingBox())!;
  return Math.max(0, outer.x - inner.x, inner.x + inner.width - (outer.x + outer.width));
}

describe.skipIf(!chromiumAvailable)('Job Details and the Run dialog at every width', () => {
  let server: TestServer;
  let browser: Browser;
  const jobs: string[] = [];
  let cancelledJob = '';

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { DEMO_DATA: '1' } });
    const admin = await server.admin();
    await connectMountedQuickBooks(admin);
    // A dry run and a real run of yesterday for every demo queue: Job Details with many customers.
    const yesterday = addDays(calendarDateInZone(new Date(), ZONE), -1);
    const queues = ((await admin.get('/api/v1/billing/queues')).body.data.queues as Array<{ name: string }>).map(
      (queue) => queue.name,
    );
    // One after the other: a dry run worked after the real run would find everything billed already
    // (no calls to export), and which a worker takes first is not fixed.
    const finished = async (jobId: string) => {
      for (let attempt = 0; ; attempt++) {
        const job = (await admin.get(`/api/v1/billing/jobs/${jobId}`)).body.data as { status: string };
        if (!['PENDING', 'IN_PROGRESS'].includes(job.status)) return;
        if (attempt > 240) throw new Error(`${jobId} is still ${job.status}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    for (const isDryRun of [true, false]) {
      const run = await admin.post('/api/v1/billing/run', {
        billingPeriodStart: yesterday,
        billingPeriodEnd: yesterday,
        isDryRun,
        selectedQueues: queues,
      });
      expect(run.status).toBe(201);
      jobs.push(run.body.data.jobId as string);
      await finished(run.body.data.jobId as string);
    }
    // A dry run cancelled before any worker took it: it covered no one.
    const run = await admin.post('/api/v1/billing/run', {
      billingPeriodStart: yesterday,
      billingPeriodEnd: yesterday,
      isDryRun: true,
      selectedQueues: queues,
    });
    expect(run.status).toBe(201);
    const pending = run.body.data as { id: string; jobId: string };
    const cancel = await admin.delete(`/api/v1/billing/jobs/${pending.id}`);
    cancelledJob = pending.jobId;
    // It may have finished first on a fast machine; then there is nothing to cancel (409).
    expect([200, 409]).toContain(cancel.status);
    if (cancel.status === 409) cancelledJob = '';
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = async (viewport: { width: number; height: number }): Promise<Page> => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    return page;
  };

  for (const viewport of WIDTHS) {
    it(`keeps Job Details' actions inside the dialog at ${viewport.width} px`, async () => {
      const page = await signedIn(viewport);
      for (const jobId of jobs) {
        await page.goto(`${server.url}/billing-jobs?job=${jobId}`);
        const dialog = page.getByRole('dialog', { name: `Job Details: ${jobId}` });
        await dialog.getByTestId('job-customer-row').first().waitFor({ timeout: 60_000 });
        const exports = dialog.getByRole('button', { name: /^Export calls of / });
        // The rows can show before their actions do (a clean-clone run counted 0 here): wait for one.
        await exports.first().waitFor({ timeout: 60_000 });
        expect(await exports.count()).toBeGreaterThan(0);
        const actions = [...(await exports.all()), dialog.getByRole('button', { name: 'Export CSV' })];
        const outside: string[] = [];
        for (const action of actions) {
          // Measured where it is: no sideways scroll first (a clerk would not know to).
          const by = await overflow(dialog, action);
          if (by > 0.5)
            outside.push(
              `${(await action.getAttribute('aria-label')) ?? (await action.innerText())}: ${Math.round(by)} px past the dialog's edge`,
            );
        }
        expect(outside, `${jobId} at ${viewport.width} px`).toEqual([]);
        // Nothing in the dialog scrolls sideways: what is there is seen without it.
        const sideways = await dialog.evaluate((element) =>
          [...element.querySelectorAll('*')]
            // Screen-reader-only text is clipped to 1 px on purpose: not a scroll.
            .filter(
              (node) =>
                node.clientWidth > 1 &&
                node.scrollWidth > node.clientWidth + 1 &&
                getComputedStyle(node).overflowX !== 'visible',
            )
            .map(
              (node) =>
                `${node.tagName.toLowerCase()}[${node.getAttribute('aria-label') ?? node.className}] scrolls ${node.scrollWidth - node.clientWidth} px`,
            ),
        );
        expect(sideways, `${jobId}: elements scrolling sideways`).toEqual([]);
      }
      await page.context().close();
    });
  }

  it('a cancelled dry run says it covered no one, and its customers were not reached', async (context) => {
    if (!cancelledJob) context.skip(); // the run finished before the cancel reached it
    const page = await signedIn(WIDTHS[0]);
    await page.goto(`${server.url}/billing-jobs?job=${cancelledJob}`);
    const dialog = page.getByRole('dialog', { name: `Job Details: ${cancelledJob}` });
    await dialog.getByTestId('cancelled-coverage').waitFor();
    expect(await dialog.getByTestId('cancelled-coverage').innerText()).toMatch(
      /Cancelled before it rated anyone: this dry run has no preview/,
    );
    expect(await dialog.getByText('Rated (preview)', { exact: true }).count()).toBe(0);
    expect(await dialog.getByText('Dry run: a preview').count()).toBe(0);
    await dialog.getByText('Not reached').first().waitFor();
    await page.context().close();
  });

  it('the Run dialog shows a range the server refuses next to its date field', async () => {
    const page = await signedIn(WIDTHS[1]);
    await page.goto(`${server.url}/billing-jobs`);
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.getByRole('button', { name: 'Select all' }).click();
    // Today has not ended: the server refuses the range (the form's own checks pass).
    await dialog.getByLabel('End Date').fill(calendarDateInZone(new Date(), ZONE));
    await dialog.getByRole('button', { name: 'Run Billing Job' }).click();
    const end = dialog.getByLabel('End Date');
    await page.waitForFunction(() => document.querySelector('#billing-end')?.getAttribute('aria-invalid') === 'true');
    const message = dialog.locator('#billing-end-error');
    expect(await message.innerText()).toBe(`The billing period must end before today (${ZONE})`);
    // It sits right under the field, inside the dialog, and stays after the toast has gone.
    const field = (await end.boundingBox())!;
    const text = (await message.boundingBox())!;
    expect(text.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(text.y - (field.y + field.height)).toBeLessThan(40);
    expect(await overflow(dialog, message)).toBe(0);
    await page.waitForTimeout(5_000);
    expect(await message.isVisible()).toBe(true);
    await page.context().close();
  });
});
