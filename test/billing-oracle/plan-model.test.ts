// The oracle's plan model, worked by hand from DESIGN.md §4 "Rate plans" (every figure below is
// computed in the comment beside it, not by the code under test).
import { describe, expect, it } from 'vitest';
import {
  chargeCents,
  chargesPricing,
  incrementedSeconds,
  inBusinessHours,
  periodCentsUnderPlan,
  planBills,
  wallClockOf,
  type Plan,
  type PlanCharge,
  type PlanInteraction,
} from './plan-model';

const LA = 'America/Los_Angeles';
const WEEKDAYS_8_TO_6 = { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };

function charge(fields: Partial<PlanCharge>): PlanCharge {
  return {
    name: 'Charge',
    media: ['voice'],
    direction: 'any',
    timeBand: 'any',
    unit: 'minute',
    basis: 'duration',
    firstIncrementSeconds: 60,
    incrementSeconds: 60,
    includedUnits: 0,
    additional: false,
    ...fields,
  };
}

function interaction(fields: Partial<PlanInteraction>): PlanInteraction {
  return {
    mediaType: 'voice',
    direction: 'inbound',
    // Tuesday 2025-03-04, 10:00 in Los Angeles (PST, UTC−8).
    startMs: Date.parse('2025-03-04T18:00:00Z'),
    durationSeconds: 60,
    talkSeconds: 60,
    holdSeconds: 0,
    acwSeconds: 0,
    ...fields,
  };
}

const whole = { days: 31, of: 31 };

describe('increments: rounded up to the first increment, then to the next', () => {
  it('30/6, 60/60, 1/1 and a 0-second interaction', () => {
    expect(incrementedSeconds(0, 30, 6)).toBe(0);
    expect(incrementedSeconds(1, 30, 6)).toBe(30);
    expect(incrementedSeconds(30, 30, 6)).toBe(30);
    expect(incrementedSeconds(31, 30, 6)).toBe(36); // 30 + one 6
    expect(incrementedSeconds(43, 30, 6)).toBe(48); // 30 + 13 → 18
    expect(incrementedSeconds(61, 60, 60)).toBe(120);
    expect(incrementedSeconds(7, 1, 1)).toBe(7);
    expect(incrementedSeconds(61, 60, 6)).toBe(66);
  });
});

describe('time bands: the start on the company wall clock, from <= time < to', () => {
  it('reads the weekday and time in the zone', () => {
    // 2025-03-05T04:15Z is Tuesday 20:15 in Los Angeles and Wednesday 09:45 in Kolkata.
    const ms = Date.parse('2025-03-05T04:15:00Z');
    expect(wallClockOf(ms, LA)).toEqual({ weekday: 2, time: '20:15' });
    expect(wallClockOf(ms, 'Asia/Kolkata')).toEqual({ weekday: 3, time: '09:45' });
    expect(inBusinessHours(WEEKDAYS_8_TO_6, ms, LA)).toBe(false);
    expect(inBusinessHours(WEEKDAYS_8_TO_6, ms, 'Asia/Kolkata')).toBe(true);
    // 18:00 itself is after hours; 08:00 is business.
    expect(inBusinessHours(WEEKDAYS_8_TO_6, Date.parse('2025-03-05T02:00:00Z'), LA)).toBe(false);
    expect(inBusinessHours(WEEKDAYS_8_TO_6, Date.parse('2025-03-04T16:00:00Z'), LA)).toBe(true);
    // Sunday 10:00 is after hours.
    expect(inBusinessHours(WEEKDAYS_8_TO_6, Date.parse('2025-03-09T17:00:00Z'), LA)).toBe(false);
  });
});

describe('which charges price an interaction', () => {
  const plan: Plan = {
    charges: [
      charge({ name: 'Connect fee', unit: 'interaction', additional: true, price: '0.03' }),
      charge({ name: 'Inbound business', direction: 'inbound', timeBand: 'business', price: '0.10' }),
      charge({ name: 'Voice', price: '0.20' }),
      charge({ name: 'Chats', media: ['chat'], unit: 'interaction', price: '0.25' }),
    ],
    minimumCharge: '0',
    businessHours: WEEKDAYS_8_TO_6,
  };

  it('the first matching charge not marked additional, plus every matching additional one', () => {
    expect(chargesPricing(plan, interaction({}), LA)).toEqual([0, 1]);
    expect(chargesPricing(plan, interaction({ direction: 'outbound' }), LA)).toEqual([0, 2]);
    expect(chargesPricing(plan, interaction({ mediaType: 'chat' }), LA)).toEqual([3]);
    expect(chargesPricing(plan, interaction({ mediaType: 'email' }), LA)).toEqual([]);
    expect(planBills(plan, interaction({ mediaType: 'email' }), LA)).toBe(false);
  });

  it('a 0-second interaction bills no minute but still counts for an interaction charge', () => {
    const minutesOnly: Plan = { ...plan, charges: [plan.charges[2]!] };
    expect(planBills(minutesOnly, interaction({ durationSeconds: 0 }), LA)).toBe(false);
    expect(planBills(plan, interaction({ durationSeconds: 0 }), LA)).toBe(true);
    // 0 minutes, one connect fee: 0.03.
    expect(periodCentsUnderPlan(plan, [interaction({ durationSeconds: 0 })], LA, whole)).toEqual(new Set([3n]));
  });

  it("the issue's example: a 7 min 10 s inbound call at 20:15 on a Tuesday costs $0.43", () => {
    const example: Plan = {
      charges: [
        charge({
          name: 'Business',
          direction: 'inbound',
          timeBand: 'business',
          firstIncrementSeconds: 30,
          incrementSeconds: 6,
          price: '0.04',
        }),
        charge({ name: 'After hours', timeBand: 'afterHours', price: '0.05' }),
        charge({ name: 'Connect', unit: 'interaction', additional: true, price: '0.03' }),
      ],
      minimumCharge: '0',
      businessHours: WEEKDAYS_8_TO_6,
    };
    const call = interaction({ startMs: Date.parse('2025-03-05T04:15:00Z'), durationSeconds: 430 });
    // After hours, 60/60: 430 s → 480 s = 8 min × 0.05 = 0.40; connect 0.03; 0.43.
    expect(periodCentsUnderPlan(example, [call], LA, whole)).toEqual(new Set([43n]));
    // The same call at 10:00: business, 30/6: 430 s → 30 + 67 × 6 = 432 s = 7.2 min × 0.04 = 0.288 → 0.29; + 0.03 = 0.32.
    expect(
      periodCentsUnderPlan(example, [{ ...call, startMs: Date.parse('2025-03-04T18:00:00Z') }], LA, whole),
    ).toEqual(new Set([32n]));
  });
});

describe('units and lines', () => {
  it('minutes: billed seconds summed per charge, / 60 to 4 places half-up, then × price half-up to the cent', () => {
    const plan: Plan = {
      charges: [charge({ firstIncrementSeconds: 1, incrementSeconds: 1, price: '1.25' })],
      minimumCharge: '0',
      businessHours: WEEKDAYS_8_TO_6,
    };
    // 7 s = 0.11666… → 0.1167 min × 1.25 = 0.145875 → 0.15.
    expect(periodCentsUnderPlan(plan, [interaction({ durationSeconds: 7 })], LA, whole)).toEqual(new Set([15n]));
    // 7 s + 8 s = 15 s = 0.25 min × 1.25 = 0.3125 → 0.31 (not 0.15 + 0.17 per call).
    expect(
      periodCentsUnderPlan(plan, [interaction({ durationSeconds: 7 }), interaction({ durationSeconds: 8 })], LA, whole),
    ).toEqual(new Set([31n]));
  });

  it('handle time: talk + hold + after-call work', () => {
    const plan: Plan = {
      charges: [charge({ basis: 'handleTime', firstIncrementSeconds: 60, incrementSeconds: 6, price: '0.10' })],
      minimumCharge: '0',
      businessHours: WEEKDAYS_8_TO_6,
    };
    // 100 + 20 + 30 = 150 s → 60 + 15 × 6 = 150 s = 2.5 min × 0.10 = 0.25 (the 200 s duration is not read).
    const call = interaction({ durationSeconds: 200, talkSeconds: 100, holdSeconds: 20, acwSeconds: 30 });
    expect(periodCentsUnderPlan(plan, [call], LA, whole)).toEqual(new Set([25n]));
  });

  it('graduated tiers and included units, under both readings', () => {
    const tiered = charge({
      unit: 'interaction',
      includedUnits: 4,
      tiers: [
        { upTo: 10, price: '1.00' },
        { upTo: null, price: '0.50' },
      ],
    });
    // 12 interactions, 4 included. Tiers over the 8 left: 8 × 1.00 = 8.00. Tiers over all 12 with
    // the first 4 free: units 4..10 at 1.00 (6.00) and 10..12 at 0.50 (1.00) = 7.00.
    expect(chargeCents(tiered, 120_000n)).toEqual(new Set([800n, 700n]));
    // 3 interactions: all included.
    expect(chargeCents(tiered, 30_000n)).toEqual(new Set([0n]));
    // Without included units both readings agree: 12 → 10 × 1.00 + 2 × 0.50 = 11.00.
    expect(chargeCents({ ...tiered, includedUnits: 0 }, 120_000n)).toEqual(new Set([1100n]));
    // A price: 5 minutes included of 7.5 → 2.5 × 0.0333 = 0.08325 → 0.08.
    expect(chargeCents(charge({ includedUnits: 5, price: '0.0333' }), 75_000n)).toEqual(new Set([8n]));
  });
});

describe('a period: charges, period fees and the minimum charge', () => {
  const plan: Plan = {
    charges: [
      charge({ name: 'Voice', price: '0.10' }),
      charge({ name: 'Platform fee', media: [], unit: 'period', price: '9.99' }),
    ],
    minimumCharge: '12.34',
    businessHours: WEEKDAYS_8_TO_6,
  };

  it('tops up to the minimum charge; above it, the lines stand', () => {
    // No usage: fee 9.99 < 12.34 → 12.34.
    expect(periodCentsUnderPlan(plan, [], LA, whole)).toEqual(new Set([1234n]));
    // 30 minutes: 3.00 + 9.99 = 12.99 ≥ 12.34.
    expect(periodCentsUnderPlan(plan, [interaction({ durationSeconds: 1800 })], LA, whole)).toEqual(new Set([1299n]));
  });

  it('prorates the minimum by days in service (to the cent, half-up or up), not the period fee; nothing for a period never in service', () => {
    const noFee: Plan = { ...plan, charges: [plan.charges[0]!] };
    // 12.34 × 3 / 31 = 1.19419… → 1.19 (half-up) or 1.20 (up).
    expect(periodCentsUnderPlan(noFee, [], LA, { days: 3, of: 31 })).toEqual(new Set([119n, 120n]));
    // With the fee: 9.99 above the prorated minimum.
    expect(periodCentsUnderPlan(plan, [], LA, { days: 3, of: 31 })).toEqual(new Set([999n]));
    expect(periodCentsUnderPlan(plan, [], LA, { days: 0, of: 31 })).toEqual(new Set([0n]));
  });
});
