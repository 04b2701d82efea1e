import { createDatabaseClient, type Database } from '@phone-billing/db';
import { GenesysClient, mapConversationToCallRecord } from '@phone-billing/integrations/genesys';
import { createGenesysSimulator, type GenesysSimulator } from '@phone-billing/integrations/genesys/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import { pullCallRecordDays } from './store';

// The app's pull of call records when Genesys answers as real orgs do: participants without
// sessions, sessions without segments, and whole days for whatever interval was asked.

const now = () => new Date('2026-11-18T15:00:00.000Z');
let db: Database;
let simulator: GenesysSimulator;
let close: () => Promise<void>;
let client: GenesysClient;

beforeAll(async () => {
  db = createDatabaseClient(await createTestDatabase(), { max: 4 });
  simulator = createGenesysSimulator({
    seed: 'vendor-modes',
    weekdayCalls: 80,
    weekendCalls: 10,
    now,
    modes: { participantsWithoutSessions: 0.5, wholeDayIntervals: true },
  });
  const listening = await simulator.listen();
  close = listening.close;
  client = new GenesysClient({ apiBaseUrl: listening.url, loginBaseUrl: listening.url, ...simulator.credentials, now });
});

afterAll(async () => {
  await close?.();
  await db?.$disconnect();
});

describe('pulling call records from a Genesys that leaves optional members out', () => {
  it('completes, keeping every call of the days with its queue, agent and duration', async () => {
    const days = ['2026-11-10', '2026-11-11'];
    const result = await pullCallRecordDays(db, client, days, { now });
    const expected = days.flatMap((day) => simulator.conversationsForDay(day));
    expect(result.daysPulled).toEqual(days);
    expect(result.recordsWritten).toBe(expected.length);
    const rows = await db.callRecord.findMany();
    expect(rows.map((row) => row.conversationId).sort()).toEqual(expected.map((one) => one.conversationId).sort());
    // The same calls as the complete conversations map to: what was left out carried no queue or agent.
    const complete = new Map(expected.map((one) => [one.conversationId, mapConversationToCallRecord(one)!]));
    for (const row of rows)
      expect(row).toMatchObject({
        queueId: complete.get(row.conversationId)!.queueId,
        userId: complete.get(row.conversationId)!.userId,
        duration: complete.get(row.conversationId)!.duration,
      });
    expect(rows.filter((row) => row.queueId !== null).length).toBeGreaterThan(rows.length * 0.9);
    const pulled = await db.callPullDay.findMany({ orderBy: { day: 'asc' } });
    expect(pulled.map((row) => [row.day.toISOString().slice(0, 10), row.complete])).toEqual(
      days.map((day) => [day, true]),
    );
  });
});
