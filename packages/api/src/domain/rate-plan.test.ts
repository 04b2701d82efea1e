import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZRatePlanSchema } from '../shared/rate-plan';
import { billedSecondsFor } from './billed-seconds';
import {
  addInteraction,
  chargesFor,
  planFromProfileFields,
  pricePlanPeriod,
  type ChargeUsage,
  type RatedInteraction,
  type RatePlan,
} from './rate-plan';
import { rateUsage } from './rating';
import { chargeForPeriod } from './period-charge';
import { planInService } from './plan-period-charge';

// Expected amounts are worked out by hand in the comments, never by calling the code under test.

const october = { start: '2026-10-01', end: '2026-10-31' };

/** The contract of the issue: chat per interaction, an after-hours voice premium, a per-call fee, a monthly platform fee. */
export const contactCentrePlan: RatePlan = {
  ...ZRatePlanSchema.parse({
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
      {
        name: 'Voice',
        media: ['voice'],
        unit: 'minute',
        firstIncrementSeconds: 60,
        incrementSeconds: 60,
        price: '0.10',
      },
      { name: 'Per-call fee', media: ['voice'], unit: 'interaction', additional: true, price: '0.05' },
      { name: 'Platform fee', unit: 'period', price: '99.00' },
    ],
    minimumCharge: '0',
    businessHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
  }),
  source: 'plan',
};

const interaction = (fields: Partial<RatedInteraction>): RatedInteraction => ({
  mediaType: 'voice',
  direction: 'inbound',
  durationSeconds: 60,
  talkSeconds: null,
  holdSeconds: null,
  acwSeconds: null,
  localDay: 2,
  localTime: '10:00:00',
  ...fields,
});

describe('billedSecondsFor (first and next increments)', () => {
  it.each([
    // [first, next, seconds, billed]
    [30, 6, 0, 0],
    [30, 6, 1, 30],
    [30, 6, 30, 30],
    [30, 6, 31, 36],
    [30, 6, 65, 66],
    [60, 60, 61, 120],
    [6, 6, 7, 12],
    [1, 1, 59.2, 60],
  ])('%i/%i bills %i s as %i s', (first, next, seconds, billed) => {
    expect(billedSecondsFor({ firstIncrementSeconds: first, incrementSeconds: next }, seconds)).toBe(billed);
  });
});

describe('chargesFor', () => {
  it('prices a voice call by the first matching charge plus the additional per-call fee', () => {
    // Tuesday 10:00 is in business hours: "Voice" (index 2), not the after-hours premium; plus the fee (3).
    expect(chargesFor(contactCentrePlan, interaction({}))).toEqual([2, 3]);
    // Tuesday 20:15 is after hours: the premium (1) shadows "Voice"; plus the fee.
    expect(chargesFor(contactCentrePlan, interaction({ localTime: '20:15:00' }))).toEqual([1, 3]);
    // Saturday 10:00 is not a business day.
    expect(chargesFor(contactCentrePlan, interaction({ localDay: 6 }))).toEqual([1, 3]);
    // 18:00 is already after hours (from <= time < to).
    expect(chargesFor(contactCentrePlan, interaction({ localTime: '18:00:00' }))).toEqual([1, 3]);
    expect(chargesFor(contactCentrePlan, interaction({ mediaType: 'chat' }))).toEqual([0]);
    // No charge counts e-mail: not in plan.
    expect(chargesFor(contactCentrePlan, interaction({ mediaType: 'email' }))).toEqual([]);
  });

  it('matches direction and bills handle time when the basis says so', () => {
    const plan: RatePlan = {
      ...contactCentrePlan,
      charges: [
        {
          ...contactCentrePlan.charges[2]!,
          name: 'Outbound',
          direction: 'outbound',
          basis: 'handleTime',
          firstIncrementSeconds: 6,
          incrementSeconds: 6,
        },
      ],
    };
    const usage: ChargeUsage[] = [];
    expect(addInteraction(plan, usage, interaction({ direction: 'inbound' }))).toBe(false);
    // talk 100 + hold 20 + acw 7 = 127 s → 132 s at 6/6.
    expect(
      addInteraction(
        plan,
        usage,
        interaction({ direction: 'outbound', talkSeconds: 100, holdSeconds: 20, acwSeconds: 7 }),
      ),
    ).toBe(true);
    expect(usage[0]).toEqual({ interactions: 1, billedSeconds: 132 });
  });
});

describe('pricePlanPeriod', () => {
  it("bills the contract's lines to the cent", () => {
    // Calls: Tue 10:00 7 min 10 s (430 s → 480 s at 60/60), Wed 09:00 61 s (→ 120 s),
    // Tue 20:15 7 min 10 s (430 s → 432 s at 30/6), Sat 11:00 20 s (→ 30 s); chats: 3; one e-mail (not in plan).
    const usage: ChargeUsage[] = [];
    const calls = [
      interaction({ durationSeconds: 430 }),
      interaction({ localDay: 3, localTime: '09:00:00', durationSeconds: 61 }),
      interaction({ localTime: '20:15:00', durationSeconds: 430 }),
      interaction({ localDay: 6, localTime: '11:00:00', durationSeconds: 20 }),
      interaction({ mediaType: 'chat' }),
      interaction({ mediaType: 'chat', localTime: '23:00:00' }),
      interaction({ mediaType: 'chat', localDay: 7 }),
      interaction({ mediaType: 'email' }),
    ];
    for (const call of calls) addInteraction(contactCentrePlan, usage, call);
    const priced = pricePlanPeriod(contactCentrePlan, usage, october);
    const label = '10/01/2026–10/31/2026';
    expect(
      priced.lines.map(({ description, quantity, unitPrice, amount }) => ({
        description,
        quantity,
        unitPrice,
        amount,
      })),
    ).toEqual([
      { description: `Chats, ${label}`, quantity: '3', unitPrice: '0.5000', amount: '1.50' },
      // 432 + 30 = 462 s = 7.7000 min × 0.15 = 1.155 → 1.16
      { description: `Voice, after hours, ${label}`, quantity: '7.7000', unitPrice: '0.1500', amount: '1.16' },
      // 480 + 120 = 600 s = 10 min × 0.10 = 1.00
      { description: `Voice, ${label}`, quantity: '10.0000', unitPrice: '0.1000', amount: '1.00' },
      { description: `Per-call fee, ${label}`, quantity: '4', unitPrice: '0.0500', amount: '0.20' },
      { description: `Platform fee, ${label}`, quantity: '1', unitPrice: '99.0000', amount: '99.00' },
    ]);
    expect(priced.total).toBe('102.86');
  });

  it('adds a top-up to the minimum charge, and a period fee alone when nothing happened', () => {
    const plan = { ...contactCentrePlan, minimumCharge: '150' };
    const priced = pricePlanPeriod(plan, [], october);
    expect(priced.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Platform fee, 10/01/2026–10/31/2026', '99.00'],
      ['Minimum commitment top-up, 10/01/2026–10/31/2026', '51.00'],
    ]);
    expect(priced.total).toBe('150.00');
  });

  it('bills a period in service no day nothing: no minimum, no period fee (DESIGN.md §4 periods in service)', () => {
    const plan = planInService({ ...contactCentrePlan, minimumCharge: '150' }, { days: 0, of: 31 });
    expect(pricePlanPeriod(plan, [], october)).toEqual({ lines: [], total: '0.00' });
  });

  it('gives a line per tier used and one for the included units', () => {
    const plan: RatePlan = {
      ...contactCentrePlan,
      charges: [
        {
          ...contactCentrePlan.charges[2]!,
          name: 'Outbound',
          price: undefined,
          includedUnits: 100,
          tiers: [
            { upTo: 1000, price: '0.08' },
            { upTo: 5000, price: '0.06' },
            { upTo: null, price: '0.04' },
          ],
        },
      ],
    };
    // 1,500.5 min used: 100 included, 1,400.5 billable: 1,000 × 0.08 = 80.00, 400.5 × 0.06 = 24.03.
    const priced = pricePlanPeriod(plan, [{ interactions: 900, billedSeconds: 90_030 }], october);
    expect(
      priced.lines.map((line) => [line.description.split(',').slice(0, 2).join(','), line.quantity, line.amount]),
    ).toEqual([
      ['Outbound, included min', '100.0000', '0.00'],
      ['Outbound, tier 1 (0–1', '1000.0000', '80.00'],
      ['Outbound, tier 2 (1', '400.5000', '24.03'],
    ]);
    expect(priced.total).toBe('104.03');
  });
});

describe("the spec's three fields are the simplest plan", () => {
  const terms = fc.record({
    ratePerMinute: fc.integer({ min: 0, max: 99_999 }).map((cents) => (cents / 10_000).toFixed(4)),
    overageRatePerMinute: fc.integer({ min: 0, max: 99_999 }).map((cents) => (cents / 10_000).toFixed(4)),
    minimumMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
  });

  it("bills exactly today's lines and amounts, on random profiles and usage", () => {
    fc.assert(
      fc.property(
        terms,
        fc.constantFrom(1, 6, 60),
        fc.array(fc.integer({ min: 0, max: 7_200 }), { maxLength: 40 }),
        (profile, increment, durations) => {
          const plan = planFromProfileFields(profile, increment);
          const usage: ChargeUsage[] = [];
          for (const seconds of durations)
            addInteraction(
              plan,
              usage,
              interaction({ durationSeconds: seconds, localTime: seconds % 2 ? '03:00:00' : '12:00:00' }),
            );
          const billedSeconds = durations.reduce((sum, seconds) => sum + Math.ceil(seconds / increment) * increment, 0);
          expect(usage[0]?.billedSeconds ?? 0).toBe(billedSeconds);
          const today = chargeForPeriod({
            period: october,
            terms: profile,
            taxCode: null,
            billedBefore: false,
            billedSecondsBefore: 0,
            invoicedBefore: '0',
            newSeconds: billedSeconds,
            newDays: october,
          });
          const priced = pricePlanPeriod(plan, usage, october);
          expect(priced.lines.map(({ chargeIndex: _chargeIndex, ...line }) => line)).toEqual(
            today.lines.map(({ description, quantity, unitPrice, amount }) => ({
              description,
              quantity,
              unitPrice,
              amount,
            })),
          );
          expect(priced.total).toBe(today.amount);
          // Read as a full plan (tiers, a minimum charge), the fields owe the same amount.
          expect(pricePlanPeriod({ ...plan, source: 'plan' }, usage, october).total).toBe(
            rateUsage({ billedSeconds, ...profile }).total,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ZRatePlanSchema', () => {
  const messages = (input: unknown) => {
    const result = ZRatePlanSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const charge = { name: 'Voice', media: ['voice'], unit: 'minute', price: '0.10' };

  it('names the field of each mistake', () => {
    expect(messages({ charges: [{ ...charge, media: ['fax'] }] })).toEqual([
      'charges.0.media.0: Media type must be one of voice, callback, chat, email, message',
    ]);
    expect(messages({ charges: [{ ...charge, price: '-1' }] })).toEqual([
      'charges.0.price: Price must be zero or greater',
    ]);
    expect(messages({ charges: [{ ...charge, price: 'abc' }] })).toEqual([
      'charges.0.price: Price must be a valid number',
    ]);
    expect(messages({ charges: [{ ...charge, firstIncrementSeconds: 0 }] })).toEqual([
      'charges.0.firstIncrementSeconds: First increment must be a whole number of seconds from 1 to 3600',
    ]);
    expect(messages({ charges: [{ ...charge, incrementSeconds: 3601 }] })).toEqual([
      'charges.0.incrementSeconds: Next increment must be a whole number of seconds from 1 to 3600',
    ]);
    expect(messages({ charges: Array.from({ length: 51 }, () => charge) })).toEqual([
      'charges: A rate plan cannot have more than 50 charges',
    ]);
    const tiers = Array.from({ length: 21 }, (_, index) => ({ upTo: index === 20 ? null : index + 1, price: '0.1' }));
    expect(messages({ charges: [{ ...charge, price: undefined, tiers }] })).toEqual([
      'charges.0.tiers: A charge cannot have more than 20 tiers',
    ]);
    expect(
      messages({
        charges: [
          {
            ...charge,
            price: undefined,
            tiers: [
              { upTo: 100, price: '0.1' },
              { upTo: 50, price: '0.1' },
              { upTo: null, price: '0' },
            ],
          },
        ],
      }),
    ).toEqual(['charges.0.tiers: Charge "Voice": tiers out of order (tier 2 "up to" 50 is not above 100)']);
    expect(messages({ charges: [charge], businessHours: { days: [1], from: '18:00', to: '08:00' } })).toEqual([
      'businessHours.to: Business hours "to" must be after "from"',
    ]);
    expect(messages({ charges: [charge], minimumCharge: '1,5' })).toEqual([
      'minimumCharge: Use a point for decimals: 1.5',
    ]);
  });
});

describe("exampleCost (the editor's live example)", () => {
  it('prices one interaction by the charges that match it', async () => {
    const { exampleCost } = await import('./rate-plan-example');
    // 7 min 10 s = 430 s after hours at 30/6 → 432 s = 7.2 min × 0.15 = 1.08, plus the 0.05 fee = 1.13.
    expect(
      exampleCost(contactCentrePlan, {
        mediaType: 'voice',
        direction: 'inbound',
        seconds: 430,
        localDay: 2,
        localTime: '20:15',
      }).sentence,
    ).toBe(
      'A 7 min 10 s inbound call at 20:15 on a Tuesday costs $1.13 under this plan (Voice, after hours + Per-call fee)',
    );
    // In business hours at 60/60: 480 s = 8 min × 0.10 = 0.80 + 0.05.
    expect(
      exampleCost(contactCentrePlan, {
        mediaType: 'voice',
        direction: 'inbound',
        seconds: 430,
        localDay: 2,
        localTime: '10:00',
      }).amount,
    ).toBe('0.85');
    expect(
      exampleCost(contactCentrePlan, {
        mediaType: 'email',
        direction: 'inbound',
        seconds: 60,
        localDay: 2,
        localTime: '10:00',
      }).sentence,
    ).toContain('is in no charge of this plan');
  });
});
