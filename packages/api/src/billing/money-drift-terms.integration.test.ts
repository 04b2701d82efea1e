// Money that cannot drift (issue 20): which invoice fixes a period's terms, as a clerk meets it,
// against the real server, pg-boss workers, PostgreSQL and the QuickBooks simulator. Found by the
// billing oracle's soak (seed 1054031425, path 37): a run over December 12 – January 5 invoiced
// December; January 1–5 had no call and no minimum, so the invoice held no line for January, yet
// January kept that run's rate after the clerk changed the terms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';
import {
  createProfile,
  customerOfRun,
  editProfileAsForm,
  insertCalls,
  startBillingServer,
} from '../../../../test/billing-kit';

/** Stale reservations swept within seconds, so a stopped run's leftovers are settled during the test. */
const QUICK_SWEEP = { BILLING_SWEEP_SECONDS: '1', BILLING_STALE_SECONDS: '5' };

type Line = { description: string; quantity: string; unitPrice: string; amount: string };
type Customer = { customerName: string; status: string; amount: number; lines: Line[]; qboInvoiceId: string | null };
const noon = (day: string) => `${day}T12:00:00Z`;

describe('money that cannot drift: terms are fixed by what QuickBooks holds', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startBillingServer>>['sim'];

  beforeAll(async () => {
    ({ sim, test, admin } = await startBillingServer(QUICK_SWEEP));
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  const editProfile = (id: string, name: string, changes: Record<string, unknown>) =>
    editProfileAsForm(admin, { id, name }, changes);

  it('(1) an invoice that billed a period nothing (no line for it) freezes no rate: the period’s first line bills the rate of its own time', async () => {
    const { db } = test.server.services;
    const queue = { id: 'terms-q-1', name: 'Terms 1' };
    await db.genesysQueue.create({ data: queue });
    const profile = await createProfile(db, {
      name: 'Split Across',
      queues: [queue.name],
      rate: '1.00',
      qboCustomerId: '7',
      billingStartDate: '2026-09-01',
    });
    const customer = (start: string, end: string) =>
      customerOfRun<Customer>(test, admin, { start, end, queues: [queue.name] }, 'Split Across');
    // September 1 – October 10: September has a call, October 1–10 none (and no minimum).
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-09-15'), seconds: 60 }]);
    const first = await customer('2026-09-01', '2026-10-10');
    expect(first).toMatchObject({ status: 'INVOICED', amount: 1 });
    // QuickBooks holds September's line only: nothing of October.
    expect(first.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Phone usage, 09/01/2026–09/30/2026', '1.00'],
    ]);
    // The clerk corrects the rate before October's first line; a call comes on the 20th.
    await editProfile(profile.id, 'Split Across', { ratePerMinute: 2 });
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-10-20'), seconds: 180 }]);
    const rest = await customer('2026-10-11', '2026-10-31');
    expect(rest).toMatchObject({ status: 'INVOICED', amount: 6 });
    expect(rest.lines.map((line) => [line.description, line.unitPrice, line.amount])).toEqual([
      ['Usage, 10/11/2026–10/31/2026', '2.0000', '6.00'],
    ]);
    expect(sim.simulator.invoices().find((invoice) => invoice.Id === rest.qboInvoiceId)?.TotalAmt).toBe(6);
    // That invoice fixed October's terms: a late call bills 2.00 a minute too.
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-10-05'), seconds: 60 }]);
    expect(await customer('2026-10-01', '2026-10-31')).toMatchObject({ status: 'INVOICED', amount: 2 });
  });
});
