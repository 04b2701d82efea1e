import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_TIMEZONE, expectedCalls, referenceGenesys } from '../../../../../test/genesys-reference';
import { waitForTable } from '../../../../../test/db-events';
import type { RestClient } from '../../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../../test/server';

// Genesys over HTTP: the simulator the server mounts, the start-up pull of recent history, and the
// REST answers (query strings, statuses, the error envelope, sessions). What the procedures answer
// is tested through the router in genesys.integration.test.ts.
import { addDays, calendarDateInZone } from '../../domain/calendar';

const TZ = COMPANY_TIMEZONE;
const reference = referenceGenesys;
let server: TestServer;
let admin: RestClient;

beforeAll(async () => {
  // A short start-up history keeps this file quick; the default is about three months (93 days).
  server = await startTestServer({ env: { GENESYS_HISTORY_DAYS: '10' } });
  admin = await server.admin();
});

afterAll(async () => {
  await server?.stop();
});

describe('Genesys over HTTP', () => {
  it('mounts the simulator under /sim/genesys and marks Genesys as simulated', async () => {
    const unauthenticated = await fetch(`${server.url}/sim/genesys/api/v2/users`);
    expect(unauthenticated.status).toBe(401);
    expect(((await unauthenticated.json()) as { code: string }).code).toBe('authentication.required');
    const status = await admin.get('/api/v1/genesys/status');
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ isConnected: true, simulated: true, totalUsers: 40, totalQueues: 12 });
    expect(Date.parse(status.body.data.tokenExpiresAt)).toBeGreaterThan(Date.now());
  });

  it('reads pages, filters and sorts from the query string', async () => {
    const users = await admin.get('/api/v1/genesys/users?page=2&limit=15');
    expect(users.status).toBe(200);
    expect(users.body.pagination).toEqual({ page: 2, limit: 15, total: 40, pages: 3 });
    const today = calendarDateInZone(new Date(), TZ);
    const startDate = addDays(today, -9);
    const endDate = addDays(today, -7);
    const matching = expectedCalls(startDate, endDate)
      .filter((record) => record.direction === 'inbound' && record.duration > 60 && record.duration <= 300)
      .sort(
        (a, b) =>
          b.duration - a.duration ||
          b.startTime.getTime() - a.startTime.getTime() ||
          a.conversationId.localeCompare(b.conversationId),
      );
    expect(matching.length).toBeGreaterThan(10);
    const answer = await admin.get(
      `/api/v1/genesys/call-records?startDate=${startDate}&endDate=${endDate}&direction=inbound&duration=60-300&sort=duration&limit=10&page=2`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.pagination.total).toBe(matching.length);
    expect(answer.body.data.callRecords.map((record: { conversationId: string }) => record.conversationId)).toEqual(
      matching.slice(10, 20).map((record) => record.conversationId),
    );
    const seconds = matching.reduce((sum, record) => sum + record.duration, 0);
    expect(answer.body.data.summary).toMatchObject({ calls: matching.length, totalSeconds: seconds });
    expect(
      (await admin.get(`/api/v1/genesys/call-records?startDate=${startDate}&endDate=${endDate}&direction=sideways`))
        .status,
    ).toBe(400);
  });

  it('reads media type, direction and export columns from the query, with voice calls by the totals', async () => {
    const today = calendarDateInZone(new Date(), TZ);
    const [startDate, endDate] = [addDays(today, -9), addDays(today, -8)];
    const range = `startDate=${startDate}&endDate=${endDate}`;
    const expected = expectedCalls(startDate, endDate);
    const messages = expected.filter((record) => record.mediaType === 'message' && record.direction === 'inbound');
    expect(messages.length).toBeGreaterThan(0);
    const answer = await admin.get(
      `/api/v1/genesys/call-records?${range}&mediaType=message&direction=inbound&limit=100`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.summary).toMatchObject({ calls: messages.length, voiceCalls: 0 });
    const analytics = await admin.get(`/api/v1/genesys/analytics?${range}`);
    expect(analytics.body.data).toMatchObject({
      totalCalls: expected.length,
      voiceCalls: expected.filter((record) => record.mediaType === 'voice').length,
    });
    const exported = await admin.get(
      `/api/v1/genesys/call-records/export?${range}&mediaType=message&direction=inbound&columns=with-metrics`,
    );
    expect(exported.status).toBe(200);
    expect(exported.body.data.count).toBe(messages.length);
    expect(exported.body.data.csv.split('\r\n')[0]).toMatch(
      /,Talk Time \(seconds\),Hold Time \(seconds\),After-call Work \(seconds\),Handle Time \(seconds\)$/,
    );
    const unknown = await admin.get(`/api/v1/genesys/analytics?${range}&mediaType=fax`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('mediaType');
    expect((await admin.get(`/api/v1/genesys/call-records/export?${range}&columns=everything`)).status).toBe(400);
  });

  it('refuses bad ranges with 400 and a reason', async () => {
    const reversed = await admin.get('/api/v1/genesys/call-records?startDate=2026-11-10&endDate=2026-11-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toBe('End date must be on or after the start date');
    const tooLong = await admin.get('/api/v1/genesys/analytics?startDate=2025-01-01&endDate=2026-01-02');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('Date range cannot exceed 366 days');
    const notADate = await admin.get('/api/v1/genesys/call-records?startDate=2026-02-30&endDate=2026-03-01');
    expect(notADate.status).toBe(400);
    expect(notADate.body.errors[0]).toEqual({
      msg: 'Start date must be a date in YYYY-MM-DD format',
      path: 'startDate',
    });
    const missing = await admin.get('/api/v1/genesys/analytics');
    expect(missing.status).toBe(400);
    const badLimit = await admin.get('/api/v1/genesys/users?limit=0');
    expect(badLimit.status).toBe(400);
  });

  it('needs a session and the right permission', async () => {
    expect((await server.anonymous().get('/api/v1/genesys/status')).status).toBe(401);
    const roles = await admin.get('/api/v1/auth/roles');
    const viewer = roles.body.roles.find((role: { name: string }) => role.name === 'viewer');
    const created = await admin.post('/api/v1/auth/users', {
      email: 'viewer@example.com',
      name: 'Viewer',
      roleIds: [viewer.id],
      password: 'viewer-password-1',
    });
    expect(created.status).toBe(201);
    const viewerClient = server.anonymous();
    await viewerClient.signIn('viewer@example.com', 'viewer-password-1');
    expect((await viewerClient.get('/api/v1/genesys/queues')).status).toBe(200);
    expect((await viewerClient.post('/api/v1/genesys/test-connection', {})).status).toBe(403);
  });

  it('pulls the recent history in the background at start, newest first, marking ended days complete', async () => {
    const { db } = server.server.services;
    // Readiness does not wait for the pull: wait for its record of pulled days to hold ten.
    const days = await waitForTable(
      server,
      db,
      'call_pull_days',
      async () => {
        const count = await db.callPullDay.count();
        return count >= 10 ? count : undefined;
      },
      { waitingFor: 'ten days pulled at start', timeoutMs: 60_000 },
    );
    // Ten Los Angeles days overlap ten or eleven UTC days.
    expect(days).toBeGreaterThanOrEqual(10);
    const today = new Date().toISOString().slice(0, 10);
    const rows = await db.callPullDay.findMany({ orderBy: { day: 'desc' } });
    expect(rows[0]!.day.toISOString().slice(0, 10)).toBe(today);
    expect(rows[0]!.complete).toBe(false);
    // Two UTC days back has ended, and so have all its calls, whatever the hour now.
    const ended = rows[2]!;
    expect(ended.complete).toBe(true);
    expect(ended.callCount).toBe(reference.conversationsForDay(ended.day.toISOString().slice(0, 10)).length);
  });
});
