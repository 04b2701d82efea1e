import { createDatabaseClient, type Database } from '@phone-billing/db';
import { GenesysClient, mapConversationToCallRecord } from '@phone-billing/integrations/genesys';
import { createGenesysSimulator, type GenesysSimulator } from '@phone-billing/integrations/genesys/simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import { callAnalytics } from './call-analytics';
import { ensureCallRecords, pullCallRecordDays, syncDirectory, utcDaysOverlapping } from './store';

// A fixed clock shared by the simulator (what exists) and the store (what has ended).
let nowMs = Date.parse('2026-11-18T15:00:00.000Z');
const now = () => new Date(nowMs);

let db: Database;
let simulator: GenesysSimulator;
let closeSimulator: () => Promise<void>;
let client: GenesysClient;

beforeAll(async () => {
  db = createDatabaseClient(await createTestDatabase(), { max: 6 });
  simulator = createGenesysSimulator({
    seed: 'store-test',
    weekdayCalls: 60,
    weekendCalls: 12,
    now,
    rateLimitPerMinute: 100_000,
  });
  const listening = await simulator.listen();
  closeSimulator = listening.close;
  client = new GenesysClient({ apiBaseUrl: listening.url, loginBaseUrl: listening.url, ...simulator.credentials, now });
});

afterAll(async () => {
  await closeSimulator?.();
  await db?.$disconnect();
});

beforeEach(async () => {
  nowMs = Date.parse('2026-11-18T15:00:00.000Z');
  await db.$executeRaw`TRUNCATE call_records, call_pull_days`;
  simulator.resetStats();
});

/** What Genesys holds for these UTC days, mapped independently of the store. */
function expectedRecords(days: string[]) {
  return days
    .flatMap((day) => simulator.conversationsForDay(day))
    .map((conversation) => mapConversationToCallRecord(conversation)!)
    .sort((a, b) => a.conversationId.localeCompare(b.conversationId));
}

async function storedRows() {
  const rows = await db.callRecord.findMany({ orderBy: { conversationId: 'asc' } });
  // pulledAt is ours and billableSeq is billing's (handed out as calls end): not Genesys' data.
  return rows.map(({ pulledAt: _pulledAt, billableSeq: _billableSeq, ...row }) => row);
}

describe('call-record store', () => {
  it('keeps every call of the pulled days, mapped as Genesys reports them', async () => {
    const days = ['2026-11-09', '2026-11-10', '2026-11-11'];
    const result = await pullCallRecordDays(db, client, days, { now });
    const expected = expectedRecords(days);
    expect(expected.length).toBeGreaterThan(100);
    expect(result.daysPulled).toEqual(days);
    expect(result.recordsWritten).toBe(expected.length);
    expect(await storedRows()).toEqual(expected);
    const pulled = await db.callPullDay.findMany({ orderBy: { day: 'asc' } });
    expect(pulled.map((row) => [row.day.toISOString().slice(0, 10), row.complete, row.callCount])).toEqual(
      days.map((day) => [day, true, simulator.conversationsForDay(day).length]),
    );
  });

  it('pulling the same range twice leaves the same rows, and a pulled range is served without Genesys', async () => {
    const days = ['2026-11-12', '2026-11-13'];
    await pullCallRecordDays(db, client, days, { now });
    const first = await storedRows();

    simulator.resetStats();
    const again = await pullCallRecordDays(db, client, days, { now });
    expect(again.daysPulled).toEqual([]);
    expect(simulator.stats.detailQueries).toHaveLength(0);

    // Forced past the record of pulled days: a real second pull.
    const forced = await pullCallRecordDays(db, client, days, { now, force: true });
    expect(forced.daysPulled).toEqual(days);
    expect(forced.recordsWritten).toBe(first.length);
    expect(simulator.stats.detailQueries.length).toBeGreaterThan(0);
    expect(await storedRows()).toEqual(first);
    expect(await db.callRecord.count()).toBe(first.length);
  });

  it('an overlapping range pulls and adds only the new days', async () => {
    await pullCallRecordDays(db, client, ['2026-11-02', '2026-11-03', '2026-11-04'], { now });
    const before = await db.callRecord.count();
    const result = await pullCallRecordDays(db, client, ['2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'], {
      now,
    });
    expect(result.daysPulled).toEqual(['2026-11-05', '2026-11-06']);
    const newCalls = expectedRecords(['2026-11-05', '2026-11-06']).length;
    expect(await db.callRecord.count()).toBe(before + newCalls);
    expect(await storedRows()).toEqual(
      expectedRecords(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']),
    );
  });

  it('pulls today again on the next request, picking up calls made since', async () => {
    await pullCallRecordDays(db, client, ['2026-11-17', '2026-11-18'], { now });
    const today = await db.callPullDay.findUniqueOrThrow({ where: { day: new Date('2026-11-18T00:00:00Z') } });
    const yesterday = await db.callPullDay.findUniqueOrThrow({ where: { day: new Date('2026-11-17T00:00:00Z') } });
    expect(today.complete).toBe(false);
    expect(yesterday.complete).toBe(true);
    const morningCount = await db.callRecord.count();

    // The screen paging through today moments later does not fetch it again...
    nowMs += 20_000;
    simulator.resetStats();
    expect((await pullCallRecordDays(db, client, ['2026-11-18'], { now, freshForMs: 30_000 })).daysPulled).toEqual([]);
    expect(simulator.stats.detailQueries).toHaveLength(0);

    nowMs += 3 * 3_600_000; // ...but three hours later, or on any request without that allowance, it does
    simulator.resetStats();
    const result = await pullCallRecordDays(db, client, ['2026-11-17', '2026-11-18'], { now });
    expect(result.daysPulled).toEqual(['2026-11-18']);
    expect(await storedRows()).toEqual(expectedRecords(['2026-11-17', '2026-11-18']));
    expect(await db.callRecord.count()).toBeGreaterThan(morningCount);
    // Every query asked only for today.
    expect(simulator.stats.detailQueries.every((query) => query.interval?.startsWith('2026-11-18'))).toBe(true);
  });

  it('a call still going on when its day is pulled is stored without an end, then with its real end and duration', async () => {
    const queueName = simulator.queues()[0]!.name;
    // Just after midnight UTC: yesterday has ended, but one of its calls has not.
    nowMs = Date.parse('2026-11-18T00:05:00.000Z');
    const { conversationId } = simulator.addConversation({
      queueName,
      startTime: '2026-11-17T23:55:00.000Z',
      durationSeconds: 1800,
    });
    await pullCallRecordDays(db, client, ['2026-11-17'], { now });
    expect(await db.callRecord.findUnique({ where: { conversationId } })).toMatchObject({ endTime: null, duration: 0 });
    expect(await db.callPullDay.findUnique({ where: { day: new Date('2026-11-17T00:00:00Z') } })).toMatchObject({
      complete: false,
    });

    nowMs = Date.parse('2026-11-18T00:40:00.000Z');
    const result = await pullCallRecordDays(db, client, ['2026-11-17'], { now });
    expect(result.daysPulled).toEqual(['2026-11-17']);
    expect(await db.callRecord.findUnique({ where: { conversationId } })).toMatchObject({
      endTime: new Date('2026-11-18T00:25:00.000Z'),
      duration: 1800,
    });
    expect(await db.callPullDay.findUnique({ where: { day: new Date('2026-11-17T00:00:00Z') } })).toMatchObject({
      complete: true,
    });
    expect(await storedRows()).toEqual(expectedRecords(['2026-11-17']));
  });

  it('a conversation Genesys reports late for a day already pulled is found when that day is pulled again with force', async () => {
    await pullCallRecordDays(db, client, ['2026-11-10'], { now });
    const before = await db.callRecord.count();
    const { conversationId } = simulator.addConversation({
      queueName: simulator.queues()[1]!.name,
      startTime: '2026-11-10T18:30:00.000Z',
      durationSeconds: 95,
    });

    // The day is recorded as complete, so an ordinary pull does not ask Genesys again...
    expect((await pullCallRecordDays(db, client, ['2026-11-10'], { now })).daysPulled).toEqual([]);
    expect(await db.callRecord.findUnique({ where: { conversationId } })).toBeNull();

    // ...a forced one (what billing does for the days it bills) does.
    await pullCallRecordDays(db, client, ['2026-11-10'], { now, force: true });
    expect(await db.callRecord.findUnique({ where: { conversationId } })).toMatchObject({
      duration: 95,
      mediaType: 'voice',
      queueId: simulator.queues()[1]!.id,
    });
    expect(await db.callRecord.count()).toBe(before + 1);
    expect(await db.callPullDay.findUnique({ where: { day: new Date('2026-11-10T00:00:00Z') } })).toMatchObject({
      complete: true,
      callCount: before + 1,
    });
  });

  it('two pulls of the same range at once both succeed and store each call once', async () => {
    const days = ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29'];
    const [a, b] = await Promise.all([
      pullCallRecordDays(db, client, days, { now }),
      pullCallRecordDays(db, client, days, { now }),
    ]);
    // One did the work, the other found it done under the lock.
    expect([...a.daysPulled, ...b.daysPulled].sort()).toEqual(days);
    expect(await storedRows()).toEqual(expectedRecords(days));
  });

  it('maps company-timezone days to the UTC days they overlap', async () => {
    expect(utcDaysOverlapping(new Date('2026-11-10T08:00:00Z'), new Date('2026-11-11T08:00:00Z'))).toEqual([
      '2026-11-10',
      '2026-11-11',
    ]);
    expect(utcDaysOverlapping(new Date('2026-11-10T00:00:00Z'), new Date('2026-11-11T00:00:00Z'))).toEqual([
      '2026-11-10',
    ]);
    const result = await ensureCallRecords(
      db,
      client,
      { startDate: '2026-11-10', endDate: '2026-11-10', timeZone: 'America/Los_Angeles' },
      { now },
    );
    expect(result.daysPulled).toEqual(['2026-11-10', '2026-11-11']);
  });

  it('computes analytics over the stored calls', async () => {
    await syncDirectory(db, client);
    const days = ['2026-11-09', '2026-11-10'];
    await pullCallRecordDays(db, client, days, { now });
    const expected = expectedRecords(days);
    const analytics = await callAnalytics(
      db,
      { from: new Date('2026-11-09T00:00:00Z'), toExclusive: new Date('2026-11-11T00:00:00Z') },
      'UTC',
    );
    const seconds = expected.reduce((sum, record) => sum + record.duration, 0);
    expect(analytics.totalCalls).toBe(expected.length);
    expect(analytics.totalSeconds).toBe(seconds);
    expect(analytics.totalMinutes).toBeCloseTo(seconds / 60, 2);
    expect(analytics.averageCallDuration).toBeCloseTo(seconds / 60 / expected.length, 2);
    expect(analytics.callsByDate).toEqual({
      '2026-11-09': simulator.conversationsForDay('2026-11-09').length,
      '2026-11-10': simulator.conversationsForDay('2026-11-10').length,
    });
    const buckets = { '0-1 min': 0, '1-5 min': 0, '5-15 min': 0, '15+ min': 0 };
    for (const record of expected) {
      const key =
        record.duration <= 60
          ? '0-1 min'
          : record.duration <= 300
            ? '1-5 min'
            : record.duration <= 900
              ? '5-15 min'
              : '15+ min';
      buckets[key]++;
    }
    expect(analytics.durationDistribution).toEqual(buckets);
    const inbound = expected.filter((record) => record.direction === 'inbound').length;
    expect(analytics.callsByDirection.inbound).toBe(inbound);
    const queued = expected.filter((record) => record.queueId).length;
    expect(Object.values(analytics.callsByQueue).reduce((a, b) => a + b, 0)).toBe(queued);
    expect(Object.values(analytics.callsByHour).reduce((a, b) => a + b, 0)).toBe(expected.length);
    // Queue names come from genesys_queues.
    const queueNames = new Map(simulator.queues().map((queue) => [queue.id, queue.name]));
    for (const [id, name] of Object.entries(analytics.queueNames)) expect(name).toBe(queueNames.get(id));
    expect(analytics.busiestDay?.calls).toBe(Math.max(...Object.values(analytics.callsByDate)));
  });
});
