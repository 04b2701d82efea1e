/**
 * The calls export under a rate plan (DESIGN.md §4 "Rate plans"): for each call, the charges that
 * price it and, per charge, its billed seconds (minute charges, by the charge's own increments and
 * basis) or its count (interaction charges), so a spreadsheet's column sums give the invoice's
 * quantities. One call at a time by rating's own pure rules (domain/rate-plan.ts), which the SQL
 * rating is checked against.
 */
import { dateTimeInZone } from '../domain/calendar';
import { billedSecondsFor } from '../domain/billed-seconds';
import { basisSeconds, chargesFor, type RatePlan, type RatedInteraction } from '../domain/rate-plan';

/** A call as the export reads it. */
export type ExportedCall = {
  mediaType: string | null;
  direction: string | null;
  duration: number;
  talkSeconds: number | null;
  holdSeconds: number | null;
  acwSeconds: number | null;
  startTime: Date;
};

/** One column per charge name and unit, in the order the plans name them. */
export type ChargeColumn = { name: string; unit: 'minute' | 'interaction'; header: string };

/** The ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A period's stored plan (billing_periods.ratePlan), or null for the spec's fields. */
export function exportPlanOf(json: unknown): RatePlan | null {
  if (!json || typeof json !== 'object' || !Array.isArray((json as { charges?: unknown }).charges)) return null;
  return json as RatePlan;
}

/** The per-charge columns of every plan in the export (period fees price no call: none for them). */
export function chargeColumns(plans: ReadonlyArray<RatePlan | null>): ChargeColumn[] {
  const columns: ChargeColumn[] = [];
  for (const plan of plans) {
    for (const charge of plan?.charges ?? []) {
      if (
        charge.unit === 'period' ||
        columns.some((column) => column.name === charge.name && column.unit === charge.unit)
      )
        continue;
      columns.push({
        name: charge.name,
        unit: charge.unit,
        header: `${charge.name} (${charge.unit === 'minute' ? 'billed seconds' : 'count'})`,
      });
    }
  }
  return columns;
}

/** Headers of the plan columns: what the call is, which charges price it, then one per charge. */
export function chargeHeaders(columns: readonly ChargeColumn[]): string[] {
  return ['Media Type', 'Direction', 'Charges', ...columns.map((column) => column.header)];
}

/**
 * A call's plan cells and its billed seconds under `plan` (the minute charges' sum). Under the spec's
 * fields (null) only what the call is: its seconds are the fields' own.
 */
export function chargeCells(
  plan: RatePlan | null,
  call: ExportedCall,
  columns: readonly ChargeColumn[],
  timeZone: string,
): { cells: string[]; billedSeconds: number | null } {
  const what = [call.mediaType ?? '', call.direction ?? ''];
  if (!plan) return { cells: [...what, '', ...columns.map(() => '')], billedSeconds: null };
  const [day, time] = dateTimeInZone(call.startTime, timeZone).split(' ') as [string, string];
  const interaction: RatedInteraction = {
    mediaType: call.mediaType ?? '',
    direction: call.direction,
    durationSeconds: call.duration,
    talkSeconds: call.talkSeconds,
    holdSeconds: call.holdSeconds,
    acwSeconds: call.acwSeconds,
    localDay: isoWeekday(day),
    localTime: time,
  };
  const priced = chargesFor(plan, interaction).map((index) => plan.charges[index]!);
  const values = new Map<string, number>();
  for (const charge of priced) {
    const value = charge.unit === 'minute' ? billedSecondsFor(charge, basisSeconds(charge, interaction)) : 1;
    values.set(`${charge.unit}|${charge.name}`, (values.get(`${charge.unit}|${charge.name}`) ?? 0) + value);
  }
  const billedSeconds = priced.reduce(
    (sum, charge) =>
      charge.unit === 'minute' ? sum + billedSecondsFor(charge, basisSeconds(charge, interaction)) : sum,
    0,
  );
  const names = priced.length ? priced.map((charge) => charge.name).join(' + ') : 'not in plan';
  const cells = columns.map((column) => {
    const value = values.get(`${column.unit}|${column.name}`);
    return value === undefined ? '' : String(value);
  });
  return { cells: [...what, names, ...cells], billedSeconds };
}
