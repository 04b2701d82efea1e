// What an agent does with one conversation, as the segments and metrics of the agent's session:
// alerted (or dialling out), talking with perhaps a hold, then after-call work with a wrap-up code.
import type { AnalyticsConversationSegment, AnalyticsSessionMetric, GenesysWrapUpCode } from '../schemas';
import { dialingSegments, holdWithinTalk, metric, seconds, segment, wrapUpSegment } from './conversation-parts';
import type { SeededRandom } from './seeded-random';

export interface AgentHandlingSpan {
  queueId: string;
  /** When the conversation reaches the agent (alerting) or the agent starts dialling. */
  fromMs: number;
  /** When the talk ends; after-call work follows. */
  toMs: number;
  /** Who ended the talk, as Genesys reports it on the agent's last interact segment. */
  disconnectType: string;
  /** For a call the agent places: when dialling ends and when the other side answers. */
  outbound?: { dialingEnd: number; answeredAt: number };
}

/**
 * The agent's segments and metrics from fromMs to after-call work: tTalk excludes the hold,
 * tHandle runs from connecting to the end of wrap-up.
 */
export function agentHandling(
  random: SeededRandom,
  wrapUpCodes: GenesysWrapUpCode[],
  { queueId, fromMs, toMs, disconnectType, outbound }: AgentHandlingSpan,
): { segments: AnalyticsConversationSegment[]; metrics: AnalyticsSessionMetric[] } {
  const segments: AnalyticsConversationSegment[] = [];
  const metrics: AnalyticsSessionMetric[] = [];
  let connectedAt: number;
  if (outbound) {
    connectedAt = outbound.answeredAt;
    segments.push(...dialingSegments(queueId, fromMs, outbound.dialingEnd, connectedAt));
    metrics.push(metric('tContacting', connectedAt - outbound.dialingEnd, connectedAt));
  } else {
    connectedAt = Math.min(toMs - 1000, fromMs + seconds(random.between(2, 10)));
    segments.push(segment(fromMs, connectedAt, 'alert', { queueId }));
    metrics.push(
      metric('tAlert', connectedAt - fromMs, connectedAt),
      metric('tAnswered', connectedAt - fromMs, connectedAt),
    );
  }
  const hold = holdWithinTalk(random, queueId, connectedAt, toMs, 0.15, 150);
  if (hold) {
    segments.push(...hold.segments);
    metrics.push(hold.heldMetric);
  }
  segments.push(segment(hold?.resumeMs ?? connectedAt, toMs, 'interact', { queueId, disconnectType }));
  const acwEnd = toMs + seconds(random.between(8, 100));
  // Most calls end resolved; the other codes share the rest.
  const wrapUpCode =
    wrapUpCodes.length === 0 ? undefined : random.chance(0.4) ? wrapUpCodes[0]!.id : random.pick(wrapUpCodes).id;
  segments.push(wrapUpSegment(queueId, toMs, acwEnd, wrapUpCode));
  metrics.push(
    metric('nConnected', 1, connectedAt),
    metric('tTalk', toMs - connectedAt - (hold?.heldMs ?? 0), toMs),
    metric('tAcw', acwEnd - toMs, acwEnd),
    metric('tHandle', acwEnd - connectedAt, acwEnd),
  );
  return { segments, metrics };
}
