import type { AnalyticsConversationAsSent } from './schemas';

/**
 * How long people spent on an interaction, from the Genesys session metrics of the details query
 * (reference/external-apis.md A4: t-metrics in milliseconds), in whole seconds rounded up.
 * Contracts may bill by handle time (DESIGN.md §4 "Rate plans": talk + hold + after-call work).
 */
export interface InteractionMetrics {
  /** tTalk: the agents' time connected to the customer, hold excluded (0 when none reported). */
  talkSeconds: number;
  /** tHeld: time the customer spent on hold. */
  holdSeconds: number;
  /** tAcw: after-call work (wrap-up) once the interaction ended. */
  acwSeconds: number;
  /** tHandle: talk + hold + after-call work; their sum when Genesys reported no tHandle. */
  handleSeconds: number;
}

/** The metrics kept, by their Genesys names. */
const KEPT_METRICS = ['tTalk', 'tHeld', 'tAcw', 'tHandle'] as const;
type KeptMetric = (typeof KEPT_METRICS)[number];
const isKeptMetric = (name: string | undefined): name is KeptMetric =>
  name !== undefined && (KEPT_METRICS as readonly string[]).includes(name);

/**
 * Participants whose sessions carry the handling metrics; ACD and IVR participants report their
 * own (tAcd, tIvr…), and a customer's session would count the same talk a second time.
 */
const HANDLING_PURPOSES = new Set(['agent', 'user']);

const wholeSecondsUp = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/**
 * Talk, hold, after-call-work and handle seconds of a conversation: each metric's milliseconds
 * summed over the sessions of the agents (and plain users) who handled it, then rounded up, so a
 * transferred call counts both agents' time. Metrics not yet reported (an interaction still in
 * progress, or abandoned before anyone answered) count 0; negative or non-numeric values are ignored,
 * and so is whatever Genesys left out (schemas.ts VendorOptional: a participant without sessions…).
 */
export function interactionMetrics(conversation: AnalyticsConversationAsSent): InteractionMetrics {
  const totals: Record<KeptMetric, number> = { tTalk: 0, tHeld: 0, tAcw: 0, tHandle: 0 };
  let handleReported = false;
  for (const participant of conversation.participants ?? []) {
    if (!participant.purpose || !HANDLING_PURPOSES.has(participant.purpose)) continue;
    for (const session of participant.sessions ?? []) {
      for (const metric of session.metrics ?? []) {
        if (
          !isKeptMetric(metric.name) ||
          typeof metric.value !== 'number' ||
          !Number.isFinite(metric.value) ||
          metric.value < 0
        )
          continue;
        totals[metric.name] += metric.value;
        if (metric.name === 'tHandle') handleReported = true;
      }
    }
  }
  return {
    talkSeconds: wholeSecondsUp(totals.tTalk),
    holdSeconds: wholeSecondsUp(totals.tHeld),
    acwSeconds: wholeSecondsUp(totals.tAcw),
    handleSeconds: wholeSecondsUp(handleReported ? totals.tHandle : totals.tTalk + totals.tHeld + totals.tAcw),
  };
}
