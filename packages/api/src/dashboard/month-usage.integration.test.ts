// The dashboard reads this month's usage from the hourly rollup that triggers keep beside
// call_records (issue 14). Calls change after the fact (a call in progress ends, Genesys moves it
// to another queue or media type, a re-pull rewrites it), so after every kind of write the figures
// must be what the calls themselves give, counted here in plain JavaScript.
import { createDatabaseClient, type Database } from '@phone-billing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import { calendarDateInZone } from '../domain/calendar';
import { addDecimals, formatDecimal } from '../domain/decimal';
import { rateUsage } from '../domain/rating';
import { upsertCallRecords } from '../genesys/store';
import { currentMonthInZone } from './month';
import { readMonthUsage } from './month-usage';
import { dashboardOverview } from './overview';

let db: Database;
// In March 2026, Los Angeles moves its clocks forward on the 8th: days start at 08:00 UTC before, 07:00 after.
const NOW = new Date('2026-03-20T18:00:00.000Z');
const QUEUES = ['q-support', 'q-sales', 'q-billing', null] as const;
const MEDIA = ['voice', 'voice', 'voice', 'email', 'callback', null] as const;

interface Call {
  conversationId: string;
  startTime: Date;
  endTime: Date | null;
  duration: number;
  mediaType: string | null;
  queueId: string | null;
}

/** The month's figures counted from the calls themselves, as the dashboard promises them. */
async function expectedUsage(timeZone: string, increment: number) {
  const month = currentMonthInZone(NOW, timeZone);
  const calls = await db.callRecord.findMany({ where: { mediaType: 'voice' } });
  const byDay = new Map<number, { calls: number; seconds: number }>();
  const billedSecondsByQueueId = new Map<string | null, number>();
  for (const call of calls) {
    const day = calendarDateInZone(call.startTime, timeZone);
    if (day < month.start || day > month.end) continue;
    const index = Number(day.slice(8, 10)) - 1;
    const seconds = Math.max(call.duration, 0);
    const entry = byDay.get(index) ?? { calls: 0, seconds: 0 };
    byDay.set(index, { calls: entry.calls + 1, seconds: entry.seconds + seconds });
    billedSecondsByQueueId.set(
      call.queueId,
      (billedSecondsByQueueId.get(call.queueId) ?? 0) + Math.ceil(seconds / increment) * increment,
    );
  }
  return { byDay, billedSecondsByQueueId };
}

/** Sorted, without the zeros a rollup row left at 0 calls may add: what the dashboard shows. */
function comparable(usage: {
  byDay: Map<number, { calls: number; seconds: number }>;
  billedSecondsByQueueId: Map<string | null, number>;
}) {
  return {
    byDay: [...usage.byDay].filter(([, day]) => day.calls !== 0 || day.seconds !== 0).sort(([a], [b]) => a - b),
    billedSecondsByQueueId: [...usage.billedSecondsByQueueId]
      .filter(([, seconds]) => seconds !== 0)
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  };
}

async function expectFiguresToMatchTheCalls() {
  // Los Angeles and New York read the rollup; Kolkata (days start at :30 UTC) and a 7 s
  // increment read the calls: every path must agree with the calls.
  for (const [timeZone, increment] of [
    ['America/Los_Angeles', 60],
    ['America/Los_Angeles', 6],
    ['America/New_York', 1],
    ['Asia/Kolkata', 60],
    ['America/Los_Angeles', 7],
  ] as const) {
    const month = currentMonthInZone(NOW, timeZone);
    expect(comparable(await readMonthUsage(db, month, timeZone, increment)), `${timeZone}, ${increment} s`).toEqual(
      comparable(await expectedUsage(timeZone, increment)),
    );
  }
  // And the rollup itself holds exactly the calls' totals per hour, queue and media type.
  const drift = await db.$queryRaw<Array<{ rows: number }>>`
    SELECT count(*)::int AS rows FROM (
      SELECT date_trunc('hour', "startTime") AS hour, "queueId", "mediaType", count(*)::int AS calls, sum(GREATEST(duration, 0))::bigint AS seconds,
             sum((GREATEST(duration, 0) + 5) / 6 * 6)::bigint AS b6, sum((GREATEST(duration, 0) + 59) / 60 * 60)::bigint AS b60
        FROM call_records GROUP BY 1, 2, 3
      EXCEPT SELECT hour, "queueId", "mediaType", calls, seconds, "billedSeconds6", "billedSeconds60" FROM call_usage_hourly WHERE calls > 0
      UNION ALL
      SELECT hour, "queueId", "mediaType", calls, seconds, "billedSeconds6", "billedSeconds60" FROM call_usage_hourly WHERE calls <> 0 OR seconds <> 0
      EXCEPT SELECT date_trunc('hour', "startTime"), "queueId", "mediaType", count(*)::int, sum(GREATEST(duration, 0))::bigint,
             sum((GREATEST(duration, 0) + 5) / 6 * 6)::bigint, sum((GREATEST(duration, 0) + 59) / 60 * 60)::bigint
        FROM call_records GROUP BY 1, 2, 3) AS differences`;
  expect(drift[0]!.rows).toBe(0);
}

/** 400 calls over February, March and early April, every few hours, across queues and media. */
function generatedCalls(): Call[] {
  const calls: Call[] = [];
  for (let index = 0; index < 400; index++) {
    const startTime = new Date(Date.UTC(2026, 1, 25, 5, 17) + index * 3 * 3_600_000 + (index % 7) * 611_000);
    const duration = index % 23 === 0 ? 0 : (index * 7919) % 1900;
    const inProgress = index % 17 === 0;
    calls.push({
      conversationId: `call-${index}`,
      startTime,
      endTime: inProgress ? null : new Date(startTime.getTime() + duration * 1000),
      duration: inProgress ? 0 : duration,
      mediaType: MEDIA[index % MEDIA.length]!,
      queueId: QUEUES[index % QUEUES.length]!,
    });
  }
  return calls;
}

const asRecord = (call: Call) => ({
  ...call,
  ...{ direction: 'inbound', userId: null, wrapUpCode: null, recordingId: null },
  ...{ talkSeconds: 0, holdSeconds: 0, acwSeconds: 0, handleSeconds: 0 },
});

beforeAll(async () => {
  db = createDatabaseClient(await createTestDatabase(), { max: 4 });
});
afterAll(() => db?.$disconnect());

describe('the dashboard usage rollup', () => {
  it('follows inserts, re-pulls, calls that end later, queue and media moves, deletes and a truncate', async () => {
    const calls = generatedCalls();
    await upsertCallRecords(db, calls.map(asRecord));
    await expectFiguresToMatchTheCalls();

    // A re-pull: calls in progress have ended, Genesys moved some to other queues or media, one
    // started earlier than first reported (across a day boundary); the rest come back unchanged.
    const repulled = calls.map((call, index) => {
      if (call.endTime === null)
        return { ...call, endTime: new Date(call.startTime.getTime() + 754_000), duration: 754 };
      if (index % 11 === 0) return { ...call, queueId: QUEUES[(index + 1) % QUEUES.length]! };
      if (index % 13 === 0) return { ...call, mediaType: 'voice' };
      if (index === 200) return { ...call, startTime: new Date(call.startTime.getTime() - 9 * 3_600_000) };
      return call;
    });
    await upsertCallRecords(db, repulled.map(asRecord));
    await expectFiguresToMatchTheCalls();

    // Written by hand in SQL too: the triggers, not our store, keep the rollup.
    await db.$executeRaw`UPDATE call_records SET duration = duration + 61 WHERE "conversationId" LIKE 'call-1%'`;
    await db.$executeRaw`DELETE FROM call_records WHERE "conversationId" LIKE 'call-3%'`;
    await db.$executeRaw`INSERT INTO call_records ("conversationId", "startTime", duration, "mediaType", "queueId")
                         SELECT 'late-' || n, timestamp '2026-03-10 09:00' + n * interval '7 minutes', n, 'voice', 'q-sales' FROM generate_series(1, 50) AS n`;
    await expectFiguresToMatchTheCalls();

    await db.$executeRaw`TRUNCATE call_records`;
    await expectFiguresToMatchTheCalls();
    expect(await db.$queryRaw<Array<{ rows: number }>>`SELECT count(*)::int AS rows FROM call_usage_hourly`).toEqual([
      { rows: 0 },
    ]);
  });

  it('gives the overview the figures the calls give', async () => {
    await upsertCallRecords(db, generatedCalls().map(asRecord));
    await db.organizationSettings.upsert({
      where: { id: 1 },
      create: { id: 1, timezone: 'America/Los_Angeles', billingIncrementSeconds: 6 },
      update: { timezone: 'America/Los_Angeles', billingIncrementSeconds: 6 },
    });
    await db.genesysQueue.createMany({
      data: [
        { id: 'q-support', name: 'Support' },
        { id: 'q-sales', name: 'Sales' },
      ],
    });
    await db.customerProfile.create({
      data: { qboDisplayName: 'Acme', genesysQueueNames: ['Support'], ratePerMinute: '0.05' },
    });
    await db.customerProfile.create({
      data: {
        qboDisplayName: 'Beta',
        genesysQueueNames: ['Sales'],
        ratePerMinute: '0.10',
        minimumMinutes: 100,
        overageRatePerMinute: '0.20',
      },
    });

    const overview = await dashboardOverview(db, { now: NOW });
    const expected = await expectedUsage('America/Los_Angeles', 6);
    const days = [...expected.byDay.values()];
    expect(overview.usage.totalCalls).toBe(days.reduce((sum, day) => sum + day.calls, 0));
    expect(overview.usage.totalMinutes).toBe(
      Math.round((days.reduce((sum, day) => sum + day.seconds, 0) / 60) * 100) / 100,
    );
    expect(overview.usage.byDay).toHaveLength(20);
    for (const day of overview.usage.byDay) {
      const counted = expected.byDay.get(Number(day.date.slice(8, 10)) - 1) ?? { calls: 0, seconds: 0 };
      expect(day).toEqual({
        date: day.date,
        calls: counted.calls,
        minutes: Math.round((counted.seconds / 60) * 100) / 100,
      });
    }
    // Each profile's queue's billed seconds, rated by the one rating rule.
    const billed = (queueId: string) => expected.billedSecondsByQueueId.get(queueId) ?? 0;
    const acme = rateUsage({
      billedSeconds: billed('q-support'),
      ratePerMinute: '0.05',
      minimumMinutes: 0,
      overageRatePerMinute: '1',
    }).total;
    const beta = rateUsage({
      billedSeconds: billed('q-sales'),
      ratePerMinute: '0.10',
      minimumMinutes: 100,
      overageRatePerMinute: '0.20',
    }).total;
    expect(billed('q-sales')).toBeGreaterThan(100 * 60);
    expect(overview.usage.totalAmount).toBe(formatDecimal(addDecimals(acme, beta), 2));
  });
});
