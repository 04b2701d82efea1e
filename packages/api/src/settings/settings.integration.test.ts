import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, refusal, TEST_ADMIN_EMAIL, type Caller, type TestApi } from '../../../../test/caller';
import { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';

// The settings rules through the procedures; what needs HTTP (sessions signed out, the OpenAPI
// document) over a real server below.

describe('the settings procedures', () => {
  let api: TestApi;
  let admin: Caller;
  let viewer: Caller;

  beforeAll(async () => {
    api = await createTestApi();
    admin = api.admin;
    // What the seed role "viewer" holds.
    viewer = (await api.userWith(['billing:view', 'customer:view', 'dashboard:view'], 'Viewer')).caller;
  });
  afterAll(() => api?.close());

  it('shows the defaults to any signed-in user; nobody else', async () => {
    const answer = await viewer.settings.get();
    expect(answer.data).toEqual({
      timezone: 'America/Los_Angeles',
      currency: 'USD',
      defaultRatePerMinute: '1.00',
      billingIncrementSeconds: 60,
      reviewInvoicesBeforeSending: false,
      killSwitch: { enabled: false, reason: null, changedBy: null, changedAt: null },
      notifications: { billingFailures: true, integrationIssues: true, killSwitchChanges: true },
      security: { signOutIdleSessions: false, signOutOnPasswordChange: true },
      system: { database: expect.stringMatching(/^(embedded|external)$/), logLevel: 'warn', logRetention: '14d' },
      version: 1,
    });
    expect((await refusal(api.anonymous.settings.get())).code).toBe('UNAUTHORIZED');
  });

  it('turns review before sending on for all profiles (issue 23)', async () => {
    const saved = (await admin.settings.update({ reviewInvoicesBeforeSending: true })).data;
    expect(saved.reviewInvoicesBeforeSending).toBe(true);
    expect((await viewer.settings.get()).data.reviewInvoicesBeforeSending).toBe(true);
    expect(
      (await refusal(admin.settings.update({ reviewInvoicesBeforeSending: 'yes' as unknown as boolean }))).message,
    ).toBe('reviewInvoicesBeforeSending must be true or false');
    await admin.settings.update({ reviewInvoicesBeforeSending: false });
  });

  it('changing them needs settings:manage', async () => {
    const refused = await refusal(viewer.settings.update({ timezone: 'UTC' }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toContain('settings:manage');
  });

  it('merges a partial update: one field leaves the others as they were', async () => {
    const before = (
      await admin.settings.update({
        timezone: 'America/Chicago',
        defaultRatePerMinute: '0.0125',
        billingIncrementSeconds: 6,
        notifications: { integrationIssues: false },
      })
    ).data;
    expect(before).toMatchObject({
      timezone: 'America/Chicago',
      defaultRatePerMinute: '0.0125',
      billingIncrementSeconds: 6,
    });

    const second = (await admin.settings.update({ notifications: { billingFailures: false } })).data;
    expect(second).toEqual({
      ...before,
      notifications: { billingFailures: false, integrationIssues: false, killSwitchChanges: true },
      version: before.version + 1,
    });
    // What another user reads after a reload.
    expect((await viewer.settings.get()).data).toEqual(second);

    const rate = (await admin.settings.update({ defaultRatePerMinute: 2 })).data;
    expect(rate.defaultRatePerMinute).toBe('2.00');
    expect(rate.timezone).toBe('America/Chicago');
  });

  it('refuses bad values with a message', async () => {
    const cases: Array<[object, string]> = [
      [{ timezone: 'Mars/Olympus' }, 'Choose one of the listed timezones'],
      [{ billingIncrementSeconds: 30 }, 'Billing increment must be 60, 6 or 1 seconds'],
      [{ defaultRatePerMinute: '-1' }, 'Rate Per Minute must be zero or greater'],
      [{ defaultRatePerMinute: 'abc' }, 'Rate Per Minute must be a valid number'],
      [{ killSwitch: { enabled: true } }, 'A reason is required to turn the kill switch on'],
      [{ killSwitch: { enabled: true, reason: '   ' } }, 'A reason is required to turn the kill switch on'],
    ];
    for (const [body, message] of cases) {
      // Deliberately wrong input, which the types would not let through.
      expect(await refusal(admin.settings.update(body as never)), JSON.stringify(body)).toEqual({
        code: 'BAD_REQUEST',
        message,
      });
    }
  });

  it('records who turned the kill switch on, when and why; audits it and rings the bell', async () => {
    const started = Date.now();
    const on = (await admin.settings.update({ killSwitch: { enabled: true, reason: 'QuickBooks migration' } })).data;
    expect(on.killSwitch).toMatchObject({ enabled: true, reason: 'QuickBooks migration', changedBy: TEST_ADMIN_EMAIL });
    expect(new Date(on.killSwitch.changedAt!).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect((await viewer.settings.get()).data.killSwitch.enabled).toBe(true);

    const notes = await api.db.notification.findMany({ where: { kind: 'kill-switch' } });
    expect(notes.map((n) => n.message)).toEqual([
      `Kill switch turned on by ${TEST_ADMIN_EMAIL}: billing is paused (QuickBooks migration)`,
    ]);

    const off = (await admin.settings.update({ killSwitch: { enabled: false } })).data;
    expect(off.killSwitch).toMatchObject({ enabled: false, reason: null, changedBy: TEST_ADMIN_EMAIL });

    const audit = (await admin.accessControl.auditLog({ limit: 100 })).data;
    const kill = audit.filter((entry) => entry.action === 'settings.kill-switch');
    expect(kill.map((entry) => entry.target)).toEqual(['off', 'on']);
    expect(kill[1]!.details).toEqual({ enabled: true, reason: 'QuickBooks migration' });
    expect(audit.find((entry) => entry.action === 'settings.updated')).toBeDefined();
  });
});

describe('settings over HTTP', () => {
  let server: TestServer;
  let admin: RestClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const roles = (await admin.get('/api/v1/auth/roles')).body.roles as Array<{ id: string; name: string }>;
    await admin.post('/api/v1/auth/users', {
      email: 'viewer@example.com',
      roleIds: [roles.find((r) => r.name === 'viewer')!.id],
      password: 'viewer-pass-1',
    });
  });
  afterAll(() => server?.stop());

  describe('security settings do what they say', () => {
    it('signs a user out of their other sessions when their password changes, only while checked', async () => {
      const first = server.anonymous();
      const second = server.anonymous();
      await first.signIn('viewer@example.com', 'viewer-pass-1');
      await second.signIn('viewer@example.com', 'viewer-pass-1');
      const change = await first.patch('/api/v1/auth/users/me/password', {
        currentPassword: 'viewer-pass-1',
        newPassword: 'viewer-pass-2',
      });
      expect(change.status).toBe(200);
      expect((await first.get('/api/v1/auth/me')).status).toBe(200);
      expect((await second.get('/api/v1/auth/me')).status).toBe(401);

      await admin.put('/api/v1/settings', { security: { signOutOnPasswordChange: false } });
      const third = server.anonymous();
      await third.signIn('viewer@example.com', 'viewer-pass-2');
      await first.patch('/api/v1/auth/users/me/password', {
        currentPassword: 'viewer-pass-2',
        newPassword: 'viewer-pass-3',
      });
      expect((await third.get('/api/v1/auth/me')).status).toBe(200);
    });

    it('signs out sessions idle for 30 minutes while checked', async () => {
      const idle = server.anonymous();
      await idle.signIn('viewer@example.com', 'viewer-pass-3');
      const { db } = server.server.services;
      const user = await db.user.findUniqueOrThrow({ where: { email: 'viewer@example.com' } });
      const age = async () =>
        db.session.updateMany({
          where: { userId: user.id },
          data: { lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) },
        });
      await age();
      expect((await idle.get('/api/v1/auth/me')).status).toBe(200); // not checked yet

      await admin.put('/api/v1/settings', { security: { signOutIdleSessions: true } });
      await age();
      expect((await idle.get('/api/v1/auth/me')).status).toBe(401);
      await admin.put('/api/v1/settings', { security: { signOutIdleSessions: false } });
    });
  });

  describe('the OpenAPI document', () => {
    it('lists the settings, token, user and audit-log paths with their methods', async () => {
      const answer = await server.anonymous().get('/api/v1/openapi.json');
      expect(answer.status).toBe(200);
      const paths = answer.body.paths as Record<string, Record<string, unknown>>;
      expect(Object.keys(paths['/settings']!)).toEqual(expect.arrayContaining(['get', 'put']));
      expect(Object.keys(paths['/auth/tokens']!)).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(paths['/auth/tokens/{id}']!)).toEqual(['delete']);
      expect(Object.keys(paths['/auth/users']!)).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(paths['/auth/users/{id}/roles']!)).toEqual(['patch']);
      expect(Object.keys(paths['/audit-log']!)).toEqual(['get']);
      expect(Object.keys(paths['/access-control/roles']!)).toEqual(['post']);
    });
  });
});
