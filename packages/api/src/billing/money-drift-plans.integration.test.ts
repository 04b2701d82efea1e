// Money that cannot drift (issue 20): a rate plan's period fee and the days in service, as a clerk
// meets it, against the real server, pg-boss workers, PostgreSQL and the QuickBooks simulator. Found
// by the billing oracle's soak (seed 238827413, path 10): a profile inactive for a whole period
// (deactivated before it, reactivated after it) was billed its 9.99 "Platform fee" for that period;
// the minimum charge was prorated to nothing, the fee was not. DESIGN.md §4 "Periods in service": a
// profile owes nothing for a whole period in which it was inactive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';
import { createProfile, customerOfRun, insertCalls, startBillingServer } from '../../../../test/billing-kit';

type Line = { description: string; quantity: string; unitPrice: string; amount: string };
type Customer = { customerName: string; status: string; amount: number; lines: Line[]; qboInvoiceId: string | null };
const noon = (day: string) => `${day}T12:00:00Z`;

const plan = {
  charges: [
    { name: 'Voice', media: ['voice'], unit: 'minute', firstIncrementSeconds: 60, incrementSeconds: 60, price: '0.10' },
    { name: 'Platform fee', unit: 'period', price: '9.99' },
  ],
  businessHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
  effectiveFrom: '2026-08-01',
};

describe('money that cannot drift: a rate plan over the days in service', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startBillingServer>>['sim'];

  beforeAll(async () => {
    ({ sim, test, admin } = await startBillingServer());
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  it('a period in service no day owes no period fee, on its first invoice nor on its late usage; a period in service some days owes it whole', async () => {
    const { db } = test.server.services;
    const queue = { id: 'plans-q-1', name: 'Plans 1' };
    await db.genesysQueue.create({ data: queue });
    const profile = await createProfile(db, {
      name: 'Away With Fee',
      queues: [queue.name],
      rate: '1.00',
      qboCustomerId: '7',
      billingStartDate: '2026-08-01',
    });
    const saved = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, { ratePlan: plan });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Inactive from August 15 until October 20 (its history, as the profile form would have written it then):
    // September is in service no day.
    await db.$executeRaw`DELETE FROM profile_activity_changes WHERE "profileId" = ${profile.id}::uuid`;
    await db.$executeRaw`INSERT INTO profile_activity_changes ("profileId", "isActive", "at") VALUES
      (${profile.id}::uuid, true, '2026-07-01 12:00'), (${profile.id}::uuid, false, '2026-08-15 19:00'), (${profile.id}::uuid, true, '2026-10-20 19:00')`;
    // 10 minutes in September while it was inactive (billed once it is active again), 5 in October.
    await insertCalls(db, [
      { queueId: queue.id, start: noon('2026-09-10'), seconds: 600 },
      { queueId: queue.id, start: noon('2026-10-25'), seconds: 300 },
    ]);
    const customer = (start: string, end: string) =>
      customerOfRun<Customer>(test, admin, { start, end, queues: [queue.name] }, 'Away With Fee');

    const first = await customer('2026-08-01', '2026-10-31');
    expect(first.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.amount])).toEqual([
      ['Platform fee, 08/01/2026–08/31/2026', '1', '9.9900', '9.99'],
      ['Voice, 09/01/2026–09/30/2026', '10.0000', '0.1000', '1.00'],
      ['Voice, 10/01/2026–10/31/2026', '5.0000', '0.1000', '0.50'],
      ['Platform fee, 10/01/2026–10/31/2026', '1', '9.9900', '9.99'],
    ]);
    expect(first).toMatchObject({ status: 'INVOICED', amount: 21.48 });
    expect(sim.simulator.invoices().find((invoice) => invoice.Id === first.qboInvoiceId)?.TotalAmt).toBe(21.48);

    // A late call in September: its late usage only, the fee is still not owed (September's terms say so).
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-09-12'), seconds: 120 }]);
    const late = await customer('2026-09-01', '2026-09-30');
    expect(late.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Voice, late usage, 09/01/2026–09/30/2026', '0.20'],
    ]);
    expect(late).toMatchObject({ status: 'INVOICED', amount: 0.2 });
  });
});
