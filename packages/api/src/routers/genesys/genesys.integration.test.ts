import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, refusal, type Caller, type TestApi } from '../../../../../test/caller';
import { startReferenceGenesysService } from '../../../../../test/genesys-kit';
import { COMPANY_TIMEZONE, expectedCalls, referenceGenesys } from '../../../../../test/genesys-reference';
import { addDays, calendarDateInZone } from '../../domain/calendar';

// The Genesys procedures (status, directory, call records, export, analytics) called through the
// router on a real database, over the product's Genesys service and a simulator holding what
// `referenceGenesys` holds. The simulator mounted by the server, the start-up pull and the REST
// answers are tested over HTTP in genesys.rest.integration.test.ts.

const TZ = COMPANY_TIMEZONE;
const reference = referenceGenesys;
let api: TestApi;
let admin: Caller;
let genesys: Awaited<ReturnType<typeof startReferenceGenesysService>>;

beforeAll(async () => {
  api = await createTestApi();
  admin = api.admin;
  genesys = await startReferenceGenesysService(api.db, api.services.logger);
  api.services.integrations.genesys = genesys.service;
  // What the server does before it is ready: users and queues are listed into the database.
  await genesys.service.syncDirectory();
});

afterAll(async () => {
  await genesys?.close();
  await api?.close();
});

describe('Genesys procedures', () => {
  it('reports the simulated connection with the directory it holds', async () => {
    const { data } = await admin.genesys.status();
    expect(data).toMatchObject({ isConnected: true, simulated: true, totalUsers: 40, totalQueues: 12 });
    expect(Date.parse(data.tokenExpiresAt!)).toBeGreaterThan(Date.now());
  });

  it('tests the connection', async () => {
    expect((await admin.genesys.testConnection()).data.message).toBe('Connected to Genesys Cloud: 40 users, 12 queues');
  });

  it('names wrap-up codes', async () => {
    const { data } = await admin.genesys.wrapUpCodes();
    expect(data).toEqual(
      expect.arrayContaining(reference.wrapUpCodes().map((code) => ({ id: code.id, name: code.name }))),
    );
    expect(data).toHaveLength(reference.wrapUpCodes().length);
  });

  it('lists users and queues in pages', async () => {
    const users = await admin.genesys.users({ page: 2, limit: 15 });
    expect(users.pagination).toEqual({ page: 2, limit: 15, total: 40, pages: 3 });
    expect(users.data).toHaveLength(15);
    expect(users.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      department: expect.any(String),
      division: { name: expect.any(String) },
    });
    const names = reference
      .users()
      .map((user) => user.name)
      .sort((a, b) => a.localeCompare(b));
    const firstPage = await admin.genesys.users({});
    expect(firstPage.pagination).toEqual({ page: 1, limit: 20, total: 40, pages: 2 });
    expect(
      new Set([...firstPage.data, ...(await admin.genesys.users({ page: 2 })).data].map((user) => user.name)),
    ).toEqual(new Set(names));

    const queues = await admin.genesys.queues({});
    expect(queues.pagination).toEqual({ page: 1, limit: 20, total: 12, pages: 1 });
    expect(queues.data.map((queue) => queue.name).sort()).toEqual(
      reference
        .queues()
        .map((queue) => queue.name)
        .sort(),
    );
    expect(queues.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      division: { name: expect.any(String) },
    });
  });

  it('answers call records of a range in pages, newest first', async () => {
    const today = calendarDateInZone(new Date(), TZ);
    const startDate = addDays(today, -9);
    const endDate = addDays(today, -7);
    const expected = expectedCalls(startDate, endDate);
    const first = (await admin.genesys.callRecords({ startDate, endDate })).data;
    expect(first.pagination).toEqual({
      page: 1,
      limit: 25,
      total: expected.length,
      pages: Math.ceil(expected.length / 25),
    });
    const newest = [...expected].sort(
      (a, b) => b.startTime.getTime() - a.startTime.getTime() || a.conversationId.localeCompare(b.conversationId),
    );
    expect(first.callRecords[0]).toEqual({
      ...newest[0],
      startTime: newest[0]!.startTime.toISOString(),
      endTime: newest[0]!.endTime!.toISOString(),
      userName: reference.users().find((user) => user.id === newest[0]!.userId)?.name ?? null,
      queueName: reference.queues().find((queue) => queue.id === newest[0]!.queueId)?.name ?? null,
    });
    // The summary covers the whole range, not the page.
    const seconds = expected.reduce((sum, record) => sum + record.duration, 0);
    expect(first.summary).toEqual({
      calls: expected.length,
      voiceCalls: expected.filter((record) => record.mediaType === 'voice').length,
      totalSeconds: seconds,
      totalMinutes: Math.round((seconds / 60) * 100) / 100,
      uniqueUsers: new Set(expected.map((record) => record.userId).filter(Boolean)).size,
    });
    const page3 = (await admin.genesys.callRecords({ startDate, endDate, page: 3, limit: 100 })).data;
    expect(page3.callRecords.map((record) => record.conversationId)).toEqual(
      newest.slice(200, 300).map((record) => record.conversationId),
    );
  });

  it('filters and sorts over the whole range, with the summary of what matches', async () => {
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
    const { data } = await admin.genesys.callRecords({
      startDate,
      endDate,
      direction: 'inbound',
      duration: '60-300',
      sort: 'duration',
      limit: 10,
      page: 2,
    });
    expect(data.pagination.total).toBe(matching.length);
    expect(data.callRecords.map((record) => record.conversationId)).toEqual(
      matching.slice(10, 20).map((record) => record.conversationId),
    );
    const seconds = matching.reduce((sum, record) => sum + record.duration, 0);
    expect(data.summary).toMatchObject({ calls: matching.length, totalSeconds: seconds });
    expect(await refusal(admin.genesys.callRecords({ startDate, endDate, direction: 'sideways' as never }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Direction must be all, inbound or outbound',
    });
  });

  it("puts durations in the spec's ranges and exports every match as CSV in company time with names beside ids", async () => {
    const { db } = api;
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
    const range = { startDate: '2020-01-15', endDate: '2020-01-15' };
    const durationsOf = async (duration: '0-30' | '30-60' | '60-300' | '300+') =>
      (await admin.genesys.callRecords({ ...range, duration, sort: 'duration' })).data.callRecords.map(
        (record) => record.duration,
      );
    expect(await durationsOf('0-30')).toEqual([30, 0]);
    expect(await durationsOf('30-60')).toEqual([60, 31]);
    expect(await durationsOf('60-300')).toEqual([300, 61]);
    expect(await durationsOf('300+')).toEqual([301]);

    const exported = (await admin.genesys.exportCallRecords({ ...range, duration: '30-60' })).data;
    expect(exported).toMatchObject({ fileName: 'call-records-2020-01-15-to-2020-01-15.csv', count: 2 });
    const lines = exported.csv.trimEnd().split('\r\n');
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
    const { data } = await admin.genesys.analytics({ startDate, endDate });
    const seconds = expected.reduce((sum, record) => sum + record.duration, 0);
    expect(data.totalCalls).toBe(expected.length);
    expect(data.totalMinutes).toBeCloseTo(seconds / 60, 2);
    expect(data.averageCallDuration).toBeCloseTo(seconds / 60 / expected.length, 2);
    expect(Object.keys(data.callsByDate).sort()).toEqual([startDate, addDays(startDate, 1), endDate]);
    expect(Object.values(data.callsByDate).reduce((a, b) => a + b, 0)).toBe(expected.length);
    const byUser = new Map<string, number>();
    for (const record of expected) if (record.userId) byUser.set(record.userId, (byUser.get(record.userId) ?? 0) + 1);
    expect(data.callsByUser).toEqual(Object.fromEntries(byUser));
    expect(Object.keys(data.userNames).length).toBe(byUser.size);
  });

  it('refuses bad ranges with a reason', async () => {
    expect(await refusal(admin.genesys.callRecords({ startDate: '2026-11-10', endDate: '2026-11-01' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'End date must be on or after the start date',
    });
    expect(await refusal(admin.genesys.analytics({ startDate: '2025-01-01', endDate: '2026-01-02' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Date range cannot exceed 366 days',
    });
    expect(await refusal(admin.genesys.callRecords({ startDate: '2026-02-30', endDate: '2026-03-01' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Start date must be a date in YYYY-MM-DD format',
    });
    expect((await refusal(admin.genesys.analytics({} as never))).code).toBe('BAD_REQUEST');
    expect((await refusal(admin.genesys.users({ limit: 0 }))).code).toBe('BAD_REQUEST');
  });

  it('needs a signed-in user with the right permission', async () => {
    expect((await refusal(api.anonymous.genesys.status())).code).toBe('UNAUTHORIZED');
    // The seeded viewer role's permissions: Genesys data to read, not to manage.
    const { caller: viewer } = await api.userWith(
      ['billing:view', 'customer:view', 'dashboard:view'],
      'Genesys Viewer',
    );
    expect((await viewer.genesys.queues({})).pagination.total).toBe(12);
    expect((await refusal(viewer.genesys.testConnection())).code).toBe('FORBIDDEN');
  });
});
