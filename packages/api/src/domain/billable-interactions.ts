/**
 * The one home of the billable-interaction rule (DESIGN.md §4, "Exactly once, for every
 * interaction"): an interaction is billable once it has ended, has a queue and is of a media type a
 * charge can count. The database applies it when it hands out the billable sequence number (the
 * trigger of migration 20261223_2_every_interaction_billable, whose condition
 * test/one-home-rules.test.ts holds to {@link billableInteractionSql}); queries read the outcome
 * through the fragments below. Profiles billed by the spec's three fields bill only the voice calls
 * among them. test/one-home-rules.test.ts fails on any SQL that filters billable interactions
 * another way.
 */
import { VOICE_MEDIA_TYPE } from '../shared/genesys';
import { RATE_PLAN_MEDIA_TYPES } from '../shared/rate-plan';

/** What the rule reads of an interaction. */
export type BillableCandidate = { endTime: Date | null; queueId: string | null; mediaType: string | null };

/** The media types an interaction can be billed for (those a rate plan's charge can count). */
export const BILLABLE_MEDIA_TYPES: readonly string[] = RATE_PLAN_MEDIA_TYPES;

/** The media type the spec's three fields (rate, minimum, overage) bill: voice calls. */
export const PROFILE_FIELDS_MEDIA_TYPE = VOICE_MEDIA_TYPE;

export function isBillableInteraction(interaction: BillableCandidate): boolean {
  return (
    interaction.endTime !== null &&
    interaction.queueId !== null &&
    interaction.mediaType !== null &&
    BILLABLE_MEDIA_TYPES.includes(interaction.mediaType)
  );
}

const column = (alias: string, name: string) => (alias ? `${alias}."${name}"` : `"${name}"`);
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** {@link isBillableInteraction} as SQL over a call_records row (`NEW` in the trigger). */
export function billableInteractionSql(alias: string): string {
  return `${column(alias, 'endTime')} IS NOT NULL AND ${column(alias, 'queueId')} IS NOT NULL AND ${column(alias, 'mediaType')} IN (${BILLABLE_MEDIA_TYPES.map(literal).join(', ')})`;
}

/** Among stored call_records rows `alias` ('' for none): the billable ones (the trigger gave them a sequence number). */
export function billableSql(alias: string): string {
  return `${column(alias, 'billableSeq')} IS NOT NULL`;
}

/** Among billable interactions: those the spec's three fields bill (voice calls). */
export function billedByProfileFieldsSql(alias: string): string {
  return `${column(alias, 'mediaType')} = ${literal(PROFILE_FIELDS_MEDIA_TYPE)}`;
}

/** The calls a profile on the spec's three fields is billed for: billable voice calls. */
export function billableCallSql(alias: string): string {
  return `${billableSql(alias)} AND ${billedByProfileFieldsSql(alias)}`;
}
