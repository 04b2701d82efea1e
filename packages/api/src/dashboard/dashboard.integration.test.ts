import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, refusal, type Caller, type TestApi } from '../../../../test/caller';
import { seedDashboardData, startRefusingGenesys } from '../../../../test/dashboard-fixtures';
import { startTestServer, type TestServer } from '../../../../test/server';
import type { QboStatus } from '../integrations';
import { notify } from '../notifications';

describe('the dashboard over seeded data', () => {
  let api: TestApi;
  let nobody: Caller;
  let seeded: Awaited<ReturnType<typeof seedDashboardData>>;
  let qboStatus: QboStatus;
  const now = new Date();

  beforeAll(async () => {
    qboStatus = { connected: false, environment: null, companyName: null, expiresInSeconds: null, lastError: null };
    api = await createTestApi({
      integrations: {
        qbo: { simulated: true, getClient: async () => null, status: async () => qboStatus },
        genesys: {
          simulated: true,
          listQueues: async () => [],
          ensureCallRecords: async () => undefined,
          status: async () => ({
            isConnected: true,
            tokenExpiresAt: new Date('2030-01-01T00:00:00Z'),
            lastError: null,
          }),
        },
      },
    });
    const { db } = api;
    seeded = await seedDashboardData(db, { now, timeZone: 'America/New_York' });
    await db.organizationSettings.update({
      where: { id: 1 },
      data: { killSwitchEnabled: true, killSwitchReason: 'Year-end audit' },
    });
    nobody = (await api.userWith([], 'Nobody')).caller;
  });
  afterAll(async () => {
    await api?.close();
  });

  it("overview: queues, billing over all jobs, this month's voice usage and its estimated revenue", async () => {
    const body = await api.admin.dashboard.overview();
    expect(body.success).toBe(true);

    // Voice calls whose start falls inside this month in New York.
    const inMonth = seeded.calls.filter(
      (call) => call.mediaType === 'voice' && call.at >= seeded.monthStart && call.at < seeded.nextMonthStart,
    );
    expect(inMonth.map((call) => call.id).sort()).toEqual(['c1', 'c11', 'c12', 'c2', 'c3', 'c4', 'c5', 'c7', 'c8']);
    const seconds = 61 + 30 + 125 + 40 + 3000 + 3700 + 20 + 90 + 45;
    const minutes = (s: number) => Math.round((s / 60) * 100) / 100;
    // Acme (Support, 0.05/min, no minimum): 61→120 s, 30→60, 125→180, 40→60 = 7 min → 0.35.
    // Beta (Sales, minimum 100 at 0.10, overage 0.20): 3000 + 3720 + 60 s = 113 min → 10.00 + 13 × 0.20 = 12.60.
    // Delta (no queues, no minimum) 0; Gamma is inactive; Overflow and queue-less calls belong to no one.
    const expectedAmount = (35 + 1000 + 260) / 100;

    expect(body.data).toMatchObject({
      queues: { total: 3 },
      billing: {
        totalRevenue: '150.35',
        totalJobs: seeded.jobs.length,
        successfulJobs: seeded.jobs.filter((job) => job.status === 'COMPLETED').length,
        failedJobs: seeded.jobs.filter((job) => job.status === 'FAILED').length,
        totalInvoices: 2,
      },
      usage: {
        totalCalls: inMonth.length,
        totalMinutes: minutes(seconds),
        totalAmount: expectedAmount.toFixed(2),
        month: seeded.month.month,
      },
      config: { timezone: 'America/New_York', currency: 'USD' },
    });

    // Minutes by day: each New York day of the month so far, zeros included.
    const dayOfMonth = Number(seeded.month.today.slice(8, 10));
    const expectedDays = Array.from({ length: dayOfMonth }, (_, index) => {
      const date = `${seeded.month.month}-${String(index + 1).padStart(2, '0')}`;
      const calls = inMonth.filter(
        (call) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(call.at) === date,
      );
      return { date, calls: calls.length, minutes: minutes(calls.reduce((sum, call) => sum + call.duration, 0)) };
    });
    expect(body.data.usage.byDay).toEqual(expectedDays);
    expect(expectedDays[0]!.calls).toBe(8);
    if (dayOfMonth >= 2)
      expect(expectedDays[1]).toEqual({ date: `${seeded.month.month}-02`, calls: 1, minutes: minutes(20) });
  });

  it('billing-jobs: the ten newest by default, or the limit asked for, with their fields', async () => {
    const body = await api.admin.dashboard.billingJobs();
    const newestFirst = [...seeded.jobs].reverse();
    expect(body.data.jobs.map((job) => job.jobId)).toEqual(newestFirst.slice(0, 10).map((job) => job.jobId));
    expect(body.data.jobs[0]).toEqual({
      id: seeded.jobs[11]!.id,
      jobId: 'BJ-T0011',
      status: 'FAILED',
      type: 'MONTHLY',
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      totalClients: 12,
      totalInvoices: 11,
      totalAmount: '11.25',
      createdAt: seeded.jobs[11]!.createdAt.toISOString(),
      error: 'Customer Beta LLC has no QuickBooks mapping (job 11)',
    });
    const three = await api.admin.dashboard.billingJobs({ limit: 3 });
    expect(three.data.jobs.map((job) => job.jobId)).toEqual(['BJ-T0011', 'BJ-T0010', 'BJ-T0009']);
    // The dry run rated a customer but created no invoice, so it counts none.
    const all = await api.admin.dashboard.billingJobs({ limit: 20 });
    expect(all.data.jobs.find((job) => job.type === 'DRY_RUN')).toMatchObject({ jobId: 'BJ-T0001', totalInvoices: 0 });
    // Invoices QuickBooks holds, not attempts: a job with 11 attempts of which one failed counts 10.
    await api.db.billingJob.update({
      where: { id: seeded.jobs[11]!.id },
      data: { successfulInvoices: 10, failedInvoices: 1 },
    });
    expect((await api.admin.dashboard.billingJobs({ limit: 1 })).data.jobs[0]).toMatchObject({
      jobId: 'BJ-T0011',
      totalInvoices: 10,
    });
    await api.db.billingJob.update({
      where: { id: seeded.jobs[11]!.id },
      data: { successfulInvoices: 11, failedInvoices: 0 },
    });
    expect((await refusal(api.admin.dashboard.billingJobs({ limit: 0 }))).code).toBe('BAD_REQUEST');
  });

  it('system-status: integrations, the scheduler and every issue as a sentence', async () => {
    const { data } = await api.admin.dashboard.systemStatus();
    expect(data.qbo).toEqual({ connected: false, companyName: null, environment: null, expiresIn: null });
    expect(data.genesys).toEqual({ hasValidToken: true, tokenExpiresAt: '2030-01-01T00:00:00.000Z' });
    expect(data.scheduler.billing.totalScheduledJobs).toBe(2);
    expect(data.scheduler.billing.isRunning).toBe(true);
    expect(data.scheduler.billing.scheduledJobs).toEqual([
      expect.objectContaining({
        customerName: 'Acme Corp',
        billDate: 5,
        billTime: '02:00',
        billingPeriodStart: 1,
        billingPeriodEnd: 31,
        minimumMinutes: 0,
        overageRatePerMinute: '0.0500',
        nextRun: seeded.firstRun.toISOString(),
      }),
      expect.objectContaining({
        customerName: 'Beta LLC',
        billDate: 15,
        billTime: '06:30',
        billingPeriodStart: 16,
        billingPeriodEnd: 15,
        minimumMinutes: 100,
        overageRatePerMinute: '0.2000',
        nextRun: seeded.secondRun.toISOString(),
      }),
    ]);
    const issues = data.overall.issues;
    const expectIssue = (pattern: RegExp) =>
      expect(
        issues.some((issue) => pattern.test(issue)),
        `${pattern} in ${JSON.stringify(issues, null, 1)}`,
      ).toBe(true);
    expectIssue(/QuickBooks Online is not connected.*QBO Setup/);
    expectIssue(/kill switch is on \(reason: Year-end audit\)/);
    expectIssue(/^1 scheduled billing run is held by the kill switch/);
    expectIssue(
      /last scheduled billing job BJ-T0011 \(2026-09-01 to 2026-09-30\) failed: Customer Beta LLC has no QuickBooks mapping/,
    );
    expectIssue(/^1 active customer profile has no QuickBooks customer mapping \(Beta LLC\)/);
    expectIssue(/^1 active customer profile has no Genesys queue \(Delta Co\)/);
    expectIssue(/Genesys does not know 1 queue name .*\(Ghost Queue\)/);
    expectIssue(/^1 Genesys queue is not assigned to a team \(Overflow\).*Region & Teams/);
    // Overflow's call (its only profile is inactive), Support's call before Acme's billing start date (its
    // creation month), and, after the 15th, Sales' calls before Beta's (16..15, created today).
    expectIssue(
      /^\d unowned calls \(\d+ min\) will not be billed by any run \(.*Overflow: 1 call, no active profile holds it; Support: 1 call, before Acme Corp's billing start date\)/,
    );
    expect(issues.some((issue) => /Genesys Cloud/.test(issue))).toBe(false);
    expect(issues).toHaveLength(9);
  });

  it('system-status follows the integrations and the kill switch as they change', async () => {
    const { db } = api;
    qboStatus = {
      connected: true,
      environment: 'sandbox',
      companyName: 'Sandbox Company',
      expiresInSeconds: 3100,
      lastError: null,
    };
    await db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: false } });
    await db.scheduledRun.updateMany({ data: { state: 'DONE' } });
    await db.billingJob.updateMany({ where: { status: 'IN_PROGRESS' }, data: { status: 'COMPLETED' } });
    const body = await api.admin.dashboard.systemStatus();
    expect(body.data.qbo).toEqual({
      connected: true,
      companyName: 'Sandbox Company',
      environment: 'sandbox',
      expiresIn: 3100,
    });
    expect(body.data.scheduler.billing.isRunning).toBe(false);
    const issues = body.data.overall.issues;
    expect(issues.some((issue) => /QuickBooks Online/.test(issue))).toBe(false);
    expect(issues.some((issue) => /kill switch/.test(issue))).toBe(false);
    expect(issues).toHaveLength(6);

    qboStatus = { ...qboStatus, lastError: 'Token refresh failed' };
    const failing = await api.admin.dashboard.systemStatus();
    expect(failing.data.overall.issues[0]).toMatch(/QuickBooks Online is failing \(Token refresh failed\)/);

    const { integrations } = api.services;
    const genesys = integrations.genesys!;
    integrations.genesys = {
      ...genesys,
      status: async () => ({ isConnected: false, tokenExpiresAt: null, lastError: 'invalid_client' }),
    };
    try {
      const down = await api.admin.dashboard.systemStatus();
      expect(down.data.genesys).toEqual({ hasValidToken: false, tokenExpiresAt: null });
      expect(down.data.overall.issues[1]).toMatch(
        /^Genesys Cloud is not connected \(invalid_client\): call records cannot be pulled/,
      );
      delete integrations.qbo;
      const absent = await api.admin.dashboard.systemStatus();
      expect(absent.data.qbo).toEqual({ connected: false, companyName: null, environment: null, expiresIn: null });
      expect(absent.data.overall.issues[0]).toMatch(/^QuickBooks Online is not connected: /);
    } finally {
      integrations.genesys = genesys;
      integrations.qbo = { simulated: true, getClient: async () => null, status: async () => qboStatus };
    }
  });

  it('needs dashboard:view for the dashboard and a session for the bell', async () => {
    for (const call of [
      api.anonymous.dashboard.overview(),
      api.anonymous.dashboard.billingJobs(),
      api.anonymous.dashboard.systemStatus(),
      api.anonymous.dashboard.notifications(),
    ]) {
      expect((await refusal(call)).code).toBe('UNAUTHORIZED');
    }
    for (const call of [nobody.dashboard.overview(), nobody.dashboard.billingJobs(), nobody.dashboard.systemStatus()]) {
      expect((await refusal(call)).code).toBe('FORBIDDEN');
    }
    expect((await nobody.dashboard.notifications()).success).toBe(true);
  });

  it('the bell lists the enabled kinds newest first, counts unread and marks them seen per user', async () => {
    const { db } = api;
    await notify(db, { kind: 'billing-failure', message: 'Billing job BJ-1 failed', link: '/billing-jobs' });
    await notify(db, { kind: 'integration', message: 'QuickBooks token expired' });
    await notify(db, { kind: 'kill-switch', message: 'Kill switch turned on by admin@example.com' });
    await db.organizationSettings.update({ where: { id: 1 }, data: { notifyIntegrationIssues: false } });

    const admin = api.admin;
    const first = await admin.dashboard.notifications();
    expect(first.data.unreadCount).toBe(2);
    expect(first.data.notifications.map((n) => [n.message, n.link, n.unread])).toEqual([
      ['Kill switch turned on by admin@example.com', '/settings', true],
      ['Billing job BJ-1 failed', '/billing-jobs', true],
    ]);

    expect(await admin.dashboard.markNotificationsSeen()).toEqual({ success: true });
    const seen = await admin.dashboard.notifications();
    expect(seen.data.unreadCount).toBe(0);
    expect(seen.data.notifications.every((n) => !n.unread)).toBe(true);

    // Another user has not opened the bell yet.
    expect((await nobody.dashboard.notifications()).data.unreadCount).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond than "seen"
    await notify(db, { kind: 'billing-failure', message: 'Billing job BJ-2 failed' });
    const later = await admin.dashboard.notifications();
    expect(later.data.unreadCount).toBe(1);
    expect(later.data.notifications[0]).toMatchObject({
      message: 'Billing job BJ-2 failed',
      link: '/billing-jobs',
      unread: true,
    });

    // Integration problems link to the page of the integration concerned.
    await db.organizationSettings.update({ where: { id: 1 }, data: { notifyIntegrationIssues: true } });
    await notify(db, { kind: 'integration', message: 'Genesys Cloud token could not be renewed' });
    const integration = (await admin.dashboard.notifications({ limit: 2 })).data.notifications;
    expect(integration.map((n) => [n.message, n.link])).toEqual([
      ['Genesys Cloud token could not be renewed', '/genesys'],
      ['Billing job BJ-2 failed', '/billing-jobs'],
    ]);

    await db.organizationSettings.update({
      where: { id: 1 },
      data: { notifyBillingFailures: false, notifyKillSwitchChanges: false, notifyIntegrationIssues: false },
    });
    expect((await admin.dashboard.notifications()).data).toEqual({ notifications: [], unreadCount: 0 });
  });
});

describe('the dashboard over REST', () => {
  let server: TestServer;
  let genesys: Awaited<ReturnType<typeof startRefusingGenesys>>;

  beforeAll(async () => {
    // No simulator: its background pull would add demo calls while the dashboard counts.
    genesys = await startRefusingGenesys();
    server = await startTestServer({ runWorkers: false, env: genesys.env });
  });
  afterAll(async () => {
    await server?.stop();
    await genesys?.close();
  });

  it('answers 401 without a session and 400 for a limit that is not a number', async () => {
    expect((await server.anonymous().get('/api/v1/dashboard/overview')).status).toBe(401);
    const admin = await server.admin();
    expect((await admin.get('/api/v1/dashboard/billing-jobs?limit=abc')).status).toBe(400);
    expect((await admin.get('/api/v1/dashboard/billing-jobs?limit=0')).status).toBe(400);
    expect((await admin.get('/api/v1/dashboard/billing-jobs?limit=2')).body.data.jobs).toEqual([]);
  });
});
