import { interactionMetrics, type InteractionMetrics } from './interaction-metrics';
import type { AnalyticsConversationAsSent, AnalyticsParticipantAsSent, AnalyticsSegmentAsSent } from './schemas';

/** A call record as the product stores it, keyed by conversationId; any media type, with its handling metrics. */
export interface CallRecordInput extends InteractionMetrics {
  conversationId: string;
  startTime: Date;
  endTime: Date | null;
  /** Whole seconds from start to end, rounded up; 0 while the call has not ended. */
  duration: number;
  direction: string | null;
  mediaType: string | null;
  userId: string | null;
  queueId: string | null;
  wrapUpCode: string | null;
  recordingId: string | null;
}

// Genesys may leave out any member (schemas.ts VendorOptional): a participant without sessions,
// a session without segments, a segment without a start. Each read below has its fallback.
const startOf = (segment: AnalyticsSegmentAsSent): number =>
  segment.segmentStart ? Date.parse(segment.segmentStart) : Number.NaN;
/** Orders instants earliest first; unknown ones (NaN, Infinity) go last, in their given order. */
const earliestFirst = (a: number, b: number): number => {
  const known = (ms: number) => Number.isFinite(ms);
  if (known(a) && known(b)) return a - b;
  return known(a) ? -1 : known(b) ? 1 : 0;
};
const byStart = (a: AnalyticsSegmentAsSent, b: AnalyticsSegmentAsSent): number => earliestFirst(startOf(a), startOf(b));
const segmentsOf = (participant: AnalyticsParticipantAsSent): AnalyticsSegmentAsSent[] =>
  (participant.sessions ?? []).flatMap((session) => session.segments ?? []);

function parseInstant(text: string | undefined): Date | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function firstSegmentStart(participant: AnalyticsParticipantAsSent): number {
  const starts = segmentsOf(participant)
    .map(startOf)
    .filter((ms) => !Number.isNaN(ms));
  return starts.length > 0 ? Math.min(...starts) : Number.POSITIVE_INFINITY;
}

/**
 * Maps a Genesys conversation (details-query shape) to a call record, per DESIGN.md §4:
 * - startTime/endTime: conversationStart/conversationEnd; duration: whole seconds, rounded up,
 *   0 when there is no end yet;
 * - direction: originatingDirection; mediaType: the first session's media type;
 * - queueId: the queue of the earliest segment that carries one, so a transferred call stays
 *   with the queue that took it first;
 * - userId: the first agent to join; wrapUpCode: that agent's wrap-up (any agent's earliest
 *   wrap-up when that agent left none);
 * - recordingId: the sessionId of the first recorded session (analytics only carries a flag).
 * Returns null for a conversation without an id or a readable start.
 */
export function mapConversationToCallRecord(conversation: AnalyticsConversationAsSent): CallRecordInput | null {
  const startTime = parseInstant(conversation.conversationStart);
  if (!conversation.conversationId || !startTime) return null;
  const endTime = parseInstant(conversation.conversationEnd);
  const duration = endTime ? Math.max(0, Math.ceil((endTime.getTime() - startTime.getTime()) / 1000)) : 0;
  const participants = conversation.participants ?? [];
  const sessions = participants.flatMap((participant) => participant.sessions ?? []);

  const queueSegments = sessions
    .flatMap((session) => session.segments ?? [])
    .filter((segment) => Boolean(segment.queueId))
    .sort(byStart);

  const agents = participants
    .filter((participant) => participant.purpose === 'agent')
    .sort((a, b) => earliestFirst(firstSegmentStart(a), firstSegmentStart(b)));
  const firstAgent = agents[0];
  const wrapUpSegmentsOf = (participant: AnalyticsParticipantAsSent): AnalyticsSegmentAsSent[] =>
    segmentsOf(participant)
      .filter((segment) => segment.segmentType === 'wrapup' && Boolean(segment.wrapUpCode))
      .sort(byStart);
  const wrapUp =
    (firstAgent ? wrapUpSegmentsOf(firstAgent)[0] : undefined) ?? agents.flatMap(wrapUpSegmentsOf).sort(byStart)[0];

  const recordedSession = sessions.find((session) => session.recording === true && Boolean(session.sessionId));

  return {
    conversationId: conversation.conversationId,
    startTime,
    endTime,
    duration,
    direction: conversation.originatingDirection ?? null,
    mediaType: sessions.find((session) => Boolean(session.mediaType))?.mediaType ?? null,
    userId: agents.find((agent) => Boolean(agent.userId))?.userId ?? null,
    queueId: queueSegments[0]?.queueId ?? null,
    wrapUpCode: wrapUp?.wrapUpCode ?? null,
    recordingId: recordedSession?.sessionId ?? null,
    ...interactionMetrics(conversation),
  };
}
