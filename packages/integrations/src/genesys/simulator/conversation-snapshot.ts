// A conversation as the details query reports it part-way through: Genesys reports conversations
// in progress, so generated and injected ones alike are cut at "now" before they are sent.
import type { AnalyticsConversation, AnalyticsParticipant, AnalyticsSession } from '../schemas';

/**
 * The conversation as seen at nowMs: no conversationEnd if it has not ended, no segment or
 * metric from the future, open segments without an end.
 */
export function truncateAt(conversation: AnalyticsConversation, nowMs: number): AnalyticsConversation {
  const lastSegmentEnd = Math.max(
    ...conversation.participants.flatMap((p) =>
      p.sessions.flatMap((s) => s.segments.map((g) => Date.parse(g.segmentEnd ?? g.segmentStart))),
    ),
  );
  if (lastSegmentEnd <= nowMs) return conversation;
  const ended = conversation.conversationEnd !== undefined && Date.parse(conversation.conversationEnd) <= nowMs;
  const participants: AnalyticsParticipant[] = [];
  for (const participant of conversation.participants) {
    const sessions: AnalyticsSession[] = [];
    for (const session of participant.sessions) {
      const segments = session.segments
        .filter((segment) => Date.parse(segment.segmentStart) <= nowMs)
        .map((segment) => {
          if (segment.segmentEnd === undefined || Date.parse(segment.segmentEnd) <= nowMs) return segment;
          const { segmentEnd: _end, disconnectType: _disconnect, ...open } = segment;
          return open;
        });
      if (segments.length === 0) continue;
      const metrics = session.metrics?.filter((m) => Date.parse(m.emitDate) <= nowMs);
      sessions.push({ ...session, ...(metrics ? { metrics } : {}), segments });
    }
    if (sessions.length > 0) participants.push({ ...participant, sessions });
  }
  const { conversationEnd, ...rest } = conversation;
  return { ...rest, ...(ended && conversationEnd ? { conversationEnd } : {}), participants };
}
