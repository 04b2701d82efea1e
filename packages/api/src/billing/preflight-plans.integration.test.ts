import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { createProfile, runJob, startBillingServer, startQboSimulator, waitForJob } from '../../../../test/billing-kit';
import type { TestServer } from '../../../../test/server';

// The Run dialog's pre-flight (POST /billing/preflight) under rate plans (DESIGN.md §4 "Rate
// plans"): it counts what the run would bill as the run counts it. Interactions a charge of the
// profile's plan prices are counted whatever their media type and direction; those no charge
// prices are not, and are named as "not in its plan". The spec's three fields bill voice calls.

const OCT = { billingPeriodStart: '2026-10-01', billingPeriodEnd: '2026-10-31', isDryRun: true };

const plan = {
  charges: [
    { name: 'Chats', media: ['chat'], unit: 'interaction', price: '0.50' },
    { name: 'E-mails', media: ['email'], unit: 'interaction', price: '0.75' },
    { name: 'Outbound', media: ['voice', 'callback'], direction: 'outbound', unit: 'minute', price: '0.10' },
    { name: 'Platform fee', unit: 'period', price: '99.00' },
  ],
  effectiveFrom: '2026-10-01',
};

type Interaction = { queueId: string; start: string; mediaType: string; direction?: string };
type PreflightCustomer = { customerName: string; interactions: number; notInPlan: number };
type Preflight = { warnings: Array<{ code: string; message: string }>; customers: PreflightCustomer[] };

describe('billing pre-flight under rate plans', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  let seq = 0;

  beforeAll(async () => {
    ({ sim, test, admin } = await startBillingServer());
  });
  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  const insert = (interactions: Interaction[]) =>
    test.server.services.db.callRecord.createMany({
      data: interactions.map((interaction) => {
        const startTime = new Date(interaction.start);
        seq += 1;
        return {
          conversationId: `preflight-plan-${seq}`,
          startTime,
          endTime: new Date(startTime.getTime() + 90_000),
          duration: 90,
          direction: interaction.direction ?? 'inbound',
          mediaType: interaction.mediaType,
          queueId: interaction.queueId,
        };
      }),
    });
  const preflight = async (selectedQueues: string[]) => {
    const answer = await admin.post('/api/v1/billing/preflight', { ...OCT, selectedQueues });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Preflight;
  };
  const counted = (result: Preflight) =>
    result.customers.map(({ customerName, interactions, notInPlan }) => ({ customerName, interactions, notInPlan }));

  it('counts the chats, e-mails, callbacks and outbound calls a plan bills, not what it leaves out', async () => {
    const { db } = test.server.services;
    await db.genesysQueue.createMany({
      data: [
        { id: 'pf-plan', name: 'Preflight Plan Queue' },
        { id: 'pf-fields', name: 'Preflight Fields Queue' },
      ],
    });
    const planned = await createProfile(db, {
      name: 'Plan Co',
      queues: ['Preflight Plan Queue'],
      rate: '0.05',
      billingStartDate: '2026-09-01',
    });
    await createProfile(db, { name: 'Fields Co', queues: ['Preflight Fields Queue'], rate: '0.05' });
    const saved = await admin.put(`/api/v1/customer-profiles/${planned.id}/rate-plan`, { ratePlan: plan });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await insert([
      // Plan Co's October: billed are the outbound call, the outbound callback, 3 chats and the
      // e-mail (6); the 2 inbound calls and 2 messages are in no charge (4).
      { queueId: 'pf-plan', start: '2026-10-05T17:00:00Z', mediaType: 'voice', direction: 'outbound' },
      { queueId: 'pf-plan', start: '2026-10-05T18:00:00Z', mediaType: 'callback', direction: 'outbound' },
      { queueId: 'pf-plan', start: '2026-10-06T17:00:00Z', mediaType: 'chat' },
      { queueId: 'pf-plan', start: '2026-10-07T17:00:00Z', mediaType: 'chat' },
      { queueId: 'pf-plan', start: '2026-10-08T17:00:00Z', mediaType: 'chat' },
      { queueId: 'pf-plan', start: '2026-10-09T17:00:00Z', mediaType: 'email' },
      { queueId: 'pf-plan', start: '2026-10-10T17:00:00Z', mediaType: 'voice' },
      { queueId: 'pf-plan', start: '2026-10-11T17:00:00Z', mediaType: 'voice' },
      { queueId: 'pf-plan', start: '2026-10-12T17:00:00Z', mediaType: 'message' },
      { queueId: 'pf-plan', start: '2026-10-13T17:00:00Z', mediaType: 'message' },
      // September is not in the range.
      { queueId: 'pf-plan', start: '2026-09-15T17:00:00Z', mediaType: 'chat' },
      // Fields Co bills its 2 voice calls (one outbound); its chat is in no charge.
      { queueId: 'pf-fields', start: '2026-10-05T17:00:00Z', mediaType: 'voice' },
      { queueId: 'pf-fields', start: '2026-10-06T17:00:00Z', mediaType: 'voice', direction: 'outbound' },
      { queueId: 'pf-fields', start: '2026-10-07T17:00:00Z', mediaType: 'chat' },
    ]);

    const queues = ['Preflight Plan Queue', 'Preflight Fields Queue'];
    const before = await preflight(queues);
    expect(counted(before)).toEqual([
      { customerName: 'Fields Co', interactions: 2, notInPlan: 1 },
      { customerName: 'Plan Co', interactions: 6, notInPlan: 4 },
    ]);
    expect(before.warnings.filter((warning) => warning.code === 'NOT_IN_PLAN')).toEqual([
      {
        code: 'NOT_IN_PLAN',
        customerProfileId: expect.any(String),
        message: 'Fields Co: 1 interaction in these days is not in its plan and will not be billed.',
      },
      {
        code: 'NOT_IN_PLAN',
        customerProfileId: planned.id,
        message: 'Plan Co: 4 interactions in these days are not in its plan and will not be billed.',
      },
    ]);

    // The dry run bills what the pre-flight counted: 3 chats, 1 e-mail, the two outbound minutes' worth, the fee.
    const dry = await waitForJob(test, admin, (await runJob(admin, { ...OCT, selectedQueues: queues })).id);
    const dryPlan = (
      dry.customers as Array<{ profileId: string; lines: Array<{ description: string; quantity: string }> }>
    ).find((customer) => customer.profileId === planned.id)!;
    expect(dryPlan.lines.map((line) => [line.description.split(',')[0], line.quantity])).toEqual([
      ['Chats', '3'],
      ['E-mails', '1'],
      ['Outbound', '4.0000'],
      ['Platform fee', '1'],
    ]);

    // Once October is invoiced nothing is left to bill; a chat that arrives late is.
    const real = await waitForJob(
      test,
      admin,
      (await runJob(admin, { ...OCT, isDryRun: false, selectedQueues: ['Preflight Plan Queue'] })).id,
    );
    expect(real.status).toBe('COMPLETED');
    expect(counted(await preflight(['Preflight Plan Queue']))).toEqual([
      { customerName: 'Plan Co', interactions: 0, notInPlan: 0 },
    ]);
    await insert([
      { queueId: 'pf-plan', start: '2026-10-20T17:00:00Z', mediaType: 'chat' },
      { queueId: 'pf-plan', start: '2026-10-21T17:00:00Z', mediaType: 'message' },
    ]);
    expect(counted(await preflight(['Preflight Plan Queue']))).toEqual([
      { customerName: 'Plan Co', interactions: 1, notInPlan: 1 },
    ]);
  });

  it("says a period cut by the range still bills the plan's period fee, or its minimum charge, in full", async () => {
    const { db } = test.server.services;
    await db.genesysQueue.createMany({
      data: [
        { id: 'pf-fee', name: 'Preflight Fee Queue' },
        { id: 'pf-min', name: 'Preflight Minimum Queue' },
      ],
    });
    // Neither has a minimum in the spec's fields: only their plans say what a period owes.
    const fee = await createProfile(db, { name: 'Fee Co', queues: ['Preflight Fee Queue'], rate: '0.05' });
    const minimum = await createProfile(db, { name: 'Minimum Co', queues: ['Preflight Minimum Queue'], rate: '0.05' });
    const chats = { name: 'Chats', media: ['chat'], unit: 'interaction', price: '0.50' };
    for (const [profile, ratePlan] of [
      [fee, { charges: [chats, { name: 'Platform fee', unit: 'period', price: '99.00' }] }],
      [minimum, { charges: [chats], minimumCharge: '250.00' }],
    ] as const) {
      await db.customerProfile.update({
        where: { id: profile.id },
        data: { billingPeriodStart: 16, billingPeriodEnd: 15 },
      });
      const saved = await admin.put(`/api/v1/customer-profiles/${profile.id}/rate-plan`, {
        ratePlan: { ...ratePlan, effectiveFrom: '2026-09-16' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const result = await preflight(['Preflight Fee Queue', 'Preflight Minimum Queue']);
    expect(
      result.warnings.filter((warning) => warning.code === 'PERIOD_CUT').map((warning) => warning.message),
    ).toEqual([
      'Fee Co is billed 16th–15th: this range touches two of its periods and bills its period fee for each.',
      'Minimum Co is billed 16th–15th: this range touches two of its periods and bills a minimum for each.',
    ]);
  });
});
