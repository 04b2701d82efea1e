import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../../../test/database';
import { billedSecondsFor, billedSecondsSql, type BillingIncrements } from './billed-seconds';
import { billableInteractionSql, isBillableInteraction, type BillableCandidate } from './billable-interactions';

// Each rule is written once in TypeScript and once as the SQL built from it; PostgreSQL must give
// what TypeScript gives, or billing (SQL) and the places that price in TypeScript (the rate-plan
// editor's example, the calls export) would disagree.

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: await createEmptyDatabase() });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
});

describe('the billed-seconds rule', () => {
  const durations = [
    -5, 0, 1, 5, 6, 7, 20, 29, 30, 31, 35, 36, 37, 59, 60, 61, 65, 66, 67, 119, 120, 121, 3599, 3600, 3601, 86_401,
  ];
  const increments: BillingIncrements[] = [1, 6, 60].map((seconds) => ({
    firstIncrementSeconds: seconds,
    incrementSeconds: seconds,
  }));
  increments.push(
    { firstIncrementSeconds: 30, incrementSeconds: 6 },
    { firstIncrementSeconds: 60, incrementSeconds: 1 },
    { firstIncrementSeconds: 6, incrementSeconds: 60 },
  );

  it.each(increments.map((entry) => [`${entry.firstIncrementSeconds}/${entry.incrementSeconds}`, entry] as const))(
    'bills the same seconds in SQL as in TypeScript at %s s',
    async (_, entry) => {
      const { rows } = await client.query<{ d: number; billed: number }>(
        `SELECT d, ${billedSecondsSql('d', entry)}::int AS billed FROM unnest($1::int[]) AS t(d) ORDER BY d`,
        [durations],
      );
      expect(rows.map((row) => row.billed)).toEqual(durations.map((seconds) => billedSecondsFor(entry, seconds)));
    },
  );

  it('bills a one-increment setting by the round-up users read in the settings (61 s: 120 s at 60 s, 66 s at 6 s, 61 s at 1 s)', async () => {
    const { rows } = await client.query(
      `SELECT ${billedSecondsSql('61', 60)} AS a, ${billedSecondsSql('61', 6)} AS b, ${billedSecondsSql('61', 1)} AS c`,
    );
    expect(rows[0]).toEqual({ a: 120, b: 66, c: 61 });
  });
});

describe('the billable-interaction rule', () => {
  it('picks the same interactions in SQL as in TypeScript', async () => {
    const ended = new Date('2026-11-02T10:00:00Z');
    const candidates: BillableCandidate[] = [];
    for (const endTime of [ended, null]) {
      for (const queueId of ['queue-1', null]) {
        for (const mediaType of ['voice', 'callback', 'chat', 'email', 'message', 'Voice', 'fax', null])
          candidates.push({ endTime, queueId, mediaType });
      }
    }
    const { rows } = await client.query<{ billable: boolean }>(
      // IS TRUE: a null media type makes the condition null, which the trigger's IF treats as false.
      `SELECT (${billableInteractionSql('c')}) IS TRUE AS billable
         FROM unnest($1::timestamptz[], $2::text[], $3::text[]) WITH ORDINALITY AS c("endTime", "queueId", "mediaType", n)
        ORDER BY n`,
      [candidates.map((c) => c.endTime), candidates.map((c) => c.queueId), candidates.map((c) => c.mediaType)],
    );
    const expected = candidates.map((candidate) => isBillableInteraction(candidate));
    expect(rows.map((row) => row.billable)).toEqual(expected);
    // Ended voice, callback, chat, email and message interactions with a queue: five of the 32.
    expect(expected.filter(Boolean)).toHaveLength(5);
  });
});
