import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearDashboardTables, seedDashboardData, startRefusingGenesys } from '../test/dashboard-fixtures';
import type { IntegrationServices, QboStatus } from '../packages/api/src/integrations';
import { hashPassword } from '../packages/api/src/auth/passwords';
import { notify } from '../packages/api/src/notifications';
import { chromiumAvailable, launchBrowser, signInThroughUi, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

describe.skipIf(!chromiumAvailable)('dashboard and the header bell', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let genesys: Awaited<ReturnType<typeof startRefusingGenesys>>;
  let qboStatus: QboStatus = {
    connected: false,
    environment: null,
    companyName: null,
    expiresInSeconds: null,
    lastError: null,
  };

  beforeAll(async () => {
    // A Genesys that refuses us: no simulator calls land in the month while the screen counts them.
    genesys = await startRefusingGenesys();
    server = await startTestServer({ withWebApp: true, runWorkers: false, env: genesys.env });
    const { db } = server.server.services;
    await clearDashboardTables(db);
    await seedDashboardData(db, { timeZone: 'America/New_York' });
    // A failed job's error as long as real ones get: the Billing tab must keep its row short.
    await db.billingJob.update({
      where: { jobId: 'BJ-T0011' },
      data: {
        error: `Customer Beta LLC has no QuickBooks mapping (job 11): ${'connect the profile to a QuickBooks customer, then retry the job. '.repeat(4)}`,
      },
    });
    await db.organizationSettings.update({
      where: { id: 1 },
      data: { killSwitchEnabled: true, killSwitchReason: 'Year-end audit' },
    });
    const integrations = server.server.services.integrations as IntegrationServices;
    integrations.qbo = { simulated: true, getClient: async () => null, status: async () => qboStatus };
    integrations.genesys = {
      simulated: true,
      listQueues: async () => [],
      ensureCallRecords: async () => undefined,
      status: async () => ({ isConnected: true, tokenExpiresAt: new Date(Date.now() + 3600_000), lastError: null }),
    };
    await db.user.create({
      data: { email: 'nobody@example.com', passwordHash: await hashPassword('nobody-password-1') },
    });
    await notify(db, {
      kind: 'billing-failure',
      message: 'Billing job BJ-T0011 failed: Customer Beta LLC has no QuickBooks mapping',
      link: '/billing-jobs',
    });
    browser = await launchBrowser();
    // Sign in once; each test opens its own page in this signed-in context.
    context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await genesys?.close();
  });

  async function signedIn(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByText('Genesys Queues', { exact: true }).waitFor();
    return page;
  }

  function statCard(page: Page, title: string) {
    return page.locator('dl').filter({ has: page.getByText(title, { exact: true }) });
  }

  it('shows the cards and every tab with the seeded data', async () => {
    const page = await signedIn();
    expect(await statCard(page, 'Genesys Queues').locator('dd').first().textContent()).toBe('3');
    expect(await statCard(page, 'Total Revenue').locator('dd').first().textContent()).toBe('$150.35');
    // 61+30+125+40+3000+3700+20+90+45 = 7111 s of voice calls this month.
    expect(await statCard(page, 'Phone Usage').locator('dd').first().textContent()).toBe('118.52 min');
    expect(await statCard(page, 'Billing Schedules').locator('dd').first().textContent()).toBe('2');
    // QuickBooks is not connected: no Company Information strip.
    expect(await page.getByTestId('company-strip').count()).toBe(0);

    // Overview (initial tab).
    await page.getByRole('heading', { name: 'Billing Summary' }).waitFor();
    await page.getByRole('heading', { name: 'System Configuration' }).waitFor();
    await page.getByText('America/New_York').waitFor();
    expect(await page.getByTestId('schedule-card').count()).toBe(2);
    await page.getByTestId('schedule-card').filter({ hasText: 'Acme Corp' }).waitFor();

    // Billing: the ten newest jobs, the failed one with its error.
    await page.getByRole('tab', { name: 'Billing' }).click();
    const jobs = page.getByRole('table', { name: 'Recent billing jobs' });
    await jobs.waitFor();
    expect(await jobs.locator('tbody tr').count()).toBe(10);
    const newest = jobs.locator('tbody tr').first();
    expect(await newest.textContent()).toContain('BJ-T0011');
    await newest.getByText('Failed', { exact: true }).waitFor();
    await newest.getByText('Customer Beta LLC has no QuickBooks mapping (job 11)').waitFor();
    await newest.getByText('09/01/2026 – 09/30/2026').waitFor();
    // At 1440 px the long error takes two lines at most and the table does not scroll sideways.
    await page.setViewportSize({ width: 1440, height: 900 });
    expect((await newest.boundingBox())!.height).toBeLessThan(80);
    expect(await jobs.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
    // On a phone the jobs are cards: every field in reach, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Recent billing jobs' }).getByTestId('recent-billing-job');
    await expect.poll(() => cards.count()).toBe(10);
    expect(await page.getByRole('table', { name: 'Recent billing jobs' }).count()).toBe(0);
    await cards.first().getByText('Customer Beta LLC has no QuickBooks mapping (job 11)').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Schedules: every schedule with its rules.
    await page.getByRole('tab', { name: 'Schedules' }).click();
    const schedules = page.getByRole('table', { name: 'Customer billing schedules' });
    const beta = schedules.locator('tbody tr').filter({ hasText: 'Beta LLC' });
    await beta.getByText('Monthly on the 15th at 06:30').waitFor();
    await beta.getByText('Day 16 to day 15 of the next month').waitFor();
    await beta.getByText('$0.20').waitFor();
    // On a phone the schedules are cards with every field, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const scheduleCards = page.getByRole('list', { name: 'Customer billing schedules' }).getByTestId('schedule-row');
    const betaCard = scheduleCards.filter({ hasText: 'Beta LLC' });
    await betaCard.getByText('Day 16 to day 15 of the next month').waitFor();
    await betaCard.getByText('$0.20').waitFor();
    expect(await page.getByRole('table', { name: 'Customer billing schedules' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // System: QuickBooks disconnected warning, Genesys connected, the kill switch issue.
    await page.getByRole('tab', { name: /System/ }).click();
    await page.getByText('QBO connection failed - billing integration may be affected').waitFor();
    const issues = page.getByRole('list', { name: 'System issues' });
    await issues.getByText(/The billing kill switch is on \(reason: Year-end audit\)/).waitFor();
    await issues.getByText(/no QuickBooks customer mapping \(Beta LLC\)/).waitFor();
    await issues.getByText(/not assigned to a team \(Overflow\)/).waitFor();
    await page.getByText('Processing billing...').waitFor(); // one job is IN_PROGRESS

    // Usage: this month's totals and the chart of minutes by day, "so far" ending today.
    await page.getByRole('tab', { name: 'Usage' }).click();
    const { timezone } = (await (await server.admin()).get('/api/v1/settings')).body.data as { timezone: string };
    const today = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    await page.getByText(new RegExp(`so far \\(\\d\\d/01/\\d{4} – ${today.replace(/\//g, '\\/')}, `)).waitFor();
    expect(await statCard(page, 'Total Calls').locator('dd').first().textContent()).toBe('9');
    expect(await statCard(page, 'Total Minutes').locator('dd').first().textContent()).toBe('118.52 min');
    // Acme 7 min × $0.05 = $0.35; Beta 100 min × $0.10 + 13 min × $0.20 = $12.60.
    expect(await statCard(page, 'Estimated Revenue').locator('dd').first().textContent()).toBe('$12.95');
    await page.getByTestId('usage-chart').locator('svg.recharts-surface').first().waitFor();
    await page.close();
  });

  it('shows the Company Information strip while QuickBooks is connected, and no warning', async () => {
    qboStatus = {
      connected: true,
      environment: 'sandbox',
      companyName: 'Sandbox Company_US_1',
      expiresInSeconds: 3000,
      lastError: null,
    };
    try {
      const page = await signedIn();
      const strip = page.getByTestId('company-strip');
      await strip.getByText(/Sandbox Company_US_1/).waitFor();
      expect(await strip.getByRole('link').getAttribute('href')).toBe('/company-info');
      await page.getByRole('tab', { name: /System/ }).click();
      await page.getByTestId('qbo-status-card').getByText('50 min').waitFor();
      expect(await page.getByText('QBO connection failed - billing integration may be affected').count()).toBe(0);
      await page.close();
    } finally {
      qboStatus = { connected: false, environment: null, companyName: null, expiresInSeconds: null, lastError: null };
    }
  });

  it('says so when the dashboard cannot be loaded', async () => {
    const page = await context.newPage();
    await page.route('**/trpc/**', (route) =>
      route.request().url().includes('dashboard.overview')
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"boom"}}' })
        : route.continue(),
    );
    await page.goto(`${server.url}/`);
    // After the retries: the toast (4 s) and a lasting message with a way to try again.
    await Promise.all([
      waitForToast(page, 'Failed to load dashboard data', 60_000),
      page.getByText('The dashboard could not be loaded').waitFor({ timeout: 60_000 }),
    ]);
    await page.unroute('**/trpc/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Genesys Queues', { exact: true }).waitFor();
    await page.close();
  });

  it('lists a failed job in the bell, links to Billing Jobs and marks it seen', async () => {
    const page = await signedIn();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: /Billing job BJ-T0011 failed/ });
    await entry.waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor(); // seen: the count is gone
    await entry.click();
    await page.waitForURL(`${server.url}/billing-jobs`);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByTestId('notification-count').count()).toBe(0);
    await page.close();
  });

  it('tells a user without dashboard:view that the page is restricted, and still rings the bell', async () => {
    const other = await browser.newContext();
    try {
      const page = await other.newPage();
      await signInThroughUi(page, server.url, 'nobody@example.com', 'nobody-password-1');
      await page.getByText('Access restricted').waitFor();
      expect(await page.getByText('Failed to load dashboard data').count()).toBe(0);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page
        .getByRole('dialog', { name: 'Notifications' })
        .getByText(/Billing job BJ-T0011 failed/)
        .waitFor();
    } finally {
      await other.close();
    }
  });
});
