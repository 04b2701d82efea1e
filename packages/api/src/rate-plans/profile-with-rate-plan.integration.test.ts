import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalls, runJob, startBillingServer, startQboSimulator, waitForJob } from '../../../../test/billing-kit';
import type { RestClient } from '../../../../test/rest-client';
import type { TestServer } from '../../../../test/server';

// spec/API.md "Rate plans": POST/PUT /customer-profiles carry `ratePlan` (the rate-plan endpoint's
// schema: a bad plan is a 400 naming the field, and nothing is saved, the profile included), and
// every profile answered (create, update, the list) carries the plan in force; a profile on the
// spec's fields shows the plan they mean, and sending it back unchanged keeps it on its fields.

type Issue = { path: string; msg: string };
type Profile = {
  id: string;
  version: number;
  ratePerMinute: string;
  ratePlan: {
    source: string;
    effectiveFrom: string | null;
    minimumCharge: string;
    charges: Array<{ name: string; unit: string; price?: string }>;
  };
};

const plan = {
  charges: [
    { name: 'Chats', media: ['chat'], unit: 'interaction', price: '0.50' },
    { name: 'Voice', media: ['voice'], unit: 'minute', firstIncrementSeconds: 30, incrementSeconds: 6, price: '0.10' },
    { name: 'Platform fee', unit: 'period', price: '99.00' },
  ],
  minimumCharge: '150.00',
  effectiveFrom: '2026-10-01',
};

describe('a profile and its rate plan in one request (REST)', () => {
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

  const body = (name: string, extra: Record<string, unknown> = {}) => ({
    qboDisplayName: name,
    genesysQueueNames: [`${name} Queue`],
    ratePerMinute: '0.05',
    billingStartDate: '2026-10-01',
    ...extra,
  });
  const listed = async (name: string) =>
    ((await admin.get(`/api/v1/customer-profiles?search=${encodeURIComponent(name)}`)).body.data as Profile[])[0]!;

  it('creates a profile with its plan, answers it in the list and on the rate-plan path, and audits it', async () => {
    const created = await admin.post('/api/v1/customer-profiles', body('Plan At Birth', { ratePlan: plan }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const profile = created.body.data as Profile;
    expect(profile.ratePlan).toMatchObject({ source: 'plan', effectiveFrom: '2026-10-01', minimumCharge: '150.00' });
    expect(profile.ratePlan.charges.map((charge) => [charge.name, charge.unit, charge.price])).toEqual([
      ['Chats', 'interaction', '0.50'],
      ['Voice', 'minute', '0.10'],
      ['Platform fee', 'period', '99.00'],
    ]);
    expect((await listed('Plan At Birth')).ratePlan).toEqual(profile.ratePlan);
    expect((await admin.get(`/api/v1/customer-profiles/${profile.id}/rate-plan`)).body.data).toEqual(profile.ratePlan);
    const audit = await test.server.services.db.auditLog.findMany({
      where: { action: 'customer-profile.rate-plan', target: profile.id },
    });
    expect(audit).toHaveLength(1);
  });

  it("answers the fields' plan for a profile without one, and keeps it on its fields when that plan is sent back", async () => {
    const created = await admin.post(
      '/api/v1/customer-profiles',
      body('Fields Kept', { minimumMinutes: 100, overageRatePerMinute: '0.08' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const profile = created.body.data as Profile;
    expect(profile.ratePlan).toMatchObject({
      source: 'profileFields',
      effectiveFrom: null,
      minimumCharge: '5.00',
      charges: [{ name: 'Phone usage', unit: 'minute' }],
    });
    expect((await listed('Fields Kept')).ratePlan).toEqual(profile.ratePlan);
    // A client that reads the profile and sends it back as it was changes nothing about billing.
    const { id, ratePlan, ...rest } = profile;
    const back = await admin.put(`/api/v1/customer-profiles/${id}`, { ...pick(rest), ratePlan });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((back.body.data as Profile).ratePlan).toEqual(profile.ratePlan);
    expect(await test.server.services.db.ratePlan.count({ where: { profileId: id } })).toBe(0);
  });

  it('refuses a bad plan with a 400 naming each field, creating or changing nothing', async () => {
    const { db } = test.server.services;
    const before = await db.customerProfile.count();
    const bad = {
      charges: [
        { name: 'Voice', media: ['voice', 'fax'], unit: 'minute', price: '-0.10', firstIncrementSeconds: 0 },
        {
          name: 'Tiers',
          media: ['chat'],
          unit: 'interaction',
          tiers: [
            { upTo: 10, price: '1' },
            { upTo: 5, price: '1' },
            { upTo: null, price: '1' },
          ],
        },
      ],
      businessHours: { days: [1], from: '18:00', to: '09:00' },
    };
    const refused = await admin.post('/api/v1/customer-profiles', body('Never Made', { ratePlan: bad }));
    expect(refused.status).toBe(400);
    const paths = (refused.body.errors as Issue[]).map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'ratePlan.charges.0.media.1',
        'ratePlan.charges.0.price',
        'ratePlan.charges.0.firstIncrementSeconds',
        'ratePlan.charges.1.tiers',
        'ratePlan.businessHours.to',
      ]),
    );
    expect(JSON.stringify(refused.body.errors)).toContain(
      'Media type must be one of voice, callback, chat, email, message',
    );
    // Not a period start: refused before the profile is written.
    const midMonth = await admin.post(
      '/api/v1/customer-profiles',
      body('Never Made Either', { ratePlan: { ...plan, effectiveFrom: '2026-10-15' } }),
    );
    expect(midMonth.status).toBe(400);
    expect(midMonth.body.errors).toEqual([
      {
        path: 'ratePlan.effectiveFrom',
        msg: 'Effective from must be the first day of a billing period (the period holding it starts 10/01/2026)',
      },
    ]);
    expect(await db.customerProfile.count()).toBe(before);

    // On an update the fields stay as they were too.
    const profile = (await admin.post('/api/v1/customer-profiles', body('Update Refused'))).body.data as Profile;
    const { id, ratePlan: _plan, ...rest } = profile;
    const update = await admin.put(`/api/v1/customer-profiles/${id}`, {
      ...pick(rest),
      ratePerMinute: '0.07',
      ratePlan: {
        charges: Array.from({ length: 51 }, (_, index) => ({
          name: `C${index}`,
          media: ['voice'],
          unit: 'minute',
          price: '1',
        })),
      },
    });
    expect(update.status).toBe(400);
    expect(update.body.errors).toEqual([
      expect.objectContaining({ path: 'ratePlan.charges', msg: 'A rate plan cannot have more than 50 charges' }),
    ]);
    expect((await listed('Update Refused')).ratePerMinute).toBe('0.05');
  });

  it('changes the plan with an update, refuses a date in an invoiced period (409 naming the invoice), and null returns to the fields', async () => {
    const { db } = test.server.services;
    await db.genesysQueue.create({ data: { id: 'pwp-q', name: 'Plan Update Co Queue' } });
    const profile = (await admin.post('/api/v1/customer-profiles', body('Plan Update Co', { qboCustomerId: '1' }))).body
      .data as Profile;
    const { id, ratePlan: _plan, ...rest } = profile;
    const withPlan = await admin.put(`/api/v1/customer-profiles/${id}`, { ...pick(rest), ratePlan: plan });
    expect(withPlan.status, JSON.stringify(withPlan.body)).toBe(200);
    expect((withPlan.body.data as Profile).ratePlan).toMatchObject({ source: 'plan', effectiveFrom: '2026-10-01' });

    // October invoiced under the plan: 2 chats, a 40 s call (30/6 → 42 s = 0.7 min × 0.10 = 0.07) and the fee, topped up to 150.00.
    await insertCalls(db, [
      { queueId: 'pwp-q', start: '2026-10-13T17:00:00Z', seconds: 40 },
      { queueId: 'pwp-q', start: '2026-10-13T18:00:00Z', seconds: 300, mediaType: 'chat' },
      { queueId: 'pwp-q', start: '2026-10-14T18:00:00Z', seconds: 300, mediaType: 'chat' },
    ]);
    const job = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: ['Plan Update Co Queue'],
        })
      ).id,
    );
    const customer = (job.customers as Array<{ profileId: string; status: string; amount: number }>).find(
      (entry) => entry.profileId === id,
    )!;
    expect(customer).toMatchObject({ status: 'INVOICED', amount: 150 });
    const docNumber = sim.simulator.invoices()[0]!.DocNumber;

    // Sending the profile back as read (its plan dated October, now invoiced) is still fine: nothing changed.
    const current = await listed('Plan Update Co');
    const { id: _id, ratePlan, ...fields } = current;
    const roundTrip = await admin.put(`/api/v1/customer-profiles/${id}`, { ...pick(fields), ratePlan });
    expect(roundTrip.status, JSON.stringify(roundTrip.body)).toBe(200);

    const fieldsNow = async () => pick(await listed('Plan Update Co'));
    const inInvoiced = await admin.put(`/api/v1/customer-profiles/${id}`, {
      ...(await fieldsNow()),
      notes: 'not saved',
      ratePlan: { ...plan, minimumCharge: '0' },
    });
    expect(inInvoiced.status).toBe(409);
    expect(inInvoiced.body.message).toBe(
      `Effective from 10/01/2026 falls in an invoiced period: 10/01/2026–10/31/2026 is billed by invoice ${docNumber}; choose 11/01/2026 or later`,
    );
    expect(await listed('Plan Update Co')).toMatchObject({ notes: null, ratePlan: { minimumCharge: '150.00' } });

    const november = await admin.put(`/api/v1/customer-profiles/${id}`, {
      ...(await fieldsNow()),
      ratePlan: { ...plan, minimumCharge: '0', effectiveFrom: null },
    });
    expect(november.status, JSON.stringify(november.body)).toBe(200);
    expect((november.body.data as Profile).ratePlan).toMatchObject({
      source: 'plan',
      effectiveFrom: '2026-11-01',
      minimumCharge: '0',
    });

    const backToFields = await admin.put(`/api/v1/customer-profiles/${id}`, { ...(await fieldsNow()), ratePlan: null });
    expect(backToFields.status, JSON.stringify(backToFields.body)).toBe(200);
    expect((backToFields.body.data as Profile).ratePlan).toMatchObject({
      source: 'profileFields',
      effectiveFrom: '2026-11-01',
      charges: [{ name: 'Phone usage' }],
    });
  });
});

/** The writable fields of a profile as the API answered it (what a client sends back with PUT). */
function pick(profile: Record<string, unknown>): Record<string, unknown> {
  const writable = [
    'qboDisplayName',
    'qboCustomerId',
    'genesysQueueNames',
    'isActive',
    'ratePerMinute',
    'overageRatePerMinute',
    'minimumMinutes',
    'billDate',
    'billTime',
    'billingPeriodStart',
    'billingPeriodEnd',
    'billingStartDate',
    'notes',
    'version',
  ];
  return Object.fromEntries(Object.entries(profile).filter(([key, value]) => writable.includes(key) && value !== null));
}
