import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@phone-billing/db/migrate';
import {
  connectQbo,
  createProfile,
  insertCalls,
  qboEnv,
  runJob,
  startQboSimulator,
  stubGenesys,
  waitForJob,
} from '../../../../test/billing-kit';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';

// DESIGN.md §4, "Periods in service": a period rule covers every day. The form's schema (shared with
// the server) refuses others and says why; profiles saved before keep what they invoiced and are
// moved to a covering rule by migration 20261211_period_rules_cover_every_day, whose days left out
// are then billed as the rest of the periods they follow (no second minimum).

const MIGRATION = readFileSync(
  path.join(MIGRATIONS_DIR, '20261211_period_rules_cover_every_day', 'migration.sql'),
  'utf8',
);

type Issue = { path: string; msg: string };
type JobCustomer = {
  profileId: string;
  status: string;
  amount: number;
  lines: Array<{ description: string; quantity: string; amount: string }>;
};

describe('period rules that cover every day', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;

  beforeAll(async () => {
    sim = await startQboSimulator();
    test = await startTestServer({ env: qboEnv(sim.simulator, sim.url) });
    admin = await test.admin();
    stubGenesys(test);
    await connectQbo(test, admin, sim.simulator, sim.url);
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  const profileBody = (name: string, rule: { billingPeriodStart: number; billingPeriodEnd: number }) => ({
    qboDisplayName: name,
    genesysQueueNames: [`${name} queue`],
    ratePerMinute: '1.00',
    ...rule,
  });

  it('REST refuses a rule that leaves days out, saying which, beside the end day', async () => {
    const refused = await admin.post(
      '/api/v1/customer-profiles',
      profileBody('Half Month', { billingPeriodStart: 1, billingPeriodEnd: 15 }),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Issue[] }).errors).toContainEqual(
      expect.objectContaining({
        path: 'billingPeriodEnd',
        msg: 'Days 16–31 would never be billed: a period starting on day 1 ends on day 31',
      }),
    );

    const created = await admin.post(
      '/api/v1/customer-profiles',
      profileBody('Mid Month', { billingPeriodStart: 16, billingPeriodEnd: 15 }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: string }).id;
    const edited = await admin.put(
      `/api/v1/customer-profiles/${id}`,
      profileBody('Mid Month', { billingPeriodStart: 16, billingPeriodEnd: 10 }),
    );
    expect(edited.status).toBe(400);
    expect((edited.body as { errors: Issue[] }).errors).toContainEqual(
      expect.objectContaining({
        path: 'billingPeriodEnd',
        msg: 'Days 11–15 would never be billed: a period starting on day 16 ends on day 15 of the next month',
      }),
    );
    const kept = await test.server.services.db.customerProfile.findUniqueOrThrow({ where: { id } });
    expect(kept).toMatchObject({ billingPeriodStart: 16, billingPeriodEnd: 15 });
  });

  it('the migration makes old rules cover every day, keeps what was invoiced, and bills the days left out without a second minimum', async () => {
    const { db } = test.server.services;
    await db.genesysQueue.create({ data: { id: 'rule-q', name: 'Rule Queue' } });
    // Saved before the rule existed (straight into the database): 1..15, minimum 10 min at $1.00, overage $2.00.
    const halfMonth = await createProfile(db, {
      name: 'Old Half Month',
      queues: ['Rule Queue'],
      rate: '1.00',
      minimum: 10,
      overage: '2.00',
      billingStartDate: '2026-10-01',
    });
    await db.customerProfile.update({
      where: { id: halfMonth.id },
      data: { billingPeriodStart: 1, billingPeriodEnd: 15 },
    });
    const gapped = await createProfile(db, {
      name: 'Old Gapped',
      queues: ['Gap Queue'],
      rate: '1.00',
      billingStartDate: '2026-10-01',
    });
    await db.customerProfile.update({
      where: { id: gapped.id },
      data: { billingPeriodStart: 16, billingPeriodEnd: 10 },
    });
    // Oct 5: 3 min (within the minimum); Oct 20, a day the old rule leaves out: 12 min.
    await insertCalls(db, [
      { queueId: 'rule-q', start: '2026-10-05T17:00:00Z', seconds: 180 },
      { queueId: 'rule-q', start: '2026-10-20T17:00:00Z', seconds: 720 },
    ]);

    // Under the old rule October's period is 1..15: its invoice is the minimum, $10.00.
    const first = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-15',
          selectedQueues: ['Rule Queue'],
        })
      ).id,
    );
    const invoiced = (first.customers as JobCustomer[]).find((customer) => customer.profileId === halfMonth.id)!;
    expect(invoiced).toMatchObject({ status: 'INVOICED', amount: 10 });
    const ledgerBefore = await db.invoiceLedgerEntry.findMany({
      orderBy: { id: 'asc' },
      select: { id: true, amount: true, state: true, lines: true },
    });

    const client = new pg.Client({ connectionString: test.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(MIGRATION);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }

    expect(await db.customerProfile.findUniqueOrThrow({ where: { id: halfMonth.id } })).toMatchObject({
      billingPeriodStart: 1,
      billingPeriodEnd: 31,
    });
    expect(await db.customerProfile.findUniqueOrThrow({ where: { id: gapped.id } })).toMatchObject({
      billingPeriodStart: 16,
      billingPeriodEnd: 15,
    });
    // Invoices untouched; October's recorded period now holds the whole month.
    expect(
      await db.invoiceLedgerEntry.findMany({
        orderBy: { id: 'asc' },
        select: { id: true, amount: true, state: true, lines: true },
      }),
    ).toEqual(ledgerBefore);
    const periods = await db.billingPeriod.findMany({ where: { profileId: halfMonth.id } });
    expect(
      periods.map((period) => [
        period.periodStart.toISOString().slice(0, 10),
        period.periodEnd.toISOString().slice(0, 10),
      ]),
    ).toEqual([['2026-10-01', '2026-10-31']]);
    const audit = await db.auditLog.findMany({
      where: { action: 'customer-profile.period-rule-covered' },
      orderBy: { target: 'asc' },
    });
    expect(
      audit.map((entry) => [
        entry.target,
        (entry.details as { before: unknown }).before,
        (entry.details as { after: unknown }).after,
      ]),
    ).toEqual([
      [
        'Old Gapped',
        { billingPeriodStart: 16, billingPeriodEnd: 10 },
        { billingPeriodStart: 16, billingPeriodEnd: 15 },
      ],
      [
        'Old Half Month',
        { billingPeriodStart: 1, billingPeriodEnd: 15 },
        { billingPeriodStart: 1, billingPeriodEnd: 31 },
      ],
    ]);
    // Run again, it changes nothing more.
    const again = new pg.Client({ connectionString: test.databaseUrl });
    await again.connect();
    await again.query(MIGRATION).finally(() => again.end());
    expect(await db.auditLog.count({ where: { action: 'customer-profile.period-rule-covered' } })).toBe(2);

    // October again: the 12 min of Oct 20 are the rest of the period: amount(15) − amount(3) =
    // (10 × 1.00 + 5 × 2.00) − 10.00 = $10.00 (a period of their own would owe the minimum again: $14.00).
    const rest = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: ['Rule Queue'],
        })
      ).id,
    );
    const restCustomer = (rest.customers as JobCustomer[]).find((customer) => customer.profileId === halfMonth.id)!;
    expect(restCustomer).toMatchObject({ status: 'INVOICED', amount: 10 });
    expect(restCustomer.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Usage, 10/16/2026–10/31/2026', '10.00'],
    ]);
  });
});
