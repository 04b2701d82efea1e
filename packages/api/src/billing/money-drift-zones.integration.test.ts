// Money that cannot drift (issue 20) across a timezone change, as a clerk meets it, against the real
// server, pg-boss workers, PostgreSQL and the QuickBooks simulator. Found by the billing oracle's
// soak (seed 1054031408, path 49: Los Angeles → Auckland): a released call of the period that ended
// in the old zone within the first day of the new zone was billed by no manual run over that day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';
import { createProfile, customerOfRun, insertCalls, startBillingServer } from '../../../../test/billing-kit';

/** Stale reservations swept within seconds, so a stopped run's leftovers are settled during the test. */
const QUICK_SWEEP = { BILLING_SWEEP_SECONDS: '1', BILLING_STALE_SECONDS: '5' };

type Customer = { customerName: string; status: string; amount: number; calls: number; qboInvoiceId: string | null };

describe('money that cannot drift across a timezone change', () => {
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

  const setZone = async (timezone: string) =>
    expect((await admin.put('/api/v1/settings', { timezone })).status).toBe(200);

  it('(3) after Los Angeles → New York, a manual run over November 1 bills a released call of October that ended in Los Angeles on that day', async () => {
    const { db } = test.server.services;
    const queue = { id: 'zones-q-1', name: 'Zones 1' };
    await db.genesysQueue.create({ data: queue });
    await createProfile(db, {
      name: 'Moved East',
      queues: [queue.name],
      rate: '1.00',
      qboCustomerId: '4',
      billingStartDate: '2026-10-01',
    });
    const customer = (start: string, end: string) =>
      customerOfRun<Customer>(test, admin, { start, end, queues: [queue.name] }, 'Moved East');
    await setZone('America/Los_Angeles');
    try {
      // 22:00 PDT on October 31 (October, billed in Los Angeles) is 01:00 EDT on November 1 in New York.
      await insertCalls(db, [{ queueId: queue.id, start: '2026-11-01T05:00:00Z', seconds: 300 }]);
      const october = await customer('2026-10-01', '2026-10-31');
      expect(october).toMatchObject({ status: 'INVOICED', calls: 1, amount: 5 });
      await setZone('America/New_York');
      sim.simulator.voidInvoice(october.qboInvoiceId!);
      const release = await admin.post(`/api/v1/billing/invoices/${october.qboInvoiceId}/release`, {
        reason: 'Voided: sent to the wrong contact',
      });
      expect(release.status).toBe(200);
      // The Genesys screen now shows the call on November 1; a run over that day bills it again, once.
      expect(await customer('2026-11-01', '2026-11-01')).toMatchObject({ status: 'INVOICED', calls: 1, amount: 5 });
      expect((await customer('2026-10-31', '2026-11-01')).status).toBe('SKIPPED');
    } finally {
      await setZone('America/Los_Angeles');
    }
  });

  it('(3) after Los Angeles → New York, a manual run over October 16 – November 15 bills a call of the last LA hours of October, which New York shows on November 1', async () => {
    const { db } = test.server.services;
    const queue = { id: 'zones-q-2', name: 'Zones 2' };
    await db.genesysQueue.create({ data: queue });
    await createProfile(db, {
      name: 'Moved East Too',
      queues: [queue.name],
      rate: '1.00',
      qboCustomerId: '5',
      billingStartDate: '2026-10-01',
    });
    const customer = (start: string, end: string) =>
      customerOfRun<Customer>(test, admin, { start, end, queues: [queue.name] }, 'Moved East Too');
    await setZone('America/Los_Angeles');
    try {
      await insertCalls(db, [{ queueId: queue.id, start: '2026-10-10T19:00:00Z', seconds: 120 }]);
      // October 1–15 is billed in Los Angeles: October is recorded in that zone.
      expect(await customer('2026-10-01', '2026-10-15')).toMatchObject({ status: 'INVOICED', calls: 1, amount: 2 });
      await setZone('America/New_York');
      // 22:00 PDT on October 31 (October's last hours in Los Angeles) is 01:00 EDT on November 1.
      await insertCalls(db, [{ queueId: queue.id, start: '2026-11-01T05:00:00Z', seconds: 300 }]);
      expect(await customer('2026-10-16', '2026-11-15')).toMatchObject({ status: 'INVOICED', calls: 1, amount: 5 });
      expect((await customer('2026-10-01', '2026-11-15')).status).toBe('SKIPPED');
    } finally {
      await setZone('America/Los_Angeles');
    }
  });
});
