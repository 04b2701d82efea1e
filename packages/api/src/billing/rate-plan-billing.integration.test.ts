import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProfile,
  insertCalls,
  runJob,
  startBillingServer,
  startQboSimulator,
  waitForJob,
} from '../../../../test/billing-kit';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';

// DESIGN.md §4 "Rate plans", the "Done when": a profile with chat per interaction, an
// after-hours voice premium, a per-call fee and a monthly platform fee; a dry run and then a real
// run for October give the lines a hand calculation from the interaction list gives, to the cent,
// and QuickBooks receives exactly them. Each interaction is on one live invoice: a late chat is
// billed once, on the next run, as its charge's late usage.

type Line = { description: string; quantity: string; unitPrice: string; amount: string };
type JobCustomer = { profileId: string; status: string; amount: number; lines: Line[] };

const plan = {
  charges: [
    { name: 'Chats', media: ['chat'], unit: 'interaction', price: '0.50' },
    {
      name: 'Voice, after hours',
      media: ['voice'],
      timeBand: 'afterHours',
      unit: 'minute',
      firstIncrementSeconds: 30,
      incrementSeconds: 6,
      price: '0.15',
    },
    { name: 'Voice', media: ['voice'], unit: 'minute', firstIncrementSeconds: 60, incrementSeconds: 60, price: '0.10' },
    { name: 'Per-call fee', media: ['voice'], unit: 'interaction', additional: true, price: '0.05' },
    { name: 'Platform fee', unit: 'period', price: '99.00', qboItemName: 'Platform fee' },
  ],
  businessHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
  effectiveFrom: '2026-10-01',
};

const label = '10/01/2026–10/31/2026';
// The hand calculation (company timezone America/Los_Angeles, PDT = UTC−7 in October):
// voice Tue 13th 10:00, 430 s: business, 60/60 → 480 s; Wed 14th 09:00, 61 s → 120 s: 600 s = 10 min × 0.10 = 1.00
// voice Tue 13th 20:15, 430 s: after hours, 30/6 → 432 s; Sat 17th 11:00, 20 s → 30 s: 462 s = 7.7 min × 0.15 = 1.155 → 1.16
// per-call fee: 4 calls × 0.05 = 0.20; chats: 3 × 0.50 = 1.50; the e-mail is in no charge; platform fee 99.00.
const expectedLines: Line[] = [
  { description: `Chats, ${label}`, quantity: '3', unitPrice: '0.5000', amount: '1.50' },
  { description: `Voice, after hours, ${label}`, quantity: '7.7000', unitPrice: '0.1500', amount: '1.16' },
  { description: `Voice, ${label}`, quantity: '10.0000', unitPrice: '0.1000', amount: '1.00' },
  { description: `Per-call fee, ${label}`, quantity: '4', unitPrice: '0.0500', amount: '0.20' },
  { description: `Platform fee, ${label}`, quantity: '1', unitPrice: '99.0000', amount: '99.00' },
];

describe('billing a rate plan', () => {
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

  const customerOf = (job: { customers: Array<Record<string, unknown>> }, profileId: string) =>
    (job.customers as JobCustomer[]).find((customer) => customer.profileId === profileId)!;
  const shown = (lines: Line[]) =>
    lines.map(({ description, quantity, unitPrice, amount }) => ({ description, quantity, unitPrice, amount }));

  it('dry run and real run bill the hand-calculated lines, a late chat once more, and quotes price any plan without billing', async () => {
    const { db } = test.server.services;
    await db.genesysQueue.create({ data: { id: 'cc-q', name: 'Contact Centre Queue' } });
    const profile = await createProfile(db, {
      name: 'Contact Centre Co',
      queues: ['Contact Centre Queue'],
      rate: '1.00',
      billingStartDate: '2026-10-01',
    });
    // A profile on the spec's fields beside it, on its own queue with a chat too: billed as before (voice only).
    await db.genesysQueue.create({ data: { id: 'plain-q', name: 'Plain Queue' } });
    const plain = await createProfile(db, {
      name: 'Plain Co',
      queues: ['Plain Queue'],
      rate: '0.05',
      minimum: 100,
      overage: '0.08',
      billingStartDate: '2026-10-01',
    });
    const saved = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, { ratePlan: plan });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await insertCalls(db, [
      { queueId: 'cc-q', start: '2026-10-13T17:00:00Z', seconds: 430 },
      { queueId: 'cc-q', start: '2026-10-14T16:00:00Z', seconds: 61 },
      { queueId: 'cc-q', start: '2026-10-14T03:15:00Z', seconds: 430 },
      { queueId: 'cc-q', start: '2026-10-17T18:00:00Z', seconds: 20 },
      { queueId: 'cc-q', start: '2026-10-13T17:05:00Z', seconds: 300, mediaType: 'chat' },
      { queueId: 'cc-q', start: '2026-10-14T06:00:00Z', seconds: 300, mediaType: 'chat' },
      { queueId: 'cc-q', start: '2026-10-18T17:00:00Z', seconds: 300, mediaType: 'chat' },
      { queueId: 'cc-q', start: '2026-10-15T17:00:00Z', seconds: 900, mediaType: 'email' },
      // Plain Co: 125 min of voice (the company's 60 s increment) → minimum 100 × 0.05 = 5.00, overage 25 × 0.08 = 2.00; its chat bills nothing.
      { queueId: 'plain-q', start: '2026-10-05T17:00:00Z', seconds: 7500 },
      { queueId: 'plain-q', start: '2026-10-06T17:00:00Z', seconds: 600, mediaType: 'chat' },
    ]);
    const queues = ['Contact Centre Queue', 'Plain Queue'];

    const dry = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          isDryRun: true,
          selectedQueues: queues,
        })
      ).id,
    );
    expect(shown(customerOf(dry, profile.id).lines)).toEqual(expectedLines);
    expect(customerOf(dry, profile.id).amount).toBe(102.86);
    expect(sim.simulator.invoices()).toHaveLength(0);

    const real = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: queues,
        })
      ).id,
    );
    expect(customerOf(real, profile.id)).toMatchObject({ status: 'INVOICED', amount: 102.86 });
    expect(shown(customerOf(real, profile.id).lines)).toEqual(expectedLines);
    expect(shown(customerOf(real, plain.id).lines)).toEqual([
      { description: `Minimum commitment, ${label}`, quantity: '100.0000', unitPrice: '0.0500', amount: '5.00' },
      { description: `Overage, ${label}`, quantity: '25.0000', unitPrice: '0.0800', amount: '2.00' },
    ]);
    type SentLine = {
      DetailType: string;
      Description?: string;
      Amount: number;
      SalesItemLineDetail?: { Qty?: number; UnitPrice?: number; ItemRef?: { value: string; name?: string } };
    };
    const sentLines = (invoice: { Line: unknown[] }) =>
      (invoice.Line as SentLine[]).filter((line) => line.DetailType === 'SalesItemLineDetail');
    const invoice = sim.simulator
      .invoices()
      .find((candidate) => sentLines(candidate).some((line) => line.Description === `Platform fee, ${label}`))!;
    expect(
      sentLines(invoice).map((line) => [
        line.Description,
        line.SalesItemLineDetail?.Qty,
        line.SalesItemLineDetail?.UnitPrice,
        line.Amount,
      ]),
    ).toEqual(
      expectedLines.map((line) => [
        line.description,
        Number(line.quantity),
        Number(line.unitPrice),
        Number(line.amount),
      ]),
    );
    // The platform fee names its own QuickBooks item (created there, as it was missing); the other lines bill the app's usage item.
    const itemOf = (description: string) =>
      sentLines(invoice).find((line) => line.Description === description)!.SalesItemLineDetail!.ItemRef!;
    expect(itemOf(`Platform fee, ${label}`).name).toBe('Platform fee');
    expect(itemOf(`Chats, ${label}`).name).toBe('Phone usage');
    expect(itemOf(`Platform fee, ${label}`).value).not.toBe(itemOf(`Chats, ${label}`).value);

    // Run again: every interaction is on its invoice already.
    const again = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: ['Contact Centre Queue'],
        })
      ).id,
    );
    expect(customerOf(again, profile.id).status).toBe('SKIPPED');

    // A chat that reaches us late, and a late after-hours call of 100 s (→ 102 s at 30/6 = 1.7 min × 0.15 = 0.255 → 0.26, plus its fee).
    await insertCalls(db, [
      { queueId: 'cc-q', start: '2026-10-20T17:00:00Z', seconds: 60, mediaType: 'chat' },
      { queueId: 'cc-q', start: '2026-10-21T04:00:00Z', seconds: 100 },
    ]);
    const late = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: ['Contact Centre Queue'],
        })
      ).id,
    );
    const lateLabel = `late usage, ${label}`;
    // Voice after hours before: 462 s → 1.16; after: 564 s = 9.4 min × 0.15 = 1.41; the difference 0.25 is not 1.7 × 0.15 to the cent: one unit.
    expect(shown(customerOf(late, profile.id).lines)).toEqual([
      { description: `Chats, ${lateLabel}`, quantity: '1', unitPrice: '0.5000', amount: '0.50' },
      { description: `Voice, after hours, ${lateLabel}`, quantity: '1', unitPrice: '0.25', amount: '0.25' },
      { description: `Per-call fee, ${lateLabel}`, quantity: '1', unitPrice: '0.0500', amount: '0.05' },
    ]);
    expect(customerOf(late, profile.id).amount).toBe(0.8);
    // October's invoices add up to what the plan prices for all its interactions: 102.86 + 0.80.
    const ledger = await db.invoiceLedgerEntry.findMany({ where: { profileId: profile.id, kind: 'INVOICE' } });
    expect(ledger.reduce((sum, entry) => sum + Number(entry.amount), 0)).toBeCloseTo(103.66, 2);

    // A quote of the profile's plan over October prices all its interactions: what was invoiced.
    // Chats 4 × 0.50 = 2.00; after hours 564 s = 9.4 min × 0.15 = 1.41; voice 1.00; fee 5 × 0.05 = 0.25; platform 99.00.
    const ledgerCount = await db.invoiceLedgerEntry.count();
    const own = await admin.post('/api/v1/billing/quote', {
      customerProfileId: profile.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toMatchObject({
      amount: '103.66',
      periods: [{ start: '2026-10-01', end: '2026-10-31', amount: '103.66', invoiced: '103.66', notInPlan: 1 }],
    });
    // A proposed plan: every voice minute at 0.20 (60/60), nothing else. Calls 480 + 120 + 480 + 60 + 120 s = 21 min = 4.20;
    // the 4 chats and the e-mail are in no charge.
    const proposed = await admin.post('/api/v1/billing/quote', {
      customerProfileId: profile.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      ratePlan: { charges: [{ name: 'All voice', media: ['voice'], unit: 'minute', price: '0.20' }] },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(proposed.body.data).toEqual({
      amount: '4.20',
      periods: [
        {
          start: '2026-10-01',
          end: '2026-10-31',
          lines: [{ description: `All voice, ${label}`, quantity: '21.0000', unitPrice: '0.2000', amount: '4.20' }],
          amount: '4.20',
          notInPlan: 5,
          invoiced: '103.66',
        },
      ],
    });
    // The spec's fields quote today's lines.
    const plainQuote = await admin.post('/api/v1/billing/quote', {
      customerProfileId: plain.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(plainQuote.body.data).toMatchObject({
      amount: '7.00',
      periods: [
        {
          amount: '7.00',
          invoiced: '7.00',
          lines: [{ description: `Minimum commitment, ${label}` }, { description: `Overage, ${label}` }],
        },
      ],
    });
    // Quotes bill nothing; bad input is a 400 naming the field.
    expect(await db.invoiceLedgerEntry.count()).toBe(ledgerCount);
    const future = await admin.post('/api/v1/billing/quote', {
      customerProfileId: profile.id,
      startDate: '2026-10-01',
      endDate: '2099-10-31',
    });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([expect.objectContaining({ path: 'endDate' })]);
    const badPlan = await admin.post('/api/v1/billing/quote', {
      customerProfileId: profile.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      ratePlan: { charges: [{ name: 'X', media: ['fax'], unit: 'minute', price: '1' }] },
    });
    expect(badPlan.status).toBe(400);
    expect(JSON.stringify(badPlan.body.errors)).toContain('ratePlan.charges.0.media.0');
  });
});
