import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseClient, type Database } from '@phone-billing/db';
import { createTestDatabase } from '../../../../test/database';
import { calendarDateInZone, dateTimeInZone, parseCalendarDate } from '../domain/calendar';
import { addInteraction, type ChargeUsage, type RatedInteraction, type RatePlan } from '../domain/rate-plan';
import { ZRatePlanSchema } from '../shared/rate-plan';
import { countPlanUsageInBoxes } from './plan-usage-queries';

// The SQL that sums a period's usage per charge (plan-usage-queries.ts) must bill what the pure
// rules of domain/rate-plan.ts bill, interaction by interaction: random plans (media, direction,
// bands, increments, basis, additional charges, period fees) over random interactions.

const TIME_ZONE = 'America/Los_Angeles';
const MEDIA = ['voice', 'callback', 'chat', 'email', 'message'] as const;

const chargeArbitrary = fc.record({
  name: fc.constantFrom('A', 'B', 'C'),
  media: fc.subarray([...MEDIA], { minLength: 1 }),
  direction: fc.constantFrom('any', 'inbound', 'outbound'),
  timeBand: fc.constantFrom('any', 'business', 'afterHours'),
  unit: fc.constantFrom('minute', 'minute', 'interaction', 'period'),
  basis: fc.constantFrom('duration', 'handleTime'),
  firstIncrementSeconds: fc.constantFrom(1, 6, 30, 60),
  incrementSeconds: fc.constantFrom(1, 6, 60),
  price: fc.constant('0.10'),
  additional: fc.boolean(),
});

const planArbitrary = fc
  .record({
    charges: fc.array(chargeArbitrary, { minLength: 1, maxLength: 6 }),
    businessHours: fc.record({
      days: fc.subarray([1, 2, 3, 4, 5, 6, 7]),
      from: fc.constantFrom('00:00', '08:00', '09:30'),
      to: fc.constantFrom('17:00', '18:00', '24:00'),
    }),
  })
  .map((input) => {
    const charges = input.charges.map((charge) =>
      charge.unit === 'period' ? { ...charge, additional: false } : charge,
    );
    return { ...ZRatePlanSchema.parse({ ...input, charges }), source: 'plan' as const } as RatePlan;
  });

const interactionArbitrary = fc.record({
  mediaType: fc.constantFrom(...MEDIA),
  direction: fc.constantFrom('inbound', 'outbound'),
  // Any instant in 2026 (both sides of the DST changes).
  startMs: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
  duration: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4000 })),
  talk: fc.option(fc.integer({ min: 0, max: 3000 })),
  hold: fc.option(fc.integer({ min: 0, max: 300 })),
  acw: fc.option(fc.integer({ min: 0, max: 300 })),
});

function isoWeekday(day: string): number {
  const { year, month, day: dayOfMonth } = parseCalendarDate(day);
  const weekday = new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

describe('usage per charge in SQL', () => {
  let db: Database;
  beforeAll(async () => {
    db = createDatabaseClient(await createTestDatabase());
  });
  afterAll(() => db?.$disconnect());

  it('agrees with the pure rules on random plans and interactions', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        planArbitrary,
        fc.array(interactionArbitrary, { minLength: 1, maxLength: 60 }),
        async (plan, interactions) => {
          run += 1;
          const queueId = `plan-sql-${run}`;
          await db.callRecord.createMany({
            data: interactions.map((interaction, index) => ({
              conversationId: `${queueId}-${index}`,
              startTime: new Date(interaction.startMs),
              endTime: new Date(interaction.startMs + interaction.duration * 1000),
              duration: interaction.duration,
              direction: interaction.direction,
              mediaType: interaction.mediaType,
              queueId,
              talkSeconds: interaction.talk,
              holdSeconds: interaction.hold,
              acwSeconds: interaction.acw,
            })),
          });
          const counted = await countPlanUsageInBoxes(
            db,
            [
              {
                queueId,
                startFrom: Date.UTC(2025, 11, 31),
                startTo: Date.UTC(2027, 0, 2),
                seqFrom: 0,
                seqTo: Number.MAX_SAFE_INTEGER,
              },
            ],
            plan,
            TIME_ZONE,
          );
          const expected: ChargeUsage[] = [];
          let notInPlan = 0;
          for (const interaction of interactions) {
            const start = new Date(interaction.startMs);
            const rated: RatedInteraction = {
              mediaType: interaction.mediaType,
              direction: interaction.direction,
              durationSeconds: interaction.duration,
              talkSeconds: interaction.talk,
              holdSeconds: interaction.hold,
              acwSeconds: interaction.acw,
              localDay: isoWeekday(calendarDateInZone(start, TIME_ZONE)),
              localTime: dateTimeInZone(start, TIME_ZONE).slice(11),
            };
            if (!addInteraction(plan, expected, rated)) notInPlan += 1;
          }
          const result = counted.get(0)!;
          expect(result.calls).toBe(interactions.length);
          expect(result.notInPlan).toBe(notInPlan);
          expect(result.charges).toEqual(
            plan.charges.map((_, index) => expected[index] ?? { interactions: 0, billedSeconds: 0 }),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
