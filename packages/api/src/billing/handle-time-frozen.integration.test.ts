import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecordInput } from '@phone-billing/integrations/genesys';
import { createProfile, runJob, startBillingServer, startQboSimulator, waitForJob } from '../../../../test/billing-kit';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';
import { upsertCallRecords } from '../genesys/store';
import { exportJobCalls } from './calls-export';

// DESIGN.md §4 "Rate plans": a charge may bill handle time (talk + hold + after-call work, from
// Genesys metrics). Once an interaction is billed its handle time is frozen, as its duration is:
// Genesys reporting other metrics for it later changes neither what its invoice's calls export
// says it billed, nor what a quote of the billed period finds, nor what a later run bills. Before
// it is billed a later report counts (after-call work arrives after the interaction ended).

const plan = {
  charges: [
    {
      name: 'Handled voice',
      media: ['voice'],
      unit: 'minute',
      basis: 'handleTime',
      firstIncrementSeconds: 60,
      incrementSeconds: 60,
      price: '1.00',
    },
  ],
  effectiveFrom: '2026-10-01',
};

/** A voice interaction as the Genesys store receives it, with its metrics. */
function interaction(
  conversationId: string,
  start: string,
  metrics: { talk: number; hold: number; acw: number },
): CallRecordInput {
  const startTime = new Date(start);
  return {
    conversationId,
    startTime,
    endTime: new Date(startTime.getTime() + (metrics.talk + metrics.hold) * 1000),
    duration: metrics.talk + metrics.hold,
    direction: 'inbound',
    mediaType: 'voice',
    userId: null,
    queueId: 'ht-q',
    wrapUpCode: null,
    recordingId: null,
    talkSeconds: metrics.talk,
    holdSeconds: metrics.hold,
    acwSeconds: metrics.acw,
    handleSeconds: metrics.talk + metrics.hold + metrics.acw,
  };
}

describe('handle time once billed', () => {
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

  const october = { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', selectedQueues: ['HT Queue'] };
  type Customer = { profileId: string; status: string; amount: number };
  const customerOf = (job: { customers: Array<Record<string, unknown>> }, profileId: string) =>
    (job.customers as Customer[]).find((customer) => customer.profileId === profileId)!;

  it('keeps what an invoice billed when Genesys later reports other metrics', async () => {
    const { db } = test.server.services;
    await db.genesysQueue.create({ data: { id: 'ht-q', name: 'HT Queue' } });
    const profile = await createProfile(db, { name: 'Handle Time Co', queues: ['HT Queue'], rate: '0.01' });
    const saved = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, { ratePlan: plan });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // A: 100 s talk + 20 s hold = 120 s → 2 min. B ended with 50 s talk; its 70 s of after-call
    // work reaches us on a later pull, before any run: 120 s → 2 min. October: 4 min × 1.00.
    await upsertCallRecords(db, [
      interaction('ht-a', '2026-10-13T17:00:00Z', { talk: 100, hold: 20, acw: 0 }),
      interaction('ht-b', '2026-10-14T17:00:00Z', { talk: 50, hold: 0, acw: 0 }),
    ]);
    await upsertCallRecords(db, [interaction('ht-b', '2026-10-14T17:00:00Z', { talk: 50, hold: 0, acw: 70 })]);
    const real = await waitForJob(test, admin, (await runJob(admin, october)).id);
    expect(customerOf(real, profile.id)).toMatchObject({ status: 'INVOICED', amount: 4 });

    // Genesys now says A had 300 s of after-call work (420 s → 7 min, were it billed again).
    await upsertCallRecords(db, [interaction('ht-a', '2026-10-13T17:00:00Z', { talk: 100, hold: 20, acw: 300 })]);

    // The invoice's calls export still says what A was billed, and adds up to the invoice's 4 minutes.
    const exported = await exportJobCalls(db, real.id as string, profile.id);
    // (Conversation ID and Billed Seconds lead each row, the charge's own column ends it; the Line
    // column between them is quoted, with its comma.)
    const [header, ...rows] = exported.csv
      .trim()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(header![3]).toBe('Billed Seconds');
    expect(header![header!.length - 1]).toBe('Handled voice (billed seconds)');
    const billed = Object.fromEntries(rows.map((row) => [row[0], [row[3], row[row.length - 1]]]));
    expect(billed).toEqual({ 'ht-a': ['120', '120'], 'ht-b': ['120', '120'] });

    // A later run bills no difference for it: nothing more is owed for October.
    const again = await waitForJob(test, admin, (await runJob(admin, october)).id);
    expect(customerOf(again, profile.id).status).toBe('SKIPPED');
    const invoiced = await db.invoiceLedgerEntry.findMany({ where: { profileId: profile.id, kind: 'INVOICE' } });
    expect(invoiced.map((entry) => Number(entry.amount))).toEqual([4]);

    // A quote of the profile's own plan over October finds what was invoiced.
    const quote = await admin.post('/api/v1/billing/quote', {
      customerProfileId: profile.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toMatchObject({ amount: '4.00', periods: [{ amount: '4.00', invoiced: '4.00' }] });
  });
});
