import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone, dayRangeToInstants } from '../../../../packages/api/src/domain/calendar';
import { startTestServer, type TestServer } from '../../../../test/server';
import { utcOffsetMinutes } from './genesys';

// Without the start-up pull, so what the nightly job stores is all there is.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { GENESYS_HISTORY_DAYS: '0' } });
});

afterAll(async () => {
  await server?.stop();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Genesys server area', () => {
  it('syncs queues and users before ready, and pulls no history when GENESYS_HISTORY_DAYS=0', async () => {
    const { db } = server.server.services;
    expect(await db.genesysQueue.count()).toBe(12);
    expect(await db.genesysUser.count()).toBe(40);
    expect(await db.callPullDay.count()).toBe(0);
    expect(server.server.services.config.simulated.genesys).toBe(true);
    expect(server.server.services.integrations.genesys?.simulated).toBe(true);
  });

  it('the nightly job pulls the whole of yesterday (company timezone) and records its days as complete', async () => {
    const { db } = server.server.services;
    const timezone = 'America/Los_Angeles';
    const yesterday = addDays(calendarDateInZone(new Date(), timezone), -1);
    await server.server.boss.send('genesys-pull-previous-day', {});
    const { from, toExclusive } = dayRangeToInstants(yesterday, yesterday, timezone);
    const firstUtcDay = new Date(from.toISOString().slice(0, 10));
    const rows = await until(
      () => db.callPullDay.findMany({ where: { day: { gte: firstUtcDay } }, orderBy: { day: 'asc' } }),
      (found) => found.length >= 2,
    );
    // Yesterday in Los Angeles spans two UTC days.
    expect(rows.map((row) => row.day.toISOString().slice(0, 10))).toEqual([from.toISOString().slice(0, 10), new Date(toExclusive.getTime() - 1).toISOString().slice(0, 10)]);
    const calls = await db.callRecord.count({ where: { startTime: { gte: from, lt: toExclusive } } });
    expect(calls).toBeGreaterThan(0);
    // A completely ended UTC day is recorded as complete.
    expect(rows[0]!.complete).toBe(true);
  });

  it('knows a zone\'s offset from UTC', () => {
    expect(utcOffsetMinutes('America/Los_Angeles', new Date('2026-01-15T12:00:00Z'))).toBe(-480);
    expect(utcOffsetMinutes('America/Los_Angeles', new Date('2026-07-15T12:00:00Z'))).toBe(-420);
    expect(utcOffsetMinutes('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(330);
    expect(utcOffsetMinutes('UTC')).toBe(0);
  });
});
