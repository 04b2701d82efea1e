// Conversations added after the fact through the control path (late usage, see
// late-conversations.ts): built from their record alone, so they read the same on every query.
import type { AnalyticsConversation, GenesysQueue, GenesysUser } from '../schemas';
import { ConversationBuilder } from './conversation-builder';
import { metric, seconds, segment, wrapUpSegment, callerNumber } from './conversation-parts';
import type { SimulatedDirectory } from './directory';
import { SeededRandom } from './seeded-random';

/** A conversation added after the fact (see late-conversations.ts), as stored. */
export interface InjectedConversationRecord {
  conversationId: string;
  queueId: string;
  mediaType: string;
  startMs: number;
  durationSeconds: number;
  direction?: 'inbound' | 'outbound';
  metrics?: InjectedMetrics;
}

/** What the agent's session reports, in whole seconds (default: talk to the end, no hold, 30 s of wrap-up). */
export interface InjectedMetrics {
  talkSeconds: number;
  holdSeconds: number;
  acwSeconds: number;
}

/**
 * The full conversation (not yet cut at "now") for an injected record: the same wire format as
 * generated ones, its details (caller, agent) derived from the seed and its id. Null when the
 * directory no longer holds its queue or the queue has nobody to answer.
 */
export function buildInjectedConversation(
  seed: string,
  directory: SimulatedDirectory,
  record: InjectedConversationRecord,
): AnalyticsConversation | null {
  const queue = directory.queues.find((candidate) => candidate.id === record.queueId);
  const members = queue ? (directory.queueMembers.get(queue.id) ?? []) : [];
  if (!queue || members.length === 0) return null;
  const random = new SeededRandom(`${seed}|injected|${record.conversationId}`);
  const agentId = random.pick(members);
  const agent = directory.users.find((user) => user.id === agentId);
  if (!agent) return null;
  const builder = new ConversationBuilder(seed, directory, record.conversationId, random);
  return answeredInQueue(
    builder,
    random,
    directory,
    record.startMs,
    record.startMs + record.durationSeconds * 1000,
    record.mediaType,
    queue,
    agent,
    { direction: record.direction, metrics: record.metrics },
  );
}

/**
 * A conversation of exactly endMs − startMs: the caller waits briefly in the queue, then one
 * agent of that queue takes it to the end. Used for conversations injected after the fact.
 */
function answeredInQueue(
  builder: ConversationBuilder,
  random: SeededRandom,
  directory: SimulatedDirectory,
  startMs: number,
  endMs: number,
  mediaType: string,
  queue: GenesysQueue,
  agent: GenesysUser,
  options: { direction?: 'inbound' | 'outbound'; metrics?: InjectedMetrics },
): AnalyticsConversation {
  const direction = options.direction ?? 'inbound';
  const asked = options.metrics;
  const isVoice = mediaType === 'voice';
  const caller = callerNumber(random);
  const dialled = directory.queueNumbers.get(queue.id) ?? 'tel:+18005550000';
  const customer = builder.participant('customer', isVoice ? caller.replace('tel:', '') : 'Web Visitor');
  customer.sessions.push(builder.customerSession(mediaType, caller, dialled, startMs, endMs, 'endpoint', direction));
  const answeredAt = startMs + Math.min(seconds(15), Math.floor((endMs - startMs) / 4));
  const acd = builder.acdParticipant(queue, mediaType, startMs, answeredAt, 'transfer', agent.id, [
    metric('nOffered', 1, answeredAt),
    metric('tAcd', answeredAt - startMs, answeredAt),
  ]);
  const acwEnd = endMs + seconds(asked?.acwSeconds ?? 30);
  const wrapUpCode = directory.wrapUpCodes[0]?.id;
  const agentParticipant = builder.participant('agent', agent.name, agent.id);
  agentParticipant.sessions.push(
    builder.session(mediaType, direction, {
      metrics: [
        metric('nConnected', 1, answeredAt),
        ...(asked
          ? [
              metric('tTalk', seconds(asked.talkSeconds), endMs),
              metric('tHeld', seconds(asked.holdSeconds), endMs),
              metric('tAcw', seconds(asked.acwSeconds), acwEnd),
              metric('tHandle', seconds(asked.talkSeconds + asked.holdSeconds + asked.acwSeconds), acwEnd),
            ]
          : [
              metric('tTalk', endMs - answeredAt, endMs),
              metric('tAcw', acwEnd - endMs, acwEnd),
              metric('tHandle', acwEnd - answeredAt, acwEnd),
            ]),
      ],
      segments: [
        segment(answeredAt, endMs, 'interact', { queueId: queue.id, disconnectType: 'peer' }),
        wrapUpSegment(queue.id, endMs, acwEnd, wrapUpCode),
      ],
    }),
  );
  return builder.conversation(startMs, endMs, direction, [queue], [customer, acd, agentParticipant]);
}
