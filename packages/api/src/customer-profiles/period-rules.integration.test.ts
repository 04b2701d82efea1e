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
  it('a rule changed after billing takes effect after the last billed period: an unbilled period before it is billed as the old rule drew it', async () => {
    const { db } = test.server.services;
    await db.genesysQueue.create({ data: { id: 'change-q', name: 'Change Queue' } });
    // Billed the 8th to the 7th, 5 minutes at $1.25 a minimum, billing from 12/27/2024.
    const profile = await createProfile(db, {
      name: 'Rule Changer',
      queues: ['Change Queue'],
      rate: '1.25',
      minimum: 5,
      overage: '0.0850',
      billingStartDate: '2024-12-27',
    });
    await db.customerProfile.update({
      where: { id: profile.id },
      data: { billingPeriodStart: 8, billingPeriodEnd: 7 },
    });
    const bill = async (start: string, end: string) =>
      (
        (
          await waitForJob(
            test,
            admin,
            (
              await runJob(admin, {
                billingPeriodStart: start,
                billingPeriodEnd: end,
                selectedQueues: ['Change Queue'],
              })
            ).id,
          )
        ).customers as JobCustomer[]
      ).find((customer) => customer.profileId === profile.id)!;

    // A clerk bills 01/08–02/07 first (its minimum), leaving 12/27–01/07 unbilled...
    expect(await bill('2025-01-25', '2025-01-25')).toMatchObject({ status: 'INVOICED', amount: 6.25 });
    // ...then moves the customer to calendar months.
    const changed = await admin.put(`/api/v1/customer-profiles/${profile.id}`, {
      qboDisplayName: 'Rule Changer',
      qboCustomerId: '1',
      genesysQueueNames: ['Change Queue'],
      ratePerMinute: '1.25',
      minimumMinutes: 5,
      overageRatePerMinute: '0.0850',
      billingStartDate: '2024-12-27',
      billingPeriodStart: 1,
      billingPeriodEnd: 31,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    // The unbilled days are the old rule's period 12/08–01/07 from the billing start: 12 of its 31
    // days, a minimum of 2 minutes ($2.50). Not December and a piece of January, each owing a
    // minimum ($1.25 + $6.25 for 12 days, more than a whole month's $6.25).
    const gap = await bill('2024-12-27', '2025-01-07');
    expect(gap).toMatchObject({ status: 'INVOICED', amount: 2.5 });
    expect(gap.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Minimum commitment, prorated 12 of 31 days, 12/27/2024–01/07/2025', '2.50'],
    ]);
    // After the last billed period the new rule holds: February starts where 01/08–02/07 ended.
    const february = await bill('2025-02-08', '2025-02-28');
    expect(february.lines.map((line) => line.description)).toEqual(['Minimum commitment, 02/08/2025–02/28/2025']);
  });
});
