import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/server';
import { hashPassword } from '../auth/passwords';
import type { IntegrationServices, QboStatus } from '../integrations';
import { notify } from '../notifications';
import { clearDashboardTables, seedDashboardData, startRefusingGenesys } from '../../../../test/dashboard-fixtures';

const NO_ACCESS = { email: 'nobody@example.com', password: 'nobody-password-1' };

describe('dashboard REST answers over seeded data', () => {
  let server: TestServer;
  let seeded: Awaited<ReturnType<typeof seedDashboardData>>;
  let qboStatus: QboStatus;
  let genesys: Awaited<ReturnType<typeof startRefusingGenesys>>;
  const now = new Date();

  beforeAll(async () => {
    // No simulator: its background pull would add demo calls to the month while we count.
    genesys = await startRefusingGenesys();
    server = await startTestServer({ runWorkers: false, env: genesys.env });
    const { db } = server.server.services;
    await clearDashboardTables(db);
    seeded = await seedDashboardData(db, { now, timeZone: 'America/New_York' });
    await db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: true, killSwitchReason: 'Year-end audit' } });
    qboStatus = { connected: false, environment: null, companyName: null, expiresInSeconds: null, lastError: null };
    const integrations = server.server.services.integrations as IntegrationServices;
    integrations.qbo = { simulated: true, getClient: async () => null, status: async () => qboStatus };
    integrations.genesys = {
      simulated: true,
      listQueues: async () => [],
      ensureCallRecords: async () => undefined,
      status: async () => ({ isConnected: true, tokenExpiresAt: new Date('2030-01-01T00:00:00Z'), lastError: null }),
    };
    await db.user.create({ data: { email: NO_ACCESS.email, passwordHash: await hashPassword(NO_ACCESS.password) } });
  });
  afterAll(async () => {
    await server?.stop();
    await genesys?.close();
  });

  it('overview: queues, billing over all jobs, this month\'s voice usage and its estimated revenue', async () => {
    const admin = await server.admin();
    const { status, body } = await admin.get('/api/v1/dashboard/overview');
    expect(status).toBe(200);
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
      usage: { totalCalls: inMonth.length, totalMinutes: minutes(seconds), totalAmount: expectedAmount.toFixed(2), month: seeded.month.month },
      config: { timezone: 'America/New_York', currency: 'USD' },
    });

    // Minutes by day: each New York day of the month so far, zeros included.
    const dayOfMonth = Number(seeded.month.today.slice(8, 10));
    const expectedDays = Array.from({ length: dayOfMonth }, (_, index) => {
      const date = `${seeded.month.month}-${String(index + 1).padStart(2, '0')}`;
      const calls = inMonth.filter((call) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(call.at) === date);
      return { date, calls: calls.length, minutes: minutes(calls.reduce((sum, call) => sum + call.duration, 0)) };
    });
    expect(body.data.usage.byDay).toEqual(expectedDays);
    expect(expectedDays[0]!.calls).toBe(8);
    if (dayOfMonth >= 2) expect(expectedDays[1]).toEqual({ date: `${seeded.month.month}-02`, calls: 1, minutes: minutes(20) });
  });

  it('billing-jobs: the ten newest by default, or the limit asked for, with their fields', async () => {
    const admin = await server.admin();
    const { status, body } = await admin.get('/api/v1/dashboard/billing-jobs');
    expect(status).toBe(200);
    const newestFirst = [...seeded.jobs].reverse();
    expect(body.data.jobs.map((job: { jobId: string }) => job.jobId)).toEqual(newestFirst.slice(0, 10).map((job) => job.jobId));
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
    const three = await admin.get('/api/v1/dashboard/billing-jobs?limit=3');
    expect(three.body.data.jobs.map((job: { jobId: string }) => job.jobId)).toEqual(['BJ-T0011', 'BJ-T0010', 'BJ-T0009']);
    expect((await admin.get('/api/v1/dashboard/billing-jobs?limit=0')).status).toBe(400);
    expect((await admin.get('/api/v1/dashboard/billing-jobs?limit=abc')).status).toBe(400);
  });

  it('system-status: integrations, the scheduler and every issue as a sentence', async () => {
    const admin = await server.admin();
    const { status, body } = await admin.get('/api/v1/dashboard/system-status');
    expect(status).toBe(200);
    const data = body.data;
    expect(data.qbo).toEqual({ connected: false, companyName: null, environment: null, expiresIn: null });
    expect(data.genesys).toEqual({ hasValidToken: true, tokenExpiresAt: '2030-01-01T00:00:00.000Z' });
    expect(data.scheduler.billing.totalScheduledJobs).toBe(2);
    expect(data.scheduler.billing.isRunning).toBe(true);
    expect(data.scheduler.billing.scheduledJobs).toEqual([
      expect.objectContaining({
        customerName: 'Acme Corp', billDate: 5, billTime: '02:00', billingPeriodStart: 1, billingPeriodEnd: 31,
        minimumMinutes: 0, overageRatePerMinute: '0.0500', nextRun: seeded.firstRun.toISOString(),
      }),
      expect.objectContaining({
        customerName: 'Beta LLC', billDate: 15, billTime: '06:30', billingPeriodStart: 16, billingPeriodEnd: 15,
        minimumMinutes: 100, overageRatePerMinute: '0.2000', nextRun: seeded.secondRun.toISOString(),
      }),
    ]);
    const issues: string[] = data.overall.issues;
    const expectIssue = (pattern: RegExp) => expect(issues.some((issue) => pattern.test(issue)), `${pattern} in ${JSON.stringify(issues, null, 1)}`).toBe(true);
    expectIssue(/QuickBooks Online is not connected.*QBO Setup/);
    expectIssue(/kill switch is on \(reason: Year-end audit\)/);
    expectIssue(/^1 scheduled billing run is held by the kill switch/);
    expectIssue(/last scheduled billing job BJ-T0011 \(2026-09-01 to 2026-09-30\) failed: Customer Beta LLC has no QuickBooks mapping/);
    expectIssue(/^1 active customer profile has no QuickBooks customer mapping \(Beta LLC\)/);
    expectIssue(/^1 active customer profile has no Genesys queue \(Delta Co\)/);
    expectIssue(/Genesys does not know 1 queue name .*\(Ghost Queue\)/);
    expectIssue(/^1 Genesys queue is not assigned to a team \(Overflow\).*Region & Teams/);
    expect(issues.some((issue) => /Genesys Cloud/.test(issue))).toBe(false);
    expect(issues).toHaveLength(8);
  });

  it('system-status follows the integrations and the kill switch as they change', async () => {
    const { db } = server.server.services;
    qboStatus = { connected: true, environment: 'sandbox', companyName: 'Sandbox Company', expiresInSeconds: 3100, lastError: null };
    await db.organizationSettings.update({ where: { id: 1 }, data: { killSwitchEnabled: false } });
    await db.scheduledRun.updateMany({ data: { state: 'DONE' } });
    await db.billingJob.updateMany({ where: { status: 'IN_PROGRESS' }, data: { status: 'COMPLETED' } });
    const admin = await server.admin();
    const { body } = await admin.get('/api/v1/dashboard/system-status');
    expect(body.data.qbo).toEqual({ connected: true, companyName: 'Sandbox Company', environment: 'sandbox', expiresIn: 3100 });
    expect(body.data.scheduler.billing.isRunning).toBe(false);
    const issues: string[] = body.data.overall.issues;
    expect(issues.some((issue) => /QuickBooks Online/.test(issue))).toBe(false);
    expect(issues.some((issue) => /kill switch/.test(issue))).toBe(false);
    expect(issues).toHaveLength(5);

    qboStatus = { ...qboStatus, lastError: 'Token refresh failed' };
    const failing = await admin.get('/api/v1/dashboard/system-status');
    expect(failing.body.data.overall.issues[0]).toMatch(/QuickBooks Online is failing \(Token refresh failed\)/);

    const integrations = server.server.services.integrations as IntegrationServices;
    const genesys = integrations.genesys!;
    integrations.genesys = { ...genesys, status: async () => ({ isConnected: false, tokenExpiresAt: null, lastError: 'invalid_client' }) };
    try {
      const down = await admin.get('/api/v1/dashboard/system-status');
      expect(down.body.data.genesys).toEqual({ hasValidToken: false, tokenExpiresAt: null });
      expect(down.body.data.overall.issues[1]).toMatch(/^Genesys Cloud is not connected \(invalid_client\): call records cannot be pulled/);
      delete integrations.qbo;
      const absent = await admin.get('/api/v1/dashboard/system-status');
      expect(absent.body.data.qbo).toEqual({ connected: false, companyName: null, environment: null, expiresIn: null });
      expect(absent.body.data.overall.issues[0]).toMatch(/^QuickBooks Online is not connected: /);
    } finally {
      integrations.genesys = genesys;
      integrations.qbo = { simulated: true, getClient: async () => null, status: async () => qboStatus };
    }
  });

  it('needs dashboard:view for the dashboard and a session for the bell', async () => {
    const anonymous = server.anonymous();
    for (const path of ['/api/v1/dashboard/overview', '/api/v1/dashboard/billing-jobs', '/api/v1/dashboard/system-status', '/api/v1/dashboard/notifications']) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
    const nobody = server.anonymous();
    await nobody.signIn(NO_ACCESS.email, NO_ACCESS.password);
    for (const path of ['/api/v1/dashboard/overview', '/api/v1/dashboard/billing-jobs', '/api/v1/dashboard/system-status']) {
      expect((await nobody.get(path)).status).toBe(403);
    }
    expect((await nobody.get('/api/v1/dashboard/notifications')).status).toBe(200);
  });

  it('the bell lists the enabled kinds newest first, counts unread and marks them seen per user', async () => {
    const { db } = server.server.services;
    await notify(db, { kind: 'billing-failure', message: 'Billing job BJ-1 failed', link: '/billing-jobs' });
    await notify(db, { kind: 'integration', message: 'QuickBooks token expired' });
    await notify(db, { kind: 'kill-switch', message: 'Kill switch turned on by admin@example.com' });
    await db.organizationSettings.update({ where: { id: 1 }, data: { notifyIntegrationIssues: false } });

    const admin = await server.admin();
    const first = await admin.get('/api/v1/dashboard/notifications');
    expect(first.status).toBe(200);
    expect(first.body.data.unreadCount).toBe(2);
    expect(first.body.data.notifications.map((n: { message: string; link: string; unread: boolean }) => [n.message, n.link, n.unread])).toEqual([
      ['Kill switch turned on by admin@example.com', '/settings', true],
      ['Billing job BJ-1 failed', '/billing-jobs', true],
    ]);

    expect((await admin.post('/api/v1/dashboard/notifications/seen', {})).status).toBe(200);
    const seen = await admin.get('/api/v1/dashboard/notifications');
    expect(seen.body.data.unreadCount).toBe(0);
    expect(seen.body.data.notifications.every((n: { unread: boolean }) => !n.unread)).toBe(true);

    // Another user has not opened the bell yet.
    const nobody = server.anonymous();
    await nobody.signIn(NO_ACCESS.email, NO_ACCESS.password);
    expect((await nobody.get('/api/v1/dashboard/notifications')).body.data.unreadCount).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond than "seen"
    await notify(db, { kind: 'billing-failure', message: 'Billing job BJ-2 failed' });
    const later = await admin.get('/api/v1/dashboard/notifications');
    expect(later.body.data.unreadCount).toBe(1);
    expect(later.body.data.notifications[0]).toMatchObject({ message: 'Billing job BJ-2 failed', link: '/billing-jobs', unread: true });

    // Integration problems link to the page of the integration concerned.
    await db.organizationSettings.update({ where: { id: 1 }, data: { notifyIntegrationIssues: true } });
    await notify(db, { kind: 'integration', message: 'Genesys Cloud token could not be renewed' });
    const integration = (await admin.get('/api/v1/dashboard/notifications?limit=2')).body.data.notifications;
    expect(integration.map((n: { message: string; link: string }) => [n.message, n.link])).toEqual([
      ['Genesys Cloud token could not be renewed', '/genesys'],
      ['Billing job BJ-2 failed', '/billing-jobs'],
    ]);

    await db.organizationSettings.update({
      where: { id: 1 },
      data: { notifyBillingFailures: false, notifyKillSwitchChanges: false, notifyIntegrationIssues: false },
    });
    expect((await admin.get('/api/v1/dashboard/notifications')).body.data).toEqual({ notifications: [], unreadCount: 0 });
  });
});
