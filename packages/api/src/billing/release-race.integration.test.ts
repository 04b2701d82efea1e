// Issue 20, problem 2: a release racing a run must not over-bill. A run reads a period's invoiced
// totals, then its live claims; a release that commits between the two reads would have the run
// bill the released calls on top of the released invoice's amount. Here the race is forced, not
// hoped for: a test transaction holds the one table the run reads between those two reads (the
// queue directory), so the run stops right there, and a person releases an invoice of that period
// meanwhile (REST, real server, real PostgreSQL, the QuickBooks simulator). The run must bill as if
// the release came before it or after it, never a mix.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';
import {
  createProfile,
  insertCalls,
  runJob,
  startBillingServer,
  startQboSimulator,
  waitForJob,
} from '../../../../test/billing-kit';

type Customer = {
  customerName: string;
  status: string;
  amount: number;
  calls: number;
  qboInvoiceId: string | null;
  skipReason: string | null;
};
const customerOf = (job: { customers: unknown }, name: string) =>
  (job.customers as Customer[]).find((customer) => customer.customerName === name)!;
const noon = (day: string) => `${day}T12:00:00Z`;

describe('a release racing a run', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;

  beforeAll(async () => {
    ({ sim, test, admin } = await startBillingServer());
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  /** Backends of this database waiting on a lock while running a statement that contains `fragment`. */
  async function waitingOn(fragment: string): Promise<number> {
    const rows = await test.server.services.db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND position(${fragment} in query) > 0`;
    return rows[0]!.n;
  }

  it("a release arriving after the run read the period's totals waits for the run: the run bills as if the release came after, never a mix", async () => {
    const { db } = test.server.services;
    const queue = { id: 'race-q-1', name: 'Race Queue' };
    await db.genesysQueue.create({ data: queue });
    // Minimum 15 minutes at 1.00, overage 2.00: the three readings of the race bill different amounts.
    await createProfile(db, {
      name: 'Racing Co',
      queues: [queue.name],
      rate: '1.00',
      minimum: 15,
      overage: '2.00',
      qboCustomerId: '5',
      billingStartDate: '2026-10-01',
    });
    const october = { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', selectedQueues: [queue.name] };

    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-10-05'), seconds: 600 }]);
    const first = customerOf(await waitForJob(test, admin, (await runJob(admin, october)).id), 'Racing Co');
    expect(first).toMatchObject({ status: 'INVOICED', amount: 15 }); // the minimum: 10 of 15 minutes used
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-10-20'), seconds: 600 }]);
    const late = customerOf(await waitForJob(test, admin, (await runJob(admin, october)).id), 'Racing Co');
    expect(late).toMatchObject({ status: 'INVOICED', amount: 10 }); // 20 minutes owe 15 + 5 × 2 = 25: 10 more
    sim.simulator.voidInvoice(first.qboInvoiceId!);

    const holder = new pg.Client({ connectionString: test.databaseUrl });
    await holder.connect();
    let raced: Customer;
    let releaseFirst: 'released' | 'waited';
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE genesys_queues IN ACCESS EXCLUSIVE MODE');
      // The run locks and reads October's totals (both invoices stand), then stops before reading live claims.
      const run = await runJob(admin, october);
      await waitUntil(
        async () => (await waitingOn('FROM genesys_queues WHERE name = ANY')) >= 1,
        'the run to stop between its reads',
      );
      // A person releases the voided invoice now.
      const release = admin.post(`/api/v1/billing/invoices/${first.qboInvoiceId}/release`, {
        reason: 'Voided: billed to the wrong customer',
      });
      let answered = false;
      void release.then(
        () => {
          answered = true;
        },
        () => {
          answered = true;
        },
      );
      await waitUntil(
        async () => answered || (await waitingOn('FROM billing_periods bp')) >= 1,
        'the release to end or to wait for the period',
      );
      releaseFirst = answered ? 'released' : 'waited';
      await holder.query('COMMIT');
      raced = customerOf(await waitForJob(test, admin, run.id), 'Racing Co');
      expect((await release).status).toBe(200);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }

    // Release after the run: nothing new to bill (0). Release before: the released 10 minutes again (25 − 10 = 15).
    // A mix (totals with the released invoice, claims without it) would bill 30 minutes on top of 25: 20.00.
    expect([0, 15], `the run billed ${raced.amount} (${raced.status})`).toContain(raced.amount);
    // The run held October's period first, so the release waited for it.
    expect(releaseFirst).toBe('waited');
    expect(raced).toMatchObject({ status: 'SKIPPED', amount: 0 });

    // The next run bills the released call once; QuickBooks then holds 25.00 for October's 20 minutes.
    const rebilled = customerOf(await waitForJob(test, admin, (await runJob(admin, october)).id), 'Racing Co');
    expect(rebilled).toMatchObject({ status: 'INVOICED', calls: 1, amount: 15 });
    const live = sim.simulator
      .invoices()
      .filter(
        (invoice) => invoice.CustomerRef.value === '5' && invoice.TotalAmt !== 0 && invoice.Id !== first.qboInvoiceId,
      );
    expect(live.reduce((sum, invoice) => sum + invoice.TotalAmt, 0)).toBe(25);
    const again = customerOf(await waitForJob(test, admin, (await runJob(admin, october)).id), 'Racing Co');
    expect(again).toMatchObject({ status: 'SKIPPED', amount: 0 });
  });
});

/** Checks `condition` until it holds (the database offers no notification for a lock wait). */
async function waitUntil(condition: () => Promise<boolean>, waitingFor: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${waitingFor} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
