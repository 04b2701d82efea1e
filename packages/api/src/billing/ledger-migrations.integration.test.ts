// Issue 20: the ledger's migrations (20261210_*) move existing data to the new shape without
// changing any invoiced amount. A database is built in the shape it had before them (migrations up
// to 20261205 applied, rows written as the code of that day wrote them), migrated, and every
// period's totals compared, as SQL sees them and as rating (loadRecordedPeriods) reads them.
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseClient, type Database } from '@phone-billing/db';
import { MIGRATIONS_DIR, migrateDatabase } from '@phone-billing/db/migrate';
import { createEmptyDatabase } from '../../../../test/database';
import { loadRecordedPeriods } from './rate-customers';

/** The last migration before the ledger fixes: "today's shape". */
const BEFORE = '20261210';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const JOB = '33333333-3333-4333-8333-333333333333';

type Totals = Record<string, { invoiced: string; billedSeconds: string; calls: number; entries: string[] }>;

/** Every period's live totals, keyed by profile and first day. */
async function periodTotals(client: pg.Client): Promise<Totals> {
  const rows = await client.query<{
    key: string;
    invoiced: string;
    billedSeconds: string;
    calls: number;
    entries: string[];
  }>(`
    SELECT bp."profileId" || ' ' || to_char(bp."periodStart", 'YYYY-MM-DD') AS key,
           COALESCE(sum(pl.amount) FILTER (WHERE l.state <> 'RELEASED'), 0)::text AS invoiced,
           COALESCE(sum(pl."billedSeconds") FILTER (WHERE l.state <> 'RELEASED'), 0)::text AS "billedSeconds",
           COALESCE(sum(pl.calls) FILTER (WHERE l.state <> 'RELEASED'), 0)::int AS calls,
           COALESCE(array_agg(l."docNumber" || ':' || l.state || ':' || l.amount ORDER BY l."docNumber") FILTER (WHERE l.id IS NOT NULL), '{}') AS entries
    FROM billing_periods bp
    LEFT JOIN invoice_period_lines pl ON pl."periodId" = bp.id
    LEFT JOIN invoice_ledger l ON l.id = pl."ledgerId"
    GROUP BY bp.id`);
  return Object.fromEntries(
    rows.rows.map((row) => [
      row.key,
      { invoiced: row.invoiced, billedSeconds: row.billedSeconds, calls: row.calls, entries: row.entries },
    ]),
  );
}

/** Rows as the code before the ledger fixes wrote them: periods with terms, entries, lines, claims. */
const TODAYS_SHAPE = `
  INSERT INTO organization_settings (id, timezone, "updatedAt") VALUES (1, 'America/New_York', now()) ON CONFLICT (id) DO UPDATE SET timezone = 'America/New_York';
  INSERT INTO customer_profiles (id, "qboDisplayName", "genesysQueueNames", "ratePerMinute", "minimumMinutes", "overageRatePerMinute", "billingPeriodStart", "billingPeriodEnd", "billingStartDate", "updatedAt")
  VALUES ('${P1}', 'Plain Co', '{Plain}', 1.00, 0, 1.00, 1, 31, '2026-01-01', now()),
         ('${P2}', 'Minimum Co', '{Minimum}', 0.10, 100, 0.08, 16, 15, '2026-01-01', now());
  INSERT INTO genesys_queues (id, name) VALUES ('q-plain', 'Plain'), ('q-min', 'Minimum');
  INSERT INTO call_records ("conversationId", "startTime", "endTime", duration, "mediaType", "queueId")
  SELECT 'mig-' || g, timestamp '2026-09-02 15:00' + g * interval '1 hour', timestamp '2026-09-02 15:05' + g * interval '1 hour', 300, 'voice', 'q-plain'
  FROM generate_series(1, 7) g;
  INSERT INTO billing_jobs (id, "jobId", type, status, "startDate", "endDate") VALUES ('${JOB}', 'BJ-MIGR01', 'MANUAL', 'COMPLETED', '2026-09-01', '2026-11-30');
  INSERT INTO billing_periods (id, "profileId", "periodStart", "periodEnd", "ratePerMinute", "minimumMinutes", "overageRatePerMinute") VALUES
    ('a0000000-0000-4000-8000-000000000001', '${P1}', '2026-09-01', '2026-09-30', 1.00, 0, 1.00),
    ('a0000000-0000-4000-8000-000000000002', '${P1}', '2026-10-01', '2026-10-31', 1.00, 0, 1.00),
    ('a0000000-0000-4000-8000-000000000003', '${P1}', '2026-11-01', '2026-11-30', 1.00, 0, 1.00),
    ('a0000000-0000-4000-8000-000000000004', '${P2}', '2026-09-16', '2026-10-15', 0.10, 100, 0.08),
    ('a0000000-0000-4000-8000-000000000005', '${P2}', '2026-10-16', '2026-11-15', 0.10, 100, 0.08);
  INSERT INTO invoice_ledger (id, "profileId", "periodStart", "periodEnd", "billingJobId", "docNumber", "requestId", amount, state, kind, "firstSentAt", "sendAttempts", "outcomeUnknown", "qboInvoiceId", "updatedAt") VALUES
    ('b0000000-0000-4000-8000-000000000001', '${P1}', '2026-09-01', '2026-09-30', '${JOB}', 'BJ-MIGR01-1', 'r1', 5.00, 'CREATED', 'INVOICE', now(), 1, false, '501', now()),
    ('b0000000-0000-4000-8000-000000000002', '${P1}', '2026-09-01', '2026-09-30', '${JOB}', 'BJ-MIGR01-1-2', 'r2', 2.00, 'CREATED', 'INVOICE', now(), 1, false, '502', now()),
    ('b0000000-0000-4000-8000-000000000003', '${P1}', '2026-10-01', '2026-10-31', '${JOB}', 'BJ-MIGR01-1-2-3', 'r3', 3.00, 'RELEASED', 'INVOICE', now(), 1, false, '503', now()),
    ('b0000000-0000-4000-8000-000000000004', '${P2}', '2026-09-16', '2026-10-15', '${JOB}', 'BJ-MIGR01-2', 'r4', 10.00, 'CREATED', 'INVOICE', now(), 1, false, '504', now()),
    ('b0000000-0000-4000-8000-000000000005', '${P2}', '2026-09-16', '2026-10-15', '${JOB}', 'BJ-MIGR01-2-2-S', 'r5', 0.00, 'SETTLED', 'SETTLEMENT', NULL, 0, false, NULL, now()),
    ('b0000000-0000-4000-8000-000000000006', '${P2}', '2026-10-16', '2026-11-15', '${JOB}', 'BJ-MIGR01-2-3', 'r6', 4.00, 'RESERVED', 'INVOICE', now(), 2, true, NULL, now());
  INSERT INTO invoice_period_lines ("ledgerId", "periodId", "coveredFrom", "coveredTo", calls, "billedSeconds", amount) VALUES
    ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', '2026-09-01', '2026-09-30', 1, 300, 5.00),
    ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', NULL, NULL, 1, 120, 2.00),
    ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', '2026-10-01', '2026-10-31', 1, 180, 3.00),
    ('b0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000004', '2026-09-16', '2026-10-15', 20, 3000, 10.00),
    ('b0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000004', NULL, NULL, 2, 120, 0.00),
    ('b0000000-0000-4000-8000-000000000006', 'a0000000-0000-4000-8000-000000000005', '2026-10-16', '2026-11-15', 0, 0, 4.00);
  INSERT INTO call_claims ("ledgerId", "periodId", "queueId", "queueName", "startFrom", "startTo", "seqFrom", "seqTo", "incrementSeconds", calls, "billedSeconds")
  SELECT 'b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'q-plain', 'Plain', '2026-09-01 04:00', '2026-10-01 04:00', 0, max("billableSeq") + 1, 60, count(*), 7 * 300
  FROM call_records WHERE "queueId" = 'q-plain';
`;

describe('the ledger migrations keep every invoiced amount', () => {
  let url: string;
  let client: pg.Client;
  let db: Database;
  let before: Totals;

  beforeAll(async () => {
    url = await createEmptyDatabase();
    const todays = mkdtempSync(path.join(tmpdir(), 'pb-migrations-'));
    for (const name of readdirSync(MIGRATIONS_DIR).filter((candidate) => candidate < BEFORE))
      cpSync(path.join(MIGRATIONS_DIR, name), path.join(todays, name), { recursive: true });
    await migrateDatabase(url, todays);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(TODAYS_SHAPE);
    before = await periodTotals(client);
    const applied = await migrateDatabase(url);
    expect(applied.filter((name) => name.startsWith(BEFORE))).toEqual([
      '20261210_1_period_terms_on_lines',
      '20261210_2_period_instants',
      '20261210_3_credit_memos',
      '20261210_4_job_owner',
      '20261210_5_profile_activity',
    ]);
    db = createDatabaseClient(url, { max: 2 });
  });

  afterAll(async () => {
    await client?.end();
    await db?.$disconnect();
  });

  it('every period that an invoice touched keeps its totals; a period only a dropped reservation touched is forgotten', async () => {
    const after = await periodTotals(client);
    const billed = Object.fromEntries(Object.entries(before).filter(([, totals]) => totals.entries.length > 0));
    expect(after).toEqual(billed);
    expect(Object.keys(before)).toContain(`${P1} 2026-11-01`);
    expect(Object.keys(after)).not.toContain(`${P1} 2026-11-01`);
    expect((await client.query(`SELECT count(*)::int AS n FROM call_claims WHERE live`)).rows[0].n).toBe(1);
  });

  it('rating reads the same amounts, terms and instants from the migrated periods', async () => {
    const recorded = await loadRecordedPeriods(db, [P1, P2]);
    const read = (profileId: string) =>
      (recorded.get(profileId) ?? []).map((period) => ({
        start: period.start,
        invoiced: period.invoicedBefore,
        seconds: period.billedSecondsBefore,
        terms: [
          String(period.terms.ratePerMinute),
          period.terms.minimumMinutes,
          String(period.terms.overageRatePerMinute),
        ],
        instants: [new Date(period.startsAt).toISOString(), new Date(period.endsAt).toISOString(), period.timeZone],
      }));
    expect(read(P1)).toEqual([
      {
        start: '2026-09-01',
        invoiced: '7.00',
        seconds: 420,
        terms: ['1.0000', 0, '1.0000'],
        instants: ['2026-09-01T04:00:00.000Z', '2026-10-01T04:00:00.000Z', 'America/New_York'],
      },
      {
        start: '2026-10-01',
        invoiced: '0',
        seconds: 0,
        terms: ['1.0000', 0, '1.0000'],
        instants: ['2026-10-01T04:00:00.000Z', '2026-11-01T04:00:00.000Z', 'America/New_York'],
      },
    ]);
    expect(read(P2).map((period) => [period.start, period.invoiced, period.terms])).toEqual([
      ['2026-09-16', '10.00', ['0.1000', 100, '0.0800']],
      ['2026-10-16', '4.00', ['0.1000', 100, '0.0800']],
    ]);
    // Every line keeps the terms it was rated under.
    expect(
      (
        await client.query(
          `SELECT count(*)::int AS n FROM invoice_period_lines WHERE "ratePerMinute" IS NULL OR "minimumMinutes" IS NULL`,
        )
      ).rows[0].n,
    ).toBe(0);
  });
});
