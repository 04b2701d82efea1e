// A sent invoice QuickBooks does not hold (DESIGN.md §4 "A sent invoice is never dropped by a
// machine"): the sweep flags it `missing` for a person, and that person releases it with the same
// "Release for re-billing" as a voided invoice (REST; Job Details and coverage offer the button),
// naming it by its DocNumber since QuickBooks never gave it an id. The next run bills its calls again.
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
import { resolveAbandonedReservations } from './abandoned-reservations';

type Customer = {
  customerName: string;
  status: string;
  amount: number;
  calls: number;
  qboInvoiceId: string | null;
  docNumber: string | null;
  invoiceState: string | null;
  invoiceQboStatus: string | null;
};
const customerOf = (job: { customers: unknown }, name: string) =>
  (job.customers as Customer[]).find((customer) => customer.customerName === name)!;

describe('releasing a sent invoice QuickBooks is missing', () => {
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

  async function setKillSwitch(enabled: boolean) {
    const answer = await admin.put('/api/v1/settings', {
      killSwitch: enabled ? { enabled, reason: 'QuickBooks is acting up' } : { enabled },
    });
    expect(answer.status).toBe(200);
  }

  it('the sweep flags it missing; a person releases it by its DocNumber; the next run bills its calls again, once', async () => {
    const { db } = test.server.services;
    const queue = { id: 'missing-q-1', name: 'Missing Queue' };
    await db.genesysQueue.create({ data: queue });
    await createProfile(db, {
      name: 'Missing Co',
      queues: [queue.name],
      rate: '1.00',
      qboCustomerId: '6',
      billingStartDate: '2026-10-01',
    });
    await insertCalls(db, [{ queueId: queue.id, start: '2026-10-09T12:00:00Z', seconds: 420 }]);
    const october = { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', selectedQueues: [queue.name] };
    const run = await runJob(admin, october);
    const sent = customerOf(await waitForJob(test, admin, run.id), 'Missing Co');
    expect(sent).toMatchObject({ status: 'INVOICED', amount: 7 });

    // As if QuickBooks' answer had been lost and the job had failed: the reservation was sent, the app
    // never learned its QuickBooks id; then a person deleted the invoice there.
    const entry = await db.invoiceLedgerEntry.findFirstOrThrow({ where: { qboInvoiceId: sent.qboInvoiceId } });
    await db.invoiceLedgerEntry.update({
      where: { id: entry.id },
      data: { state: 'RESERVED', qboInvoiceId: null, qboStatus: null, outcomeUnknown: true },
    });
    await db.billingJobCustomer.updateMany({
      where: { ledgerId: entry.id },
      data: { status: 'FAILED', qboInvoiceId: null, error: 'QuickBooks did not answer' },
    });
    await db.billingJob.update({ where: { id: run.id }, data: { status: 'FAILED' } });
    sim.simulator.deleteInvoice(sent.qboInvoiceId!);
    // The sweep cannot send it again while the kill switch is on: it flags it for a person.
    await setKillSwitch(true);
    try {
      const swept = await resolveAbandonedReservations(test.server.services, new Date(Date.now() + 3_600_000));
      expect(swept.flagged).toBe(1);
    } finally {
      await setKillSwitch(false);
    }
    const flagged = customerOf((await admin.get(`/api/v1/billing/jobs/${run.id}`)).body.data, 'Missing Co');
    expect(flagged).toMatchObject({
      qboInvoiceId: null,
      docNumber: entry.docNumber,
      invoiceState: 'RESERVED',
      invoiceQboStatus: 'missing',
    });
    // Still billed until a person decides: a run now bills nothing.
    const meanwhile = customerOf(await waitForJob(test, admin, (await runJob(admin, october)).id), 'Missing Co');
    expect(meanwhile).toMatchObject({ status: 'SKIPPED', amount: 0 });

    expect((await admin.post('/api/v1/billing/invoices/BJ-NOPE-1/release', { reason: 'Not there' })).status).toBe(404);
    const released = await admin.post(`/api/v1/billing/invoices/${entry.docNumber}/release`, {
      reason: 'Never reached QuickBooks: bill it again',
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toMatchObject({
      qboInvoiceId: null,
      docNumber: entry.docNumber,
      calls: 1,
      amount: 7,
      qboStatus: 'missing',
    });
    const audit = await db.auditLog.findFirst({
      where: { action: 'billing.invoice-released', target: entry.docNumber },
    });
    expect(audit).not.toBeNull();
    expect(customerOf((await admin.get(`/api/v1/billing/jobs/${run.id}`)).body.data, 'Missing Co').invoiceState).toBe(
      'RELEASED',
    );
    const again = await admin.post(`/api/v1/billing/invoices/${entry.docNumber}/release`, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.message ?? JSON.stringify(again.body)).toContain('already released');

    const rebilled = customerOf(await waitForJob(test, admin, (await runJob(admin, october)).id), 'Missing Co');
    expect(rebilled).toMatchObject({ status: 'INVOICED', calls: 1, amount: 7 });
    const held = sim.simulator.invoices().filter((invoice) => invoice.CustomerRef.value === '6');
    expect(held.map((invoice) => invoice.TotalAmt)).toEqual([7]);
  });
});
