// One simulated conversation built in full, as Genesys' analytics API returns it: participants,
// sessions, segments and metrics (conversations.ts decides which conversations exist and when).
import type {
  AnalyticsConversation,
  AnalyticsParticipant,
  AnalyticsSession,
  AnalyticsSessionMetric,
  GenesysQueue,
  GenesysUser,
} from '../schemas';
import { agentHandling } from './agent-handling';
import { callerNumber, iso, metric, seconds, segment, talkSeconds } from './conversation-parts';
import type { SimulatedDirectory } from './directory';
import { deterministicUuid, SeededRandom } from './seeded-random';

export class ConversationBuilder {
  private participantCount = 0;

  constructor(
    private readonly seed: string,
    private readonly directory: SimulatedDirectory,
    private readonly conversationId: string,
    private readonly random: SeededRandom,
  ) {}

  inbound(
    startMs: number,
    mediaType: string,
    queue: GenesysQueue,
    agent: GenesysUser | null,
    transfer: { queue: GenesysQueue; agent: GenesysUser | null } | null,
  ): AnalyticsConversation {
    const random = this.random;
    const isVoice = mediaType === 'voice';
    const caller = callerNumber(random);
    const dialled = this.directory.queueNumbers.get(queue.id) ?? 'tel:+18005550000';
    const participants: AnalyticsParticipant[] = [];
    const customer = this.participant('customer', isVoice ? caller.replace('tel:', '') : 'Web Visitor');
    participants.push(customer);

    let cursor = startMs;
    if (isVoice && random.chance(0.7)) {
      const ivrEnd = cursor + seconds(random.between(12, 75));
      const ivr = this.participant('ivr', 'Main Menu IVR');
      ivr.sessions.push(
        this.session(mediaType, 'inbound', {
          ani: caller,
          dnis: dialled,
          flow: { flowName: 'Main Menu', flowType: 'INBOUNDCALL', transferType: 'ACD', transferTargetName: queue.name },
          segments: [segment(cursor, ivrEnd, 'ivr', { disconnectType: 'transfer' })],
        }),
      );
      participants.push(ivr);
      cursor = ivrEnd;
    }

    const slowMedia = mediaType === 'email';
    const waitMs = seconds(Math.min(900, random.exponential(slowMedia ? 600 : 40)) + 1);
    if (!agent) {
      // Abandoned in queue: the caller gives up while waiting.
      const endMs = cursor + waitMs;
      participants.push(
        this.acdParticipant(queue, mediaType, cursor, endMs, 'peer', null, [
          metric('nOffered', 1, endMs),
          metric('tAbandon', endMs - cursor, endMs),
        ]),
      );
      customer.sessions.push(this.customerSession(mediaType, caller, dialled, startMs, endMs, 'endpoint'));
      return this.conversation(startMs, endMs, 'inbound', [queue], participants);
    }

    const answeredAt = cursor + waitMs;
    participants.push(
      this.acdParticipant(queue, mediaType, cursor, answeredAt, 'transfer', agent.id, [
        metric('nOffered', 1, answeredAt),
        metric('tAcd', waitMs, answeredAt),
      ]),
    );
    const talkMs = seconds(talkSeconds(random, slowMedia));
    const customerHangsUp = random.chance(0.7);

    if (!transfer) {
      const endMs = answeredAt + talkMs;
      participants.push(
        this.agentParticipant(
          agent,
          queue,
          mediaType,
          'inbound',
          answeredAt,
          endMs,
          customerHangsUp ? 'peer' : 'client',
        ),
      );
      customer.sessions.push(
        this.customerSession(mediaType, caller, dialled, startMs, endMs, customerHangsUp ? 'endpoint' : 'peer'),
      );
      return this.conversation(startMs, endMs, 'inbound', [queue], participants);
    }

    // Transferred: the first agent hands the caller to another queue part-way through.
    const transferAt = answeredAt + Math.max(seconds(20), Math.floor(talkMs * random.between(0.2, 0.5)));
    participants.push(this.agentParticipant(agent, queue, mediaType, 'inbound', answeredAt, transferAt, 'transfer'));
    const secondWaitMs = seconds(Math.min(600, random.exponential(30)) + 1);
    const secondAnswer = transferAt + secondWaitMs;
    let endMs: number;
    if (transfer.agent) {
      participants.push(
        this.acdParticipant(transfer.queue, mediaType, transferAt, secondAnswer, 'transfer', transfer.agent.id, [
          metric('nOffered', 1, secondAnswer),
          metric('tAcd', secondWaitMs, secondAnswer),
        ]),
      );
      endMs = secondAnswer + seconds(talkSeconds(random, slowMedia));
      participants.push(
        this.agentParticipant(
          transfer.agent,
          transfer.queue,
          mediaType,
          'inbound',
          secondAnswer,
          endMs,
          customerHangsUp ? 'peer' : 'client',
        ),
      );
    } else {
      endMs = secondAnswer;
      participants.push(
        this.acdParticipant(transfer.queue, mediaType, transferAt, endMs, 'peer', null, [
          metric('nOffered', 1, endMs),
          metric('tAbandon', secondWaitMs, endMs),
        ]),
      );
    }
    customer.sessions.push(
      this.customerSession(mediaType, caller, dialled, startMs, endMs, customerHangsUp ? 'endpoint' : 'peer'),
    );
    return this.conversation(startMs, endMs, 'inbound', [queue, transfer.queue], participants);
  }

  outboundCall(startMs: number, queue: GenesysQueue, agent: GenesysUser): AnalyticsConversation {
    const random = this.random;
    const callee = callerNumber(random);
    const dialingEnd = startMs + seconds(random.between(1, 4));
    const answeredAt = dialingEnd + seconds(random.between(4, 25));
    const endMs = answeredAt + seconds(talkSeconds(random, false));
    const agentParticipant = this.agentParticipant(agent, queue, 'voice', 'outbound', startMs, endMs, 'client', {
      dialingEnd,
      answeredAt,
      dnis: callee,
    });
    const external = this.participant('external', callee.replace('tel:', ''));
    external.sessions.push(
      this.session('voice', 'outbound', {
        dnis: callee,
        segments: [segment(answeredAt, endMs, 'interact', { disconnectType: 'peer' })],
      }),
    );
    return this.conversation(startMs, endMs, 'outbound', [queue], [agentParticipant, external]);
  }

  /** A call that reached no queue at all (only when the simulated org has no queues). */
  unroutedCall(startMs: number): AnalyticsConversation {
    const caller = callerNumber(this.random);
    const endMs = startMs + seconds(this.random.between(10, 60));
    const customer = this.participant('customer', caller.replace('tel:', ''));
    customer.sessions.push(
      this.session('voice', 'inbound', {
        ani: caller,
        segments: [segment(startMs, endMs, 'interact', { disconnectType: 'endpoint' })],
      }),
    );
    return this.conversation(startMs, endMs, 'inbound', [], [customer]);
  }

  conversation(
    startMs: number,
    endMs: number,
    originatingDirection: 'inbound' | 'outbound',
    queues: GenesysQueue[],
    participants: AnalyticsParticipant[],
  ): AnalyticsConversation {
    const divisionIds = [...new Set(queues.map((queue) => queue.division.id))];
    const isVoice = participants.some((p) => p.sessions.some((s) => s.mediaType === 'voice'));
    return {
      conversationId: this.conversationId,
      conversationStart: iso(startMs),
      conversationEnd: iso(endMs),
      originatingDirection,
      divisionIds,
      ...(isVoice ? { mediaStatsMinConversationMos: Number(this.random.between(3.8, 4.9).toFixed(6)) } : {}),
      participants,
    };
  }

  participant(purpose: string, participantName: string, userId?: string): AnalyticsParticipant {
    const participantId = deterministicUuid(
      `${this.seed}|${this.conversationId}|participant|${this.participantCount++}`,
    );
    return { participantId, participantName, purpose, ...(userId ? { userId } : {}), sessions: [] };
  }

  session(mediaType: string, direction: 'inbound' | 'outbound', fields: Partial<AnalyticsSession>): AnalyticsSession {
    const sessionId = deterministicUuid(
      `${this.seed}|${this.conversationId}|session|${this.participantCount}|${this.random.next()}`,
    );
    const session: AnalyticsSession = { sessionId, mediaType, direction, segments: [] };
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (session as unknown as Record<string, unknown>)[key] = value;
    }
    if (mediaType === 'voice') session.provider = 'Edge';
    return session;
  }

  /** The caller's side of an inbound conversation; a voice caller's number and the number dialled. */
  customerSession(
    mediaType: string,
    caller: string,
    dialled: string,
    startMs: number,
    endMs: number,
    disconnectType: string,
    direction: 'inbound' | 'outbound' = 'inbound',
  ): AnalyticsSession {
    const isVoice = mediaType === 'voice';
    return this.session(mediaType, direction, {
      ani: isVoice ? caller : undefined,
      dnis: isVoice ? dialled : undefined,
      segments: [segment(startMs, endMs, 'interact', { disconnectType })],
    });
  }

  acdParticipant(
    queue: GenesysQueue,
    mediaType: string,
    fromMs: number,
    toMs: number,
    disconnectType: string,
    selectedAgentId: string | null,
    metrics: AnalyticsSessionMetric[],
  ): AnalyticsParticipant {
    const acd = this.participant('acd', queue.name);
    acd.sessions.push(
      this.session(mediaType, 'inbound', {
        requestedRoutings: ['Standard'],
        usedRouting: 'Standard',
        ...(selectedAgentId ? { selectedAgentId } : {}),
        metrics,
        segments: [segment(fromMs, toMs, 'interact', { queueId: queue.id, disconnectType })],
      }),
    );
    return acd;
  }

  private agentParticipant(
    agent: GenesysUser,
    queue: GenesysQueue,
    mediaType: string,
    direction: 'inbound' | 'outbound',
    fromMs: number,
    toMs: number,
    disconnectType: string,
    outbound?: { dialingEnd: number; answeredAt: number; dnis: string },
  ): AnalyticsParticipant {
    const random = this.random;
    const { segments, metrics } = agentHandling(random, this.directory.wrapUpCodes, {
      queueId: queue.id,
      fromMs,
      toMs,
      disconnectType,
      ...(outbound ? { outbound } : {}),
    });
    const participant = this.participant('agent', agent.name, agent.id);
    participant.sessions.push(
      this.session(mediaType, direction, {
        ...(outbound ? { dnis: outbound.dnis } : {}),
        ...(mediaType === 'voice' ? { recording: random.chance(0.6) } : {}),
        metrics,
        segments,
      }),
    );
    return participant;
  }
}
