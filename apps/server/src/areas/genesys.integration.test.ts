import { existsSync } from 'node:fs';
import path from 'node:path';
import type { GenesysAreaService } from '@phone-billing/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateInZone,
  dayRangeToInstants,
  zonedDateTimeToInstant,
} from '../../../../packages/api/src/domain/calendar';
import { waitForQueueMessages } from '../../../../test/db-events';
import { startTestServer, type TestServer } from '../../../../test/server';
import { utcOffsetMinutes } from '@phone-billing/api/domain';

// Without the start-up pull, so what the nightly job stores is all there is.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { GENESYS_HISTORY_DAYS: '0' } });
});

afterAll(async () => {
  await server?.stop();
});

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
    const message = await server.server.boss.send('genesys-pull-previous-day', {});
    await waitForQueueMessages(server, db, 'genesys-pull-previous-day', { id: message });
    const { from, toExclusive } = dayRangeToInstants(yesterday, yesterday, timezone);
    const firstUtcDay = new Date(from.toISOString().slice(0, 10));
    const rows = await db.callPullDay.findMany({ where: { day: { gte: firstUtcDay } }, orderBy: { day: 'asc' } });
    // Yesterday in Los Angeles spans two UTC days.
    expect(rows.map((row) => row.day.toISOString().slice(0, 10))).toEqual([
      from.toISOString().slice(0, 10),
      new Date(toExclusive.getTime() - 1).toISOString().slice(0, 10),
    ]);
    const calls = await db.callRecord.count({ where: { startTime: { gte: from, lt: toExclusive } } });
    expect(calls).toBeGreaterThan(0);
    // A completely ended UTC day is recorded as complete.
    expect(rows[0]!.complete).toBe(true);
  });

  it('takes a late conversation at /sim/genesys/_control/conversations, kept in DATA_DIR; a forced pull of its day stores it', async () => {
    const { db } = server.server.services;
    const genesys = server.server.services.integrations.genesys as GenesysAreaService;
    const yesterday = addDays(calendarDateInZone(new Date(), 'America/Los_Angeles'), -1);
    const startTime = zonedDateTimeToInstant(yesterday, '10:00', 'America/Los_Angeles').toISOString();
    await genesys.pullRange({ startDate: yesterday, endDate: yesterday });

    const inject = (body: unknown) =>
      fetch(`${server.url}/sim/genesys/_control/conversations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = await inject({ queueName: 'No Such Queue', startTime, durationSeconds: 95 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      status: 400,
      code: 'bad.request',
      message: expect.stringContaining('Unknown queue "No Such Queue"'),
    });

    const created = await inject({ queueName: 'Acme Support', startTime, durationSeconds: 95, mediaType: 'voice' });
    expect(created.status).toBe(201);
    const { conversationId, queueId } = (await created.json()) as { conversationId: string; queueId: string };
    expect(existsSync(path.join(server.server.config.dataDir, 'genesys-simulator.json'))).toBe(true);

    await genesys.pullRange({ startDate: yesterday, endDate: yesterday }, { force: true });
    const stored = await db.callRecord.findUnique({ where: { conversationId } });
    expect(stored).toMatchObject({
      startTime: new Date(startTime),
      duration: 95,
      mediaType: 'voice',
      direction: 'inbound',
      queueId,
    });
  });

  it('has no control path when real Genesys credentials are set', async () => {
    // Credentials for a Genesys that is not there: the app starts, the simulator is not mounted.
    const real = await startTestServer({
      env: {
        GENESYS_CLIENT_ID: 'real-id',
        GENESYS_CLIENT_SECRET: 'real-secret',
        GENESYS_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      expect(real.server.services.config.simulated.genesys).toBe(false);
      const response = await fetch(`${real.url}/sim/genesys/_control/conversations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ queueName: 'Acme Support', startTime: new Date().toISOString(), durationSeconds: 60 }),
      });
      expect(response.status).toBe(404);
    } finally {
      await real.stop();
    }
  });

  it("knows a zone's offset from UTC", () => {
    expect(utcOffsetMinutes('America/Los_Angeles', new Date('2026-01-15T12:00:00Z'))).toBe(-480);
    expect(utcOffsetMinutes('America/Los_Angeles', new Date('2026-07-15T12:00:00Z'))).toBe(-420);
    expect(utcOffsetMinutes('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(330);
    expect(utcOffsetMinutes('UTC')).toBe(0);
  });
});
