// The pieces every simulated conversation is made of (times, metrics, segments, talk and hold
// durations), shared by the calls (conversation-builder.ts) and the digital interactions, so both
// streams shape a segment, a wrap-up or a hold the same way.
import type { AnalyticsConversationSegment, AnalyticsSessionMetric } from '../schemas';
import type { SeededRandom } from './seeded-random';

export const iso = (ms: number): string => new Date(ms).toISOString();
export const seconds = (s: number): number => Math.round(s * 1000);

export function metric(name: string, value: number, emitMs: number): AnalyticsSessionMetric {
  return { name, value, emitDate: iso(emitMs) };
}

export function callerNumber(random: SeededRandom): string {
  return `tel:+1${random.integer(201, 989)}${random.integer(200, 999)}${String(random.integer(0, 9999)).padStart(4, '0')}`;
}

/** Talk time: log-normal around three minutes, 15 s to an hour (emails take longer to handle). */
export function talkSeconds(random: SeededRandom, slowMedia: boolean): number {
  const median = slowMedia ? 420 : 190;
  return Math.min(3600, Math.max(15, Math.exp(Math.log(median) + random.gaussian() * 0.75)));
}

/** A closed segment from fromMs to toMs; `details` (queue, disconnect type, wrap-up code) follow in wire order. */
export function segment(
  fromMs: number,
  toMs: number,
  segmentType: string,
  details: Pick<AnalyticsConversationSegment, 'queueId' | 'disconnectType' | 'wrapUpCode'> = {},
): AnalyticsConversationSegment {
  return { segmentStart: iso(fromMs), segmentEnd: iso(toMs), segmentType, ...details };
}

/** The after-call work of an agent in a queue, with its wrap-up code when the org has one. */
export function wrapUpSegment(
  queueId: string,
  fromMs: number,
  toMs: number,
  wrapUpCode: string | undefined,
): AnalyticsConversationSegment {
  return segment(fromMs, toMs, 'wrapup', { queueId, ...(wrapUpCode ? { wrapUpCode } : {}) });
}

/**
 * An agent's outgoing call before anyone answers: dialling, then ringing the other side until
 * connectedAt; `contactingDisconnect` ends the ringing when nobody answers.
 */
export function dialingSegments(
  queueId: string,
  startMs: number,
  dialingEnd: number,
  connectedAt: number,
  contactingDisconnect?: string,
): AnalyticsConversationSegment[] {
  return [
    segment(startMs, dialingEnd, 'dialing', { queueId }),
    segment(dialingEnd, connectedAt, 'contacting', {
      queueId,
      ...(contactingDisconnect ? { disconnectType: contactingDisconnect } : {}),
    }),
  ];
}

export interface HoldWithinTalk {
  /** Talk up to the hold, then the hold itself. */
  segments: AnalyticsConversationSegment[];
  heldMetric: AnalyticsSessionMetric;
  heldMs: number;
  /** When talk resumes after the hold. */
  resumeMs: number;
}

/**
 * Whether an agent puts a talk from fromMs to toMs on hold part-way through: only talks over
 * 90 s, with `holdChance`, for 15 s up to `longestHoldSeconds`. Null when there is no hold.
 */
export function holdWithinTalk(
  random: SeededRandom,
  queueId: string,
  fromMs: number,
  toMs: number,
  holdChance: number,
  longestHoldSeconds: number,
): HoldWithinTalk | null {
  if (toMs - fromMs <= seconds(90) || !random.chance(holdChance)) return null;
  const holdStart = fromMs + Math.floor((toMs - fromMs) * random.between(0.3, 0.6));
  const holdEnd = Math.min(toMs - 1000, holdStart + seconds(random.between(15, longestHoldSeconds)));
  const heldMs = holdEnd - holdStart;
  return {
    segments: [segment(fromMs, holdStart, 'interact', { queueId }), segment(holdStart, holdEnd, 'hold', { queueId })],
    heldMetric: metric('tHeld', heldMs, holdEnd),
    heldMs,
    resumeMs: holdEnd,
  };
}
