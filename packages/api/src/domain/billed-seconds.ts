/**
 * The one home of the billed-seconds rule (DESIGN.md §4, Rating): how many seconds an interaction
 * bills. Every place that rounds durations (billing, the plans' per-charge usage, statistics, the
 * dashboard, coverage, unowned calls, the hourly rollup's trigger) uses these functions or the SQL
 * built by {@link billedSecondsSql}; test/one-home-rules.test.ts fails on any other rounding.
 * Pure and browser-safe (the rate-plan editor's live example uses it).
 */

/** A minute charge's rounding: at least the first increment, then whole next increments. */
export type BillingIncrements = { firstIncrementSeconds: number; incrementSeconds: number };

/** The company setting's single increment (60, 6 or 1 s) as first and next increments. */
export function sameIncrements(incrementSeconds: number): BillingIncrements {
  return { firstIncrementSeconds: incrementSeconds, incrementSeconds };
}

function assertIncrement(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number ≥ 1, got ${value}`);
}

/**
 * Seconds billed for an interaction of `seconds`: 0 for 0 seconds (or fewer); otherwise at least
 * the first increment, then whole next increments (30/6: 20 s → 30, 31 s → 36, 65 s → 66). A
 * fractional duration counts as the next whole second.
 */
export function billedSecondsFor(increments: BillingIncrements, seconds: number): number {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole === 0) return 0;
  const { firstIncrementSeconds: first, incrementSeconds: next } = increments;
  if (whole <= first) return first;
  return first + Math.ceil((whole - first) / next) * next;
}

/**
 * A call's duration rounded up to the company's billing increment (60, 6 or 1 s): 61 s bills 120 s
 * at 60 s, 66 s at 6 s and 61 s at 1 s. A 0-second call bills nothing.
 */
export function billedSecondsForCall(durationSeconds: number, incrementSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds < 0) {
    throw new RangeError(`durationSeconds must be ≥ 0, got ${durationSeconds}`);
  }
  assertIncrement('incrementSeconds', incrementSeconds);
  return billedSecondsFor(sameIncrements(incrementSeconds), durationSeconds);
}

/**
 * {@link billedSecondsFor} as a SQL expression over `secondsSql`, an integer expression of whole
 * seconds, in integer arithmetic. With one increment i it is ceil(d / i) × i = (d + i − 1) / i × i
 * (negative d as 0), the form the billable-calls index scans fastest; with a different first
 * increment, a CASE. `secondsSql` is trusted SQL text written by our code, never user input.
 */
export function billedSecondsSql(secondsSql: string, increments: number | BillingIncrements): string {
  const { firstIncrementSeconds: first, incrementSeconds: next } =
    typeof increments === 'number' ? sameIncrements(increments) : increments;
  assertIncrement('firstIncrementSeconds', first);
  assertIncrement('incrementSeconds', next);
  if (first === next) return `((GREATEST(${secondsSql}, 0) + ${next - 1}) / ${next} * ${next})`;
  return `(CASE WHEN ${secondsSql} <= 0 THEN 0 WHEN ${secondsSql} <= ${first} THEN ${first} ELSE ${first} + ((${secondsSql} - ${first} + ${next - 1}) / ${next}) * ${next} END)`;
}
