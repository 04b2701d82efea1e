import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedQboSimulator } from '../apps/server/src/areas/qbo';
import type { QboSimulator } from '../packages/integrations/src/qbo/simulator';
import { seriousAccessibilityViolations } from '../test/accessibility';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import type { RestClient } from '../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Issue 12's screens as a billing clerk uses them, on data made the way the app makes it: QuickBooks
// connected through the simulator's consent page, profiles and runs through the REST API, calls
// from the simulated Genesys (one added late through its control path), invoices voided and deleted
// in the simulated QuickBooks. Then: the statistics modal's billing coverage, Job Details (lines by
// period, calls as CSV, release for re-billing), archived profiles, and the Billing Start Date field.

const VIEWER = { email: 'viewer@example.com', password: 'viewer-password-1' };
const TIME_ZONE = 'America/Los_Angeles';

/** 'YYYY-MM-DD' of today in the company timezone. */
const todayInCompanyZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

/** First and last day of the month `back` months before the month of `today`. */
function monthBefore(today: string, back: number): { start: string; end: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

/** An instant as the company's wall clock reads it: 'YYYY-MM-DD HH:mm' (the calls CSV's Start Time). */
function wallClock(instant: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
const periodText = (period: { start: string; end: string }) => `${shown(period.start)} – ${shown(period.end)}`;
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

type JobCustomer = {
  profileId: string;
  customerName: string;
  calls: number;
  amount: number;
  qboInvoiceId: string | null;
  docNumber: string | null;
  lines: Array<{ description: string }>;
};
type Coverage = {
  billingStartDate: string;
  billedThrough: string | null;
  periods: Array<{
    start: string;
    end: string;
    calls: number;
    billedMinutes: number;
    amountInvoiced: number;
    fullyBilled: boolean;
    invoices: Array<{ docNumber: string; qboStatus: string | null; state: string }>;
  }>;
  unbilledPeriods: Array<{ start: string; end: string; calls: number; billedMinutes: number }>;
  lateCalls: { count: number; minutes: number };
};

async function runAndWait(
  admin: RestClient,
  body: { billingPeriodStart: string; billingPeriodEnd: string; selectedQueues: string[]; isDryRun?: boolean },
) {
  const started = await admin.post('/api/v1/billing/run', { isDryRun: false, ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { id, jobId } = started.body.data as { id: string; jobId: string };
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const job = (await admin.get(`/api/v1/billing/jobs/${id}`)).body.data as {
      status: string;
      customers: JobCustomer[];
    };
    if (!['PENDING', 'IN_PROGRESS'].includes(job.status)) {
      expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
      return { id, jobId, customers: job.customers };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not end within a minute`);
}

describe.skipIf(!chromiumAvailable)('Billing coverage, voided invoices and archived profiles', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: RestClient;
  let qbo: QboSimulator;
  const today = todayInCompanyZone();
  const older = monthBefore(today, 2); // ended, left out by the first run, billed by the second
  const previous = monthBefore(today, 1); // billed by the first run, with a call that arrives late
  let queues: [string, string];
  let amy: { id: string };
  let bill: { id: string };
  let firstRun: Awaited<ReturnType<typeof runAndWait>>;
  let secondRun: Awaited<ReturnType<typeof runAndWait>>;
  let lateCallId: string;
  // On the last day of last month: within the late-usage window (35 days), where runs look for late calls.
  const lateCallStart = `${previous.end}T18:00:00Z`;

  const coverageOf = async (profileId: string) =>
    (await admin.get(`/api/v1/customer-profiles/${profileId}/billing-coverage`)).body.data as Coverage;
  const customerOf = (run: { customers: JobCustomer[] }, profileId: string) =>
    run.customers.find((customer) => customer.profileId === profileId)!;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    admin = await server.admin();
    qbo = mountedQboSimulator(server.server.app)!;

    // QBO Setup: authorize, consent at the (simulated) QuickBooks, callback.
    const authUrl = (await admin.get('/api/v1/qbo/auth')).body.data.authUrl as string;
    const consent = new URL(await qbo.approve(authUrl));
    expect((await admin.get(`/api/v1/qbo/callback${consent.search}`)).status).toBe(200);

    // Two queues of the simulated Genesys, one customer profile on each, billed since the older month.
    const suggestions = (await admin.get('/api/v1/customer-profiles/queue-suggestions')).body.data as Array<{
      name: string;
    }>;
    queues = [suggestions[0]!.name, suggestions[1]!.name];
    const create = async (body: Record<string, unknown>) => {
      const answer = await admin.post('/api/v1/customer-profiles', { billingStartDate: older.start, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data as { id: string };
    };
    amy = await create({
      qboDisplayName: "Amy's Bird Sanctuary",
      qboCustomerId: '1',
      genesysQueueNames: [queues[0]],
      ratePerMinute: '0.05',
    });
    bill = await create({
      qboDisplayName: "Bill's Windsurf Shop",
      qboCustomerId: '2',
      genesysQueueNames: [queues[1]],
      ratePerMinute: '0.04',
      minimumMinutes: 100,
      overageRatePerMinute: '0.03',
    });

    // A manual run invoices last month for both; the month before stays unbilled.
    firstRun = await runAndWait(admin, {
      billingPeriodStart: previous.start,
      billingPeriodEnd: previous.end,
      selectedQueues: queues,
    });
    expect(qbo.invoices()).toHaveLength(2);

    // Genesys reports one more call of last month afterwards (7 min 30 s, billed as 8 min). The app
    // pulls a day again once its last pull is 10 minutes old: an hour passes (the pull log ages),
    // and a dry run of the month left out finds the call and previews it as late usage.
    const injected = await fetch(`${server.url}/sim/genesys/_control/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        queueName: queues[0],
        startTime: lateCallStart,
        durationSeconds: 450,
        mediaType: 'voice',
      }),
    });
    expect(injected.status).toBe(201);
    lateCallId = ((await injected.json()) as { conversationId: string }).conversationId;
    await server.server.services.db.$executeRaw`UPDATE call_pull_days SET "pulledAt" = "pulledAt" - interval '1 hour'`;
    const preview = await runAndWait(admin, {
      billingPeriodStart: older.start,
      billingPeriodEnd: older.end,
      selectedQueues: [queues[0]],
      isDryRun: true,
    });
    expect(customerOf(preview, amy.id).lines.map((line) => line.description)).toEqual([
      `Phone usage, ${shown(older.start)}–${shown(older.end)}`,
      `Late usage, ${shown(previous.start)}–${shown(previous.end)}`,
    ]);

    const viewerRole = ((await admin.get('/api/v1/auth/roles')).body.roles as Array<{ id: string; name: string }>).find(
      (role) => role.name === 'viewer',
    )!;
    expect(
      (await admin.post('/api/v1/auth/users', { ...VIEWER, name: 'Vera Viewer', roleIds: [viewerRole.id] })).status,
    ).toBe(201);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const row = (page: Page, name: string) => page.getByTestId('customer-profile-row').filter({ hasText: name });

  async function openStatistics(page: Page, name: string): Promise<Locator> {
    await page.goto(`${server.url}/customer-profiles`);
    await row(page, name)
      .getByRole('button', { name: `Statistics for ${name}` })
      .click();
    const stats = page.getByRole('dialog', { name: `Customer Statistics: ${name}` });
    await stats.getByRole('heading', { name: 'Billing coverage' }).waitFor();
    await stats.getByRole('table', { name: 'Billed periods' }).waitFor();
    return stats;
  }

  it('shows what is billed, the ended period still unbilled and the late call waiting', async () => {
    const coverage = await coverageOf(amy.id);
    // What the server reports, for the screen to show: last month billed in full, the month before
    // ended and waiting with its calls, and the late call.
    expect(coverage.billedThrough).toBe(previous.end);
    expect(coverage.periods.map((period) => period.start)).toEqual([previous.start]);
    expect(coverage.unbilledPeriods.map((period) => period.start)).toEqual([older.start]);
    expect(coverage.lateCalls).toEqual({ count: 1, minutes: 8 });
    const billed = coverage.periods[0]!;
    const invoice = customerOf(firstRun, amy.id);

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const stats = await openStatistics(page, "Amy's Bird Sanctuary");
    const section = stats.locator('section', { has: page.getByRole('heading', { name: 'Billing coverage' }) });
    expect(await section.locator('dt:text("Billing start date") + dd').textContent()).toBe(shown(older.start));
    expect(await section.locator('dt:text("Billed through") + dd').textContent()).toBe(shown(previous.end));

    const periodRow = section.getByTestId('coverage-period');
    expect(await periodRow.count()).toBe(1);
    const cells = (await periodRow.getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(cells.slice(0, 4)).toEqual([
      periodText(previous),
      billed.calls.toLocaleString('en-US'),
      billed.billedMinutes.toLocaleString('en-US', { maximumFractionDigits: 2 }),
      money(billed.amountInvoiced),
    ]);
    expect(billed.amountInvoiced).toBe(invoice.amount);
    expect(cells[4]).toBe(`Invoice No. ${invoice.docNumber} · ${money(invoice.amount)}`);
    expect(invoice.docNumber?.startsWith(firstRun.jobId)).toBe(true);

    // The ended month not yet billed stands out, with the calls waiting in it.
    const unbilled = section.getByRole('alert').filter({ hasText: '1 ended period not yet billed' });
    const waiting = coverage.unbilledPeriods[0]!;
    expect(waiting.calls).toBeGreaterThan(0);
    expect(await unbilled.getByTestId('coverage-unbilled-period').textContent()).toBe(
      `${periodText(older)}: ${waiting.calls.toLocaleString('en-US')} calls, ${waiting.billedMinutes.toLocaleString('en-US', { maximumFractionDigits: 2 })} billed minutes waiting`,
    );
    expect(await section.getByTestId('coverage-late-calls').textContent()).toBe(
      '1 late call (8 min) will be billed on the next invoice',
    );

    expect(await seriousAccessibilityViolations(page, '[role="dialog"]')).toEqual([]);

    // On a phone the billed periods are cards, nothing to scroll sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    // The table gives way to cards once the page has seen the new width (the same test id marks a
    // table row and a card, so the card is only told apart once the table is gone).
    await section.getByRole('table', { name: 'Billed periods' }).waitFor({ state: 'detached' });
    const card = section.getByTestId('coverage-period');
    expect(await card.evaluate((element) => element.tagName)).toBe('LI');
    await card.getByText(periodText(previous)).waitFor();
    expect(await card.textContent()).toContain(money(billed.amountInvoiced));
    await page.close();
  });

  it('flags invoices voided or deleted in QuickBooks, and releases one for re-billing from the statistics', async () => {
    // In QuickBooks, Amy's invoice is voided and Bill's deleted; the next run checks them, and
    // bills the month left out (and Amy's late call).
    qbo.voidInvoice(customerOf(firstRun, amy.id).qboInvoiceId!);
    qbo.deleteInvoice(customerOf(firstRun, bill.id).qboInvoiceId!);
    secondRun = await runAndWait(admin, {
      billingPeriodStart: older.start,
      billingPeriodEnd: older.end,
      selectedQueues: queues,
    });
    const voided = customerOf(firstRun, amy.id);
    // Job Details learns it from the job's customers (what the app last heard from QuickBooks).
    const checked = (await admin.get(`/api/v1/billing/jobs/${firstRun.id}`)).body.data.customers as Array<{
      profileId: string;
      invoiceState: string;
      invoiceQboStatus: string;
    }>;
    expect(
      checked
        .map(({ profileId, invoiceState, invoiceQboStatus }) => ({ profileId, invoiceState, invoiceQboStatus }))
        .sort((a, b) => a.invoiceQboStatus.localeCompare(b.invoiceQboStatus)),
    ).toEqual([
      { profileId: bill.id, invoiceState: 'CREATED', invoiceQboStatus: 'deleted' },
      { profileId: amy.id, invoiceState: 'CREATED', invoiceQboStatus: 'voided' },
    ]);

    // A viewer sees the flag, not the release.
    const viewerPage = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(viewerPage, server.url, VIEWER.email, VIEWER.password);
    const viewerStats = await openStatistics(viewerPage, "Amy's Bird Sanctuary");
    const viewerInvoice = viewerStats
      .getByTestId('coverage-invoice')
      .filter({ hasText: `Invoice No. ${voided.docNumber}` });
    await viewerInvoice.getByText('Voided in QuickBooks').waitFor();
    expect(await viewerStats.getByRole('button', { name: /Release for re-billing/ }).count()).toBe(0);
    await viewerPage.close();

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const stats = await openStatistics(page, "Amy's Bird Sanctuary");
    const flagged = stats.getByTestId('coverage-invoice').filter({ hasText: `Invoice No. ${voided.docNumber}` });
    await flagged.getByText('Voided in QuickBooks').waitFor();
    // The month left out is billed now, and the late call went onto the second run's invoice.
    expect(await stats.getByTestId('coverage-late-calls').count()).toBe(0);
    expect(await stats.getByTestId('coverage-unbilled-period').count()).toBe(0);
    expect((await stats.getByTestId('coverage-period').allTextContents()).map((text) => text.slice(0, 23))).toEqual([
      periodText(older),
      periodText(previous),
    ]);

    await flagged.getByRole('button', { name: `Release for re-billing: invoice ${voided.docNumber}` }).click();
    const confirm = page.getByRole('dialog', { name: `Release invoice ${voided.docNumber} for re-billing?` });
    await confirm
      .getByText(new RegExp(`^Invoice ${voided.docNumber} was voided in QuickBooks\\. Releasing it frees its calls`))
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The reason is required.
    await confirm.getByRole('button', { name: 'Release for re-billing' }).click();
    await confirm.getByText('Say why the invoice is released').waitFor();
    // A pasted control character gets the server's own message (the same schema), before any request.
    await confirm.getByLabel('Reason').fill('Voided\u0007 by accounting');
    await confirm.getByRole('button', { name: 'Release for re-billing' }).click();
    await confirm.getByText('Reason cannot contain control characters').waitFor();
    await confirm.getByLabel('Reason').fill('Customer disputed the usage; voided by accounting');
    await confirm.getByRole('button', { name: 'Release for re-billing' }).click();
    await waitForToast(
      page,
      `Invoice ${voided.docNumber} released: its ${voided.calls} calls are billed again by the next run`,
    );
    await confirm.waitFor({ state: 'hidden' });

    // The released invoice no longer counts: last month waits to be billed again.
    await stats
      .getByTestId('coverage-invoice')
      .filter({ hasText: `Invoice No. ${voided.docNumber}` })
      .waitFor({ state: 'detached' });
    await stats
      .getByTestId('coverage-unbilled-period')
      .filter({ hasText: periodText(previous) })
      .waitFor();
    expect((await coverageOf(amy.id)).unbilledPeriods.map((period) => period.start)).toEqual([previous.start]);
    const audit = (await admin.get('/api/v1/audit-log')).body.data as Array<{
      action: string;
      target: string | null;
      details: Record<string, unknown> | null;
    }>;
    expect(audit.find((entry) => entry.action === 'billing.invoice-released')).toMatchObject({
      target: voided.docNumber,
      details: { reason: 'Customer disputed the usage; voided by accounting' },
    });
    await page.close();
  });

  it('shows a job per customer with its lines by period, exports the calls behind an invoice, and releases a deleted one', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/billing-jobs`);

    // The second run billed the month left out and, under last month, Amy's late call.
    await page.getByRole('button', { name: `View details of ${secondRun.jobId}` }).click();
    let details = page.getByRole('dialog', { name: `Job Details: ${secondRun.jobId}` });
    const amyRow = details.getByTestId('job-customer-row').filter({ hasText: "Amy's Bird Sanctuary" });
    await amyRow.getByText('Invoiced').waitFor();
    const groups = amyRow.getByTestId('job-line-period');
    expect(await groups.count()).toBe(2);
    expect(await groups.nth(0).textContent()).toMatch(
      new RegExp(`^Period ${periodText(older)}Phone usage: [\\d,.]+ min × \\$0\\.05 = \\$[\\d,.]+$`),
    );
    expect(await groups.nth(1).textContent()).toBe(`Period ${periodText(previous)}Late usage: 8 min × $0.05 = $0.40`);

    // Export calls: the CSV of the calls behind that invoice, the late call among them.
    const amyInvoice = customerOf(secondRun, amy.id);
    const downloading = page.waitForEvent('download');
    await amyRow.getByRole('button', { name: "Export calls of Amy's Bird Sanctuary" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${secondRun.jobId}-Amy-s-Bird-Sanctuary-calls.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(csv[0]).toBe('Conversation ID,Start Time,Duration (seconds),Billed Seconds,Queue,Period,Line');
    expect(csv).toHaveLength(amyInvoice.calls + 1);
    const late = csv.find((line) => line.startsWith(`${lateCallId},`));
    expect(late).toBe(
      `${lateCallId},${wallClock(lateCallStart)},450,480,${queues[0]},${shown(previous.start)}–${shown(previous.end)},"Late usage, ${shown(previous.start)}–${shown(previous.end)}"`,
    );
    await waitForToast(page, `Exported ${amyInvoice.calls} calls to CSV`);
    expect(await seriousAccessibilityViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // The first run: Amy's invoice was released (from the statistics); Bill's was deleted in QuickBooks.
    await page.getByRole('button', { name: `View details of ${firstRun.jobId}` }).click();
    details = page.getByRole('dialog', { name: `Job Details: ${firstRun.jobId}` });
    const released = details.getByTestId('job-customer-row').filter({ hasText: "Amy's Bird Sanctuary" });
    await released.getByText('Released for re-billing').waitFor();
    expect(await released.getByRole('button', { name: /Release for re-billing/ }).count()).toBe(0);
    const billRow = details.getByTestId('job-customer-row').filter({ hasText: "Bill's Windsurf Shop" });
    await billRow.getByText('Deleted in QuickBooks').waitFor();
    const deleted = customerOf(firstRun, bill.id);
    await billRow.getByRole('button', { name: `Release for re-billing: invoice ${deleted.docNumber}` }).click();
    const confirm = page.getByRole('dialog', { name: `Release invoice ${deleted.docNumber} for re-billing?` });
    await confirm
      .getByText(new RegExp(`^Invoice ${deleted.docNumber} was deleted in QuickBooks\\. Releasing it frees its calls`))
      .waitFor();
    await confirm.getByLabel('Reason').fill('Deleted by mistake in QuickBooks');
    await confirm.getByRole('button', { name: 'Release for re-billing' }).click();
    await waitForToast(
      page,
      `Invoice ${deleted.docNumber} released: its ${deleted.calls} calls are billed again by the next run`,
    );
    await billRow.getByText('Released for re-billing').waitFor();
    expect(await billRow.getByRole('button', { name: /Release for re-billing/ }).count()).toBe(0);
    await page.close();
  });

  it('archives a profile that has invoices, deletes one that has none, and says which happened', async () => {
    const unbilled = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Cool Cars',
      genesysQueueNames: ['A Queue Nobody Bills'],
      ratePerMinute: '0.10',
    });
    expect(unbilled.status).toBe(201);

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/customer-profiles`);
    await row(page, 'Cool Cars').waitFor();

    const confirmations: string[] = [];
    page.on('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.accept();
    });
    await row(page, "Amy's Bird Sanctuary").getByRole('button', { name: "Delete Amy's Bird Sanctuary" }).click();
    await waitForToast(
      page,
      'Customer profile archived: it has invoices, which are kept. Find it under Status: Archived.',
    );
    expect(confirmations[0]).toBe(
      "Are you sure you want to delete this customer profile?\n\nAmy's Bird Sanctuary\n\nA profile that has invoices is archived instead: its invoices and calls are kept, it is no longer billed, and it is listed under Status: Archived. Without invoices it is deleted for good.",
    );
    await row(page, "Amy's Bird Sanctuary").waitFor({ state: 'detached' });

    await row(page, 'Cool Cars').getByRole('button', { name: 'Delete Cool Cars' }).click();
    await waitForToast(page, 'Customer profile deleted successfully');
    await row(page, 'Cool Cars').waitFor({ state: 'detached' });
    expect((await admin.get(`/api/v1/customer-profiles/${unbilled.body.data.id}/stats`)).status).toBe(404);

    // Archived profiles are listed only when the Status filter asks for them, with their badge.
    expect(
      (await page.getByTestId('customer-profile-row').allTextContents()).some((text) => text.includes('Archived')),
    ).toBe(false);
    await page.getByLabel('Status filter').selectOption('archived');
    const archived = row(page, "Amy's Bird Sanctuary");
    await archived.getByText('Archived', { exact: true }).waitFor();
    expect(await page.getByTestId('customer-profile-row').count()).toBe(1);
    expect(await archived.getByRole('button', { name: "Delete Amy's Bird Sanctuary" }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page, 'main')).toEqual([]);

    // Its billing history stays visible.
    await archived.getByRole('button', { name: "Statistics for Amy's Bird Sanctuary" }).click();
    const stats = page.getByRole('dialog', { name: "Customer Statistics: Amy's Bird Sanctuary" });
    await stats
      .getByTestId('coverage-period')
      .filter({ hasText: periodText(previous) })
      .waitFor();
    await page.close();
  });

  it("shows the profile's billing start date when editing it, and says clearly what is wrong with one", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/customer-profiles`);
    await row(page, "Bill's Windsurf Shop").getByRole('button', { name: "Edit Bill's Windsurf Shop" }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer Profile' });
    const startDate = dialog.getByLabel('Billing Start Date');
    expect(await startDate.inputValue()).toBe(older.start);
    const update = dialog.getByRole('button', { name: 'Update', exact: true });
    const message = (text: string) =>
      dialog.locator('#profile-billingStartDate-error').filter({ hasText: text }).waitFor();

    await startDate.fill('');
    await update.click();
    await message('Billing start date is required: calls before it are never billed');
    expect(await startDate.getAttribute('aria-invalid')).toBe('true');

    await startDate.fill('1999-12-01');
    await update.click();
    await message('Billing start date must be in the years 2000 to 2099');

    // Typed by hand with the year left out: the browser cannot read it.
    await startDate.fill('');
    await startDate.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('0301');
    await update.click();
    await message('Billing start date is incomplete: enter the month, day and year');
    expect(await seriousAccessibilityViolations(page, '[role="dialog"]')).toEqual([]);

    await startDate.fill(previous.start);
    await update.click();
    await waitForToast(page, 'Customer profile updated successfully');
    await dialog.waitFor({ state: 'hidden' });
    expect((await admin.get(`/api/v1/customer-profiles/${bill.id}/billing-coverage`)).body.data.billingStartDate).toBe(
      previous.start,
    );
    await page.close();
  });
});
