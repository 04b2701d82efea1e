// Rate plans in the oracle's worlds: random plans for fast-check to draw (media, direction, band,
// unit, increments, basis, price or tiers, included units, additional charges, a period fee, a
// minimum charge, business hours), the product's input for one, and what Genesys reports of each
// interaction beyond its queue, start and duration (media type, direction, talk/hold/ACW seconds).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { TRatePlanInput } from '../../packages/api/src/shared/rate-plan';
import { PLAN_MEDIA, type Plan, type PlanCharge, type PlanMedia } from './plan-model';

const PRICES = ['0.10', '0.0425', '1.25', '0.0333', '0', '0.5555'] as const;
const INCREMENTS = [
  [60, 60],
  [30, 6],
  [6, 6],
  [1, 1],
  [60, 6],
] as const;

const tiers = fc
  .uniqueArray(fc.constantFrom(1, 2, 3, 5, 10, 30, 60), { minLength: 1, maxLength: 3 })
  .chain((bounds) =>
    fc
      .array(fc.constantFrom(...PRICES), { minLength: bounds.length + 1, maxLength: bounds.length + 1 })
      .map((prices) => [
        ...[...bounds]
          .sort((a, b) => a - b)
          .map((upTo, index) => ({ upTo: upTo as number | null, price: prices[index]! })),
        { upTo: null, price: prices[bounds.length]! },
      ]),
  );

const usageCharge: fc.Arbitrary<Omit<PlanCharge, 'name'>> = fc
  .record({
    media: fc.uniqueArray(fc.constantFrom(...PLAN_MEDIA), { minLength: 1, maxLength: 3 }),
    direction: fc.constantFrom('any', 'any', 'inbound', 'outbound'),
    timeBand: fc.constantFrom('any', 'any', 'business', 'afterHours'),
    unit: fc.constantFrom('minute', 'minute', 'interaction'),
    basis: fc.constantFrom('duration', 'duration', 'handleTime'),
    increments: fc.constantFrom(...INCREMENTS),
    pricing: fc.oneof(
      fc.constantFrom(...PRICES).map((price) => ({ price })),
      tiers.map((drawn) => ({ tiers: drawn })),
    ),
    includedUnits: fc.constantFrom(0, 0, 1, 5, 20),
    additionalFee: fc.nat(4).map((n) => n === 0),
  })
  .map(({ increments, pricing, additionalFee, ...charge }) => ({
    ...charge,
    media: charge.media as PlanMedia[],
    direction: charge.direction as PlanCharge['direction'],
    timeBand: charge.timeBand as PlanCharge['timeBand'],
    // One in five is a per-interaction fee on top of whatever prices the interaction.
    unit: additionalFee ? 'interaction' : (charge.unit as PlanCharge['unit']),
    additional: additionalFee,
    basis: charge.basis as PlanCharge['basis'],
    firstIncrementSeconds: increments[0],
    incrementSeconds: increments[1],
    ...pricing,
  }));

export const ratePlan: fc.Arbitrary<Plan> = fc
  .record({
    charges: fc.array(usageCharge, { minLength: 1, maxLength: 4 }),
    periodFee: fc.option(fc.constantFrom('25.00', '9.99', '0.01'), { nil: undefined }),
    minimumCharge: fc.constantFrom('0', '0', '5.00', '12.34', '150.00'),
    businessHours: fc.record({
      days: fc.constantFrom([1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6], [2, 4]),
      from: fc.constantFrom('08:00', '09:30', '00:00'),
      to: fc.constantFrom('18:00', '17:15', '24:00'),
    }),
  })
  .map(({ charges, periodFee, minimumCharge, businessHours }) => ({
    charges: [
      ...charges.map((charge, index) => ({ ...charge, name: `Charge ${index + 1}` })),
      ...(periodFee
        ? [
            {
              name: 'Platform fee',
              media: [],
              direction: 'any',
              timeBand: 'any',
              unit: 'period',
              basis: 'duration',
              firstIncrementSeconds: 60,
              incrementSeconds: 60,
              price: periodFee,
              includedUnits: 0,
              additional: false,
            } satisfies PlanCharge,
          ]
        : []),
    ],
    minimumCharge,
    businessHours: { ...businessHours, days: [...businessHours.days] },
  }));

/** The plan as a clerk enters it (the profile API's `ratePlan`). */
export function ratePlanInput(plan: Plan): TRatePlanInput {
  return {
    charges: plan.charges.map((charge) => ({
      name: charge.name,
      media: [...charge.media],
      direction: charge.direction,
      timeBand: charge.timeBand,
      unit: charge.unit,
      basis: charge.basis,
      firstIncrementSeconds: charge.firstIncrementSeconds,
      incrementSeconds: charge.incrementSeconds,
      ...(charge.price !== undefined ? { price: charge.price } : {}),
      ...(charge.tiers ? { tiers: charge.tiers.map((tier) => ({ ...tier })) } : {}),
      includedUnits: charge.includedUnits,
      additional: charge.additional,
    })),
    minimumCharge: plan.minimumCharge,
    businessHours: { ...plan.businessHours, days: [...plan.businessHours.days] },
  };
}

/** What Genesys reports of an interaction beyond queue, start and duration. */
export type InteractionTraits = {
  mediaType: PlanMedia;
  direction: 'inbound' | 'outbound';
  talkSeconds: number;
  holdSeconds: number;
  acwSeconds: number;
};

/**
 * The traits of the world's `index`-th interaction, derived from the world's seed (so a sequence
 * replays, and the operations draw what they drew before plans existed): a voice call stays voice;
 * a non-voice one is a chat, an e-mail, a message or a callback; some are outbound; talk and hold
 * split the duration, and after-call work follows it.
 */
export function interactionTraits(
  seed: string,
  index: number,
  durationSeconds: number,
  voice: boolean,
): InteractionTraits {
  const bytes = createHash('sha256').update(`${seed}|interaction|${index}`).digest();
  const others: PlanMedia[] = ['chat', 'email', 'message', 'callback'];
  const holdSeconds = bytes[2]! % 3 === 0 ? Math.floor((durationSeconds * (bytes[3]! % 34)) / 100) : 0;
  return {
    mediaType: voice ? 'voice' : others[bytes[0]! % others.length]!,
    direction: bytes[1]! % 10 < 3 ? 'outbound' : 'inbound',
    talkSeconds: durationSeconds - holdSeconds,
    holdSeconds,
    acwSeconds: bytes[4]! % 4 === 0 ? 0 : bytes[5]! % 91,
  };
}
