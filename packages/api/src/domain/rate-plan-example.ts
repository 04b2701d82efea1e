/**
 * The rate-plan editor's live example (DESIGN.md §4 "Rate plans", the editor): what one interaction
 * costs under a plan, by the same rules rating uses (domain/rate-plan.ts). Browser-safe: pure.
 */
import { chargesFor, type RatePlan } from './rate-plan';
import { billedSecondsFor } from './billed-seconds';
import { addDecimals, divideRoundHalfUp, formatDecimal, multiplyDecimals, parseDecimal, type Decimal } from './decimal';

export type TExampleInteraction = {
  mediaType: string;
  direction: 'inbound' | 'outbound';
  seconds: number;
  localDay: number;
  localTime: string;
};

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * What the interaction adds to its period under the plan, at each charge's first price (before
 * included units and minimums): "a 7 min 10 s inbound voice call at 20:15 on a Tuesday costs $1.13
 * under this plan (Voice, after hours + Per-call fee)".
 */
export function exampleCost(
  plan: RatePlan,
  example: TExampleInteraction,
): { amount: string; charges: string[]; sentence: string } {
  const interaction = {
    mediaType: example.mediaType,
    direction: example.direction,
    durationSeconds: example.seconds,
    talkSeconds: example.seconds,
    holdSeconds: 0,
    acwSeconds: 0,
    localDay: example.localDay,
    localTime: `${example.localTime}:00`,
  };
  const indexes = chargesFor(plan, interaction);
  let total: Decimal = parseDecimal(0n);
  for (const index of indexes) {
    const charge = plan.charges[index]!;
    const price = charge.price ?? charge.tiers?.[0]?.price ?? '0';
    const units =
      charge.unit === 'minute'
        ? divideRoundHalfUp(BigInt(billedSecondsFor(charge, example.seconds)), 60n, 4)
        : parseDecimal(1n);
    total = addDecimals(total, multiplyDecimals(units, price));
  }
  const amount = formatDecimal(total, 2);
  const names = indexes.map((index) => plan.charges[index]!.name);
  const length = `${Math.floor(example.seconds / 60)} min ${example.seconds % 60} s`;
  const what = example.mediaType === 'voice' ? 'call' : example.mediaType;
  const day = DAY_NAMES[example.localDay - 1] ?? '';
  const sentence = names.length
    ? `A ${length} ${example.direction} ${what} at ${example.localTime} on a ${day} costs $${amount} under this plan (${names.join(' + ')})`
    : `A ${length} ${example.direction} ${what} at ${example.localTime} on a ${day} is in no charge of this plan: it is not billed`;
  return { amount, charges: names, sentence };
}
