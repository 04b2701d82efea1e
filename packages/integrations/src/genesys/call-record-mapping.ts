import type { AnalyticsConversation, AnalyticsConversationSegment, AnalyticsParticipant } from './schemas';

/** A call record as the product stores it, keyed by conversationId. */
export interface CallRecordInput {
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

const startOf = (segment: AnalyticsConversationSegment): number => Date.parse(segment.segmentStart);

function parseInstant(text: string | undefined): Date | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function firstSegmentStart(participant: AnalyticsParticipant): number {
  const starts = participant.sessions.flatMap((session) => session.segments.map(startOf)).filter((ms) => !Number.isNaN(ms));
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
export function mapConversationToCallRecord(conversation: AnalyticsConversation): CallRecordInput | null {
  const startTime = parseInstant(conversation.conversationStart);
  if (!conversation.conversationId || !startTime) return null;
  const endTime = parseInstant(conversation.conversationEnd);
  const duration = endTime ? Math.max(0, Math.ceil((endTime.getTime() - startTime.getTime()) / 1000)) : 0;
  const participants = conversation.participants ?? [];
  const sessions = participants.flatMap((participant) => participant.sessions ?? []);

  const queueSegments = sessions
    .flatMap((session) => session.segments ?? [])
    .filter((segment) => Boolean(segment.queueId))
    .sort((a, b) => startOf(a) - startOf(b));

  const agents = participants
    .filter((participant) => participant.purpose === 'agent')
    .sort((a, b) => firstSegmentStart(a) - firstSegmentStart(b));
  const firstAgent = agents[0];
  const wrapUpSegmentsOf = (participant: AnalyticsParticipant): AnalyticsConversationSegment[] =>
    participant.sessions
      .flatMap((session) => session.segments ?? [])
      .filter((segment) => segment.segmentType === 'wrapup' && Boolean(segment.wrapUpCode))
      .sort((a, b) => startOf(a) - startOf(b));
  const wrapUp = (firstAgent ? wrapUpSegmentsOf(firstAgent)[0] : undefined)
    ?? agents.flatMap(wrapUpSegmentsOf).sort((a, b) => startOf(a) - startOf(b))[0];

  const recordedSession = sessions.find((session) => session.recording === true);

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
  };
}
