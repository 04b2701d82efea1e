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

// DESIGN.md §4 "Rate plans": a plan on each profile, validated with messages naming the field, kept
// as versions from a period start, audited; an effective date in an invoiced period is a 409 naming
// the invoice. A profile with no plan answers the plan its three fields mean.

type Issue = { path: string; msg: string };

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
    { name: 'Voice', media: ['voice'], unit: 'minute', price: '0.10' },
    { name: 'Per-call fee', media: ['voice'], unit: 'interaction', additional: true, price: '0.05' },
    { name: 'Platform fee', unit: 'period', price: '99.00' },
  ],
  businessHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
};

describe('rate plans on a profile (REST)', () => {
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

  it("answers the plan the spec's fields mean for a profile without one", async () => {
    const { db } = test.server.services;
    const profile = await createProfile(db, {
      name: 'Fields Only',
      queues: ['Fields Queue'],
      rate: '0.05',
      minimum: 100,
      overage: '0.08',
      billingStartDate: '2026-10-01',
    });
    const answer = await admin.get(`/api/v1/customer-profiles/${profile.id}/rate-plan`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      source: 'profileFields',
      effectiveFrom: null,
      minimumCharge: '5.00',
      charges: [
        {
          name: 'Phone usage',
          media: ['voice'],
          unit: 'minute',
          firstIncrementSeconds: 60,
          incrementSeconds: 60,
          tiers: [
            { upTo: 100, price: '0.0500' },
            { upTo: null, price: '0.0800' },
          ],
        },
      ],
    });
  });

  it('refuses a bad plan with a 400 naming each field, and saves nothing', async () => {
    const { db } = test.server.services;
    const profile = await createProfile(db, {
      name: 'Bad Plan',
      queues: ['Bad Plan Queue'],
      rate: '0.05',
      billingStartDate: '2026-10-01',
    });
    const bad = {
      ratePlan: {
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
      },
    };
    const refused = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, bad);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    const paths = (refused.body as { errors: Issue[] }).errors.map((issue) => `${issue.path}: ${issue.msg}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ratePlan\.charges\.0\.media\.1: Media type must be one of voice, callback, chat, email, message/,
        ),
        expect.stringMatching(/^ratePlan\.charges\.0\.price: Price must be zero or greater/),
        expect.stringMatching(
          /^ratePlan\.charges\.0\.firstIncrementSeconds: First increment must be a whole number of seconds from 1 to 3600/,
        ),
        expect.stringMatching(/^ratePlan\.businessHours\.to: Business hours "to" must be after "from"/),
      ]),
    );
    const tooMany = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, {
      ratePlan: { charges: Array.from({ length: 51 }, () => plan.charges[0]) },
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('A rate plan cannot have more than 50 charges');
    const notPeriodStart = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, {
      ratePlan: { ...plan, effectiveFrom: '2026-11-15' },
    });
    expect(notPeriodStart.status).toBe(400);
    expect(notPeriodStart.body.error).toBe(
      'Effective from must be the first day of a billing period (the period holding it starts 11/01/2026)',
    );
    expect(await db.ratePlan.count({ where: { profileId: profile.id } })).toBe(0);
  });

  it('saves a plan from a period start, audited; an effective date in an invoiced period is a 409 naming the invoice', async () => {
    const { db } = test.server.services;
    await db.genesysQueue.create({ data: { id: 'plan-q', name: 'Plan Queue' } });
    const profile = await createProfile(db, {
      name: 'Contact Centre',
      queues: ['Plan Queue'],
      rate: '0.10',
      billingStartDate: '2026-09-01',
    });
    await insertCalls(db, [{ queueId: 'plan-q', start: '2026-09-10T17:00:00Z', seconds: 600 }]);
    const job = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-09-01',
          billingPeriodEnd: '2026-09-30',
          selectedQueues: ['Plan Queue'],
        })
      ).id,
    );
    expect(job.status).toBe('COMPLETED');
    const docNumber = (await db.invoiceLedgerEntry.findFirstOrThrow({ where: { profileId: profile.id } })).docNumber;

    const inInvoiced = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, {
      ratePlan: { ...plan, effectiveFrom: '2026-09-01' },
    });
    expect(inInvoiced.status).toBe(409);
    expect(inInvoiced.body.error).toBe(
      `Effective from 09/01/2026 falls in an invoiced period: 09/01/2026–09/30/2026 is billed by invoice ${docNumber}; choose 10/01/2026 or later`,
    );

    // Without a date: the first period with no invoice, October.
    const saved = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, { ratePlan: plan });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ source: 'plan', effectiveFrom: '2026-10-01', minimumCharge: '0' });
    const read = await admin.get(`/api/v1/customer-profiles/${profile.id}/rate-plan`);
    expect(
      (read.body.data as { charges: Array<{ name: string; additional: boolean }> }).charges.map((charge) => [
        charge.name,
        charge.additional,
      ]),
    ).toEqual([
      ['Chats', false],
      ['Voice, after hours', false],
      ['Voice', false],
      ['Per-call fee', true],
      ['Platform fee', false],
    ]);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: 'customer-profile.rate-plan', target: profile.id },
    });
    expect(audit.actorEmail).toBe('admin@example.com');
    const change = audit.details as {
      effectiveFrom: string;
      changes: Array<{ field: string; from: { source: string }; to: { source: string } }>;
    };
    expect(change.effectiveFrom).toBe('2026-10-01');
    expect(change.changes[0]).toMatchObject({
      field: 'ratePlan',
      from: { source: 'profileFields' },
      to: { source: 'plan' },
    });

    // A later version from December keeps October's; back to the fields from January.
    expect(
      (
        await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, {
          ratePlan: { ...plan, minimumCharge: '150', effectiveFrom: '2026-12-01' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, {
          ratePlan: null,
          effectiveFrom: '2027-01-01',
        })
      ).status,
    ).toBe(200);
    const versions = await db.ratePlan.findMany({
      where: { profileId: profile.id },
      orderBy: { effectiveFrom: 'asc' },
    });
    expect(
      versions.map((version) => [
        version.effectiveFrom.toISOString().slice(0, 10),
        (version.plan as { minimumCharge?: string } | null)?.minimumCharge ?? null,
      ]),
    ).toEqual([
      ['2026-10-01', '0'],
      ['2026-12-01', '150'],
      ['2027-01-01', null],
    ]);
    expect((await admin.get(`/api/v1/customer-profiles/${profile.id}/rate-plan`)).body.data).toMatchObject({
      source: 'profileFields',
      effectiveFrom: '2027-01-01',
    });
  });
});
