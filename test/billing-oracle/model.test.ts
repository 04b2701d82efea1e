// The oracle's model on small worlds worked out by hand (DESIGN.md §4).
import { describe, expect, it } from 'vitest';
import { startOfDay } from './calendar';
import { BillingModel } from './model';
import { periodKey, type ModelCall } from './model-types';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const TERMS = { ratePerMinute: '0.10', minimumMinutes: 100, overageRatePerMinute: '0.08' };

function world(options: { billingStart?: string; rule?: { start: number; end: number }; zone?: string } = {}) {
  const model = new BillingModel(options.zone ?? LA, 60);
  model.addProfile(
    {
      id: 'p1',
      name: 'Acme',
      qboCustomerId: '1',
      terms: TERMS,
      rule: options.rule ?? { start: 1, end: 31 },
      billingStart: options.billingStart ?? '2025-03-01',
      billDate: 1,
      billTime: '02:00',
      queues: new Set(['Sales']),
    },
    at('2025-03-01T12:00:00Z'),
  );
  return model;
}

let sequence = 0;
function call(model: BillingModel, startIso: string, durationSeconds: number, arrivedIso = startIso): ModelCall {
  sequence += 1;
  const created: ModelCall = {
    conversationId: `c${sequence}`,
    queue: 'Sales',
    startMs: at(startIso),
    durationSeconds,
    mediaType: 'voice',
    direction: 'inbound',
    talkSeconds: durationSeconds,
    holdSeconds: 0,
    acwSeconds: 0,
    arrivedMs: at(arrivedIso),
  };
  model.addCall(created);
  return created;
}

describe('oracle model', () => {
  it('puts each call in its period by the company zone', () => {
    const model = world();
    const march = model.periodAt('p1', at('2025-03-10T12:00:00Z'));
    expect(march.label).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(new Date(march.endMs).toISOString()).toBe('2025-04-01T07:00:00.000Z');
    // 23:30 PDT on March 31 is 06:30 UTC on April 1: still March.
    expect(model.periodAt('p1', at('2025-04-01T06:30:00Z')).label.start).toBe('2025-03-01');
  });

  it('owes amount(U) of the billed calls, the minimum even without calls', () => {
    const model = world();
    const march = model.periodAt('p1', at('2025-03-10T12:00:00Z'));
    const calls = [call(model, '2025-03-02T18:00:00Z', 70 * 60), call(model, '2025-03-03T18:00:00Z', 59 * 60 + 1)];
    // 70 + 60 billed minutes = 130: 10.00 + 30 × 0.08.
    expect([...model.owedCents(march, calls, [TERMS])]).toEqual([1240n]);
    expect([...model.owedCents(march, [], [TERMS])]).toEqual([1000n]);
  });

  it('prorates the minimum of a period cut by the billing start', () => {
    const model = world({ billingStart: '2025-03-16' });
    const march = model.periodAt('p1', at('2025-03-20T12:00:00Z'));
    expect(model.daysInService(march)).toEqual({ fewest: 16, most: 16 });
    expect([...model.owedCents(march, [], [TERMS])]).toEqual([520n]); // 52 of 100 minutes, 16 of 31 days
  });

  it('owes nothing for a period in which the profile was inactive throughout', () => {
    const model = world();
    model.setActive('p1', false, startOfDay('2025-03-20', LA));
    model.setActive('p1', true, startOfDay('2025-05-10', LA));
    const april = model.periodAt('p1', at('2025-04-10T12:00:00Z'));
    expect(model.daysInService(april)).toEqual({ fewest: 0, most: 0 });
    expect([...model.owedCents(april, [], [TERMS])]).toEqual([0n]);
    // May: in service from the 10th, 22 of 31 days; March: 19 days.
    expect(model.daysInService(model.periodAt('p1', at('2025-05-20T12:00:00Z')))).toEqual({ fewest: 22, most: 22 });
    expect(model.daysInService(model.periodAt('p1', at('2025-03-05T12:00:00Z')))).toEqual({ fewest: 19, most: 19 });
  });

  it('starts the first period after a timezone change where the last billed one ended', () => {
    const model = world({ zone: NY });
    const september = model.periodAt('p1', at('2025-09-10T12:00:00Z'));
    model.zone = LA;
    model.changePeriods('p1', { zone: LA }, september.endMs);
    // 01:00 EDT on October 1 (22:00 PDT on September 30) belongs to October, which starts where September ended.
    const october = model.periodAt('p1', at('2025-10-01T05:00:00Z'));
    expect(october.label).toEqual({ start: '2025-10-01', end: '2025-10-31' });
    expect(new Date(october.startMs).toISOString()).toBe('2025-10-01T04:00:00.000Z');
    expect(new Date(october.endMs).toISOString()).toBe('2025-11-01T07:00:00.000Z');
    expect(model.periodAt('p1', at('2025-09-30T12:00:00Z')).label.start).toBe('2025-09-01');
    expect(model.periodNaming('p1', '2025-10-01')?.startMs).toBe(october.startMs);
  });

  it('asks a scheduled run for ended periods, late calls inside the window and released calls at any age', () => {
    const model = world();
    const runMs = at('2025-06-01T09:00:00Z'); // June 1, 02:00 PDT
    const mayCall = call(model, '2025-05-20T18:00:00Z', 120);
    const juneCall = call(model, '2025-06-01T08:00:00Z', 60); // 01:00 PDT on June 1: June has not ended
    const lateInWindow = call(model, '2025-04-28T18:00:00Z', 60, '2025-05-30T18:00:00Z');
    const lateBeyond = call(model, '2025-04-10T18:00:00Z', 60, '2025-05-30T18:00:00Z');
    const released = call(model, '2025-03-10T18:00:00Z', 60);
    const notYetReported = call(model, '2025-05-21T18:00:00Z', 60, '2025-06-02T18:00:00Z');
    const aprilBilled = at('2025-05-01T09:30:00Z');
    const due = model.callsDueAt(
      'p1',
      { dueMs: runMs, runMs },
      {
        firstBilledMs: (period) => (period.label.start < '2025-05-01' ? aprilBilled : null),
        released: new Set([released.conversationId]),
      },
    );
    const ids = due.map((one) => one.conversationId);
    expect(ids).toEqual(
      expect.arrayContaining([mayCall.conversationId, lateInWindow.conversationId, released.conversationId]),
    );
    expect(ids).not.toContain(juneCall.conversationId);
    expect(ids).not.toContain(lateBeyond.conversationId);
    expect(ids).not.toContain(notYetReported.conversationId);
  });

  it('bills only calls of queues the profile held throughout', () => {
    const model = world();
    const before = call(model, '2025-03-05T18:00:00Z', 60);
    model.moveQueue('Sales', null, at('2025-03-10T12:00:00Z'));
    const due = model.callsDueAt(
      'p1',
      { dueMs: at('2025-04-01T09:00:00Z'), runMs: at('2025-04-01T09:00:00Z') },
      { firstBilledMs: () => null, released: new Set() },
    );
    expect(due.map((one) => one.conversationId)).not.toContain(before.conversationId);
  });

  it('keys periods by profile and start instant', () => {
    const model = world();
    expect(periodKey(model.periodAt('p1', at('2025-03-10T12:00:00Z')))).toBe(
      `p1@${Date.parse('2025-03-01T08:00:00Z')}`,
    );
  });
});
