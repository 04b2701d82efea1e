import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_TIMEZONE, expectedCalls, referenceGenesys } from '../../../../../test/genesys-reference';
import type { RestClient } from '../../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../../test/server';
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

describe('Genesys REST', () => {
  it('mounts the simulator under /sim/genesys and marks Genesys as simulated', async () => {
    const unauthenticated = await fetch(`${server.url}/sim/genesys/api/v2/users`);
    expect(unauthenticated.status).toBe(401);
    expect(((await unauthenticated.json()) as { code: string }).code).toBe('authentication.required');
    const status = await admin.get('/api/v1/genesys/status');
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ isConnected: true, simulated: true, totalUsers: 40, totalQueues: 12 });
    expect(Date.parse(status.body.data.tokenExpiresAt)).toBeGreaterThan(Date.now());
  });

  it('tests the connection', async () => {
    const answer = await admin.post('/api/v1/genesys/test-connection', {});
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe('Connected to Genesys Cloud: 40 users, 12 queues');
  });

  it('names wrap-up codes', async () => {
    const answer = await admin.get('/api/v1/genesys/wrap-up-codes');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(expect.arrayContaining(reference.wrapUpCodes().map((code) => ({ id: code.id, name: code.name }))));
    expect(answer.body.data).toHaveLength(reference.wrapUpCodes().length);
  });

  it('lists users and queues in pages', async () => {
    const users = await admin.get('/api/v1/genesys/users?page=2&limit=15');
    expect(users.status).toBe(200);
    expect(users.body.pagination).toEqual({ page: 2, limit: 15, total: 40, pages: 3 });
    expect(users.body.data).toHaveLength(15);
    expect(users.body.data[0]).toEqual({
      id: expect.any(String), name: expect.any(String), email: expect.any(String), department: expect.any(String), division: { name: expect.any(String) },
    });
    const names = reference.users().map((user) => user.name).sort((a, b) => a.localeCompare(b));
    const firstPage = await admin.get('/api/v1/genesys/users');
    expect(firstPage.body.pagination).toEqual({ page: 1, limit: 20, total: 40, pages: 2 });
    expect(new Set([...firstPage.body.data, ...(await admin.get('/api/v1/genesys/users?page=2')).body.data].map((user: { name: string }) => user.name))).toEqual(new Set(names));

    const queues = await admin.get('/api/v1/genesys/queues');
    expect(queues.body.pagination).toEqual({ page: 1, limit: 20, total: 12, pages: 1 });
    expect(queues.body.data.map((queue: { name: string }) => queue.name).sort()).toEqual(reference.queues().map((queue) => queue.name).sort());
    expect(queues.body.data[0]).toEqual({ id: expect.any(String), name: expect.any(String), description: expect.any(String), division: { name: expect.any(String) } });
  });

  it('answers call records of a range in pages, newest first', async () => {
    const today = calendarDateInZone(new Date(), TZ);
    const startDate = addDays(today, -9);
    const endDate = addDays(today, -7);
    const expected = expectedCalls(startDate, endDate);
    const first = await admin.get(`/api/v1/genesys/call-records?startDate=${startDate}&endDate=${endDate}`);
    expect(first.status).toBe(200);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 25, total: expected.length, pages: Math.ceil(expected.length / 25) });
    const newest = [...expected].sort((a, b) => b.startTime.getTime() - a.startTime.getTime() || a.conversationId.localeCompare(b.conversationId));
    expect(first.body.data.callRecords[0]).toEqual({
      ...newest[0],
      startTime: newest[0]!.startTime.toISOString(),
      endTime: newest[0]!.endTime!.toISOString(),
      userName: reference.users().find((user) => user.id === newest[0]!.userId)?.name ?? null,
      queueName: reference.queues().find((queue) => queue.id === newest[0]!.queueId)?.name ?? null,
    });
    // The summary covers the whole range, not the page.
    const seconds = expected.reduce((sum, record) => sum + record.duration, 0);
    expect(first.body.data.summary).toEqual({
      calls: expected.length,
      totalSeconds: seconds,
      totalMinutes: Math.round((seconds / 60) * 100) / 100,
      uniqueUsers: new Set(expected.map((record) => record.userId).filter(Boolean)).size,
    });
    const page3 = await admin.get(`/api/v1/genesys/call-records?startDate=${startDate}&endDate=${endDate}&page=3&limit=100`);
    expect(page3.body.data.callRecords.map((record: { conversationId: string }) => record.conversationId)).toEqual(
      newest.slice(200, 300).map((record) => record.conversationId),
    );
  });

  it('filters and sorts over the whole range, with the summary of what matches', async () => {
    const today = calendarDateInZone(new Date(), TZ);
    const startDate = addDays(today, -9);
    const endDate = addDays(today, -7);
    const matching = expectedCalls(startDate, endDate)
      .filter((record) => record.direction === 'inbound' && record.duration > 60 && record.duration <= 300)
      .sort((a, b) => b.duration - a.duration || b.startTime.getTime() - a.startTime.getTime() || a.conversationId.localeCompare(b.conversationId));
    expect(matching.length).toBeGreaterThan(10);
    const answer = await admin.get(`/api/v1/genesys/call-records?startDate=${startDate}&endDate=${endDate}&direction=inbound&duration=60-300&sort=duration&limit=10&page=2`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.pagination.total).toBe(matching.length);
    expect(answer.body.data.callRecords.map((record: { conversationId: string }) => record.conversationId)).toEqual(matching.slice(10, 20).map((record) => record.conversationId));
    const seconds = matching.reduce((sum, record) => sum + record.duration, 0);
    expect(answer.body.data.summary).toMatchObject({ calls: matching.length, totalSeconds: seconds });
    expect((await admin.get(`/api/v1/genesys/call-records?startDate=${startDate}&endDate=${endDate}&direction=sideways`)).status).toBe(400);
  });

  it('puts durations in the spec\'s ranges and exports every match as CSV in company time with names beside ids', async () => {
    const { db } = server.server.services;
    const user = await db.genesysUser.findFirstOrThrow({ orderBy: { name: 'asc' } });
    const queue = await db.genesysQueue.findFirstOrThrow({ orderBy: { name: 'asc' } });
    // A winter day long before the simulator's history: only these calls, at 12:00 in Los Angeles.
    const durations = [0, 30, 31, 60, 61, 300, 301];
    await db.callRecord.createMany({
      data: durations.map((duration, index) => ({
        conversationId: `duration-${duration}`,
        startTime: new Date(Date.UTC(2020, 0, 15, 20, index)),
        endTime: new Date(Date.UTC(2020, 0, 15, 20, index, duration)),
        duration,
        direction: index % 2 ? 'outbound' : 'inbound',
        mediaType: 'voice',
        userId: user.id,
        queueId: queue.id,
      })),
    });
    const range = 'startDate=2020-01-15&endDate=2020-01-15';
    const ids = async (duration: string) =>
      (await admin.get(`/api/v1/genesys/call-records?${range}&duration=${encodeURIComponent(duration)}&sort=duration`)).body.data.callRecords.map((record: { duration: number }) => record.duration);
    expect(await ids('0-30')).toEqual([30, 0]);
    expect(await ids('30-60')).toEqual([60, 31]);
    expect(await ids('60-300')).toEqual([300, 61]);
    expect(await ids('300+')).toEqual([301]);

    const exported = await admin.get(`/api/v1/genesys/call-records/export?${range}&duration=30-60`);
    expect(exported.status).toBe(200);
    expect(exported.body.data).toMatchObject({ fileName: 'call-records-2020-01-15-to-2020-01-15.csv', count: 2 });
    const lines = exported.body.data.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Conversation ID,Start Time (America/Los_Angeles),End Time (America/Los_Angeles),Duration (seconds),Duration (minutes),Direction,Media Type,User ID,User Name,Queue ID,Queue Name,Wrap-up Code,Recording ID',
    );
    expect(lines.slice(1)).toEqual([
      `duration-60,2020-01-15 12:03:00,2020-01-15 12:04:00,60,1.00,outbound,voice,${user.id},${user.name},${queue.id},${queue.name},,`,
      `duration-31,2020-01-15 12:02:00,2020-01-15 12:02:31,31,0.52,inbound,voice,${user.id},${user.name},${queue.id},${queue.name},,`,
    ]);
  });

  it('computes analytics for a range', async () => {
    const today = calendarDateInZone(new Date(), TZ);
    const startDate = addDays(today, -6);
    const endDate = addDays(today, -4);
    const expected = expectedCalls(startDate, endDate);
    const answer = await admin.get(`/api/v1/genesys/analytics?startDate=${startDate}&endDate=${endDate}`);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    const seconds = expected.reduce((sum, record) => sum + record.duration, 0);
    expect(data.totalCalls).toBe(expected.length);
    expect(data.totalMinutes).toBeCloseTo(seconds / 60, 2);
    expect(data.averageCallDuration).toBeCloseTo(seconds / 60 / expected.length, 2);
    expect(Object.keys(data.callsByDate).sort()).toEqual([startDate, addDays(startDate, 1), endDate]);
    expect(Object.values(data.callsByDate as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(expected.length);
    const byUser = new Map<string, number>();
    for (const record of expected) if (record.userId) byUser.set(record.userId, (byUser.get(record.userId) ?? 0) + 1);
    expect(data.callsByUser).toEqual(Object.fromEntries(byUser));
    expect(Object.keys(data.userNames).length).toBe(byUser.size);
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
    expect(notADate.body.errors[0]).toEqual({ msg: 'Start date must be a date in YYYY-MM-DD format', path: 'startDate' });
    const missing = await admin.get('/api/v1/genesys/analytics');
    expect(missing.status).toBe(400);
    const badLimit = await admin.get('/api/v1/genesys/users?limit=0');
    expect(badLimit.status).toBe(400);
  });

  it('needs a session and the right permission', async () => {
    expect((await server.anonymous().get('/api/v1/genesys/status')).status).toBe(401);
    const roles = await admin.get('/api/v1/auth/roles');
    const viewer = roles.body.roles.find((role: { name: string }) => role.name === 'viewer');
    const created = await admin.post('/api/v1/auth/users', { email: 'viewer@example.com', name: 'Viewer', roleIds: [viewer.id], password: 'viewer-password-1' });
    expect(created.status).toBe(201);
    const viewerClient = server.anonymous();
    await viewerClient.signIn('viewer@example.com', 'viewer-password-1');
    expect((await viewerClient.get('/api/v1/genesys/queues')).status).toBe(200);
    expect((await viewerClient.post('/api/v1/genesys/test-connection', {})).status).toBe(403);
  });

  it('pulls the recent history in the background at start, newest first, marking ended days complete', async () => {
    const { db } = server.server.services;
    // Readiness does not wait for the pull; poll the record of pulled days.
    const deadline = Date.now() + 60_000;
    let days = 0;
    while (Date.now() < deadline) {
      days = await db.callPullDay.count();
      if (days >= 10) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
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
