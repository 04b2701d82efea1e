// One simulated conversation built in full, as Genesys' analytics API returns it: participants,
// sessions, segments and metrics (conversations.ts decides which conversations exist and when).
import type {
  AnalyticsConversation,
  AnalyticsConversationSegment,
  AnalyticsParticipant,
  AnalyticsSession,
  AnalyticsSessionMetric,
  GenesysQueue,
  GenesysUser,
} from '../schemas';
import type { SimulatedDirectory } from './directory';
import { deterministicUuid, SeededRandom } from './seeded-random';

export const iso = (ms: number): string => new Date(ms).toISOString();
export const seconds = (s: number): number => Math.round(s * 1000);

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
          segments: [
            { segmentStart: iso(cursor), segmentEnd: iso(ivrEnd), segmentType: 'ivr', disconnectType: 'transfer' },
          ],
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
      customer.sessions.push(
        this.session(mediaType, 'inbound', {
          ani: isVoice ? caller : undefined,
          dnis: isVoice ? dialled : undefined,
          segments: [
            { segmentStart: iso(startMs), segmentEnd: iso(endMs), segmentType: 'interact', disconnectType: 'endpoint' },
          ],
        }),
      );
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
        this.session(mediaType, 'inbound', {
          ani: isVoice ? caller : undefined,
          dnis: isVoice ? dialled : undefined,
          segments: [
            {
              segmentStart: iso(startMs),
              segmentEnd: iso(endMs),
              segmentType: 'interact',
              disconnectType: customerHangsUp ? 'endpoint' : 'peer',
            },
          ],
        }),
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
      this.session(mediaType, 'inbound', {
        ani: isVoice ? caller : undefined,
        dnis: isVoice ? dialled : undefined,
        segments: [
          {
            segmentStart: iso(startMs),
            segmentEnd: iso(endMs),
            segmentType: 'interact',
            disconnectType: customerHangsUp ? 'endpoint' : 'peer',
          },
        ],
      }),
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
        segments: [
          { segmentStart: iso(answeredAt), segmentEnd: iso(endMs), segmentType: 'interact', disconnectType: 'peer' },
        ],
      }),
    );
    return this.conversation(startMs, endMs, 'outbound', [queue], [agentParticipant, external]);
  }

  /**
   * A conversation of exactly endMs − startMs: the caller waits briefly in the queue, then one
   * agent of that queue takes it to the end. Used for conversations injected after the fact.
   */
  answeredInQueue(
    startMs: number,
    endMs: number,
    mediaType: string,
    queue: GenesysQueue,
    agent: GenesysUser,
    options: {
      direction?: 'inbound' | 'outbound';
      metrics?: { talkSeconds: number; holdSeconds: number; acwSeconds: number };
    } = {},
  ): AnalyticsConversation {
    const direction = options.direction ?? 'inbound';
    const random = this.random;
    const isVoice = mediaType === 'voice';
    const caller = callerNumber(random);
    const dialled = this.directory.queueNumbers.get(queue.id) ?? 'tel:+18005550000';
    const customer = this.participant('customer', isVoice ? caller.replace('tel:', '') : 'Web Visitor');
    customer.sessions.push(
      this.session(mediaType, direction, {
        ani: isVoice ? caller : undefined,
        dnis: isVoice ? dialled : undefined,
        segments: [
          { segmentStart: iso(startMs), segmentEnd: iso(endMs), segmentType: 'interact', disconnectType: 'endpoint' },
        ],
      }),
    );
    const answeredAt = startMs + Math.min(seconds(15), Math.floor((endMs - startMs) / 4));
    const acd = this.acdParticipant(queue, mediaType, startMs, answeredAt, 'transfer', agent.id, [
      metric('nOffered', 1, answeredAt),
      metric('tAcd', answeredAt - startMs, answeredAt),
    ]);
    const acwEnd = endMs + seconds(options.metrics?.acwSeconds ?? 30);
    const wrapUpCode = this.directory.wrapUpCodes[0]?.id;
    const agentParticipant = this.participant('agent', agent.name, agent.id);
    agentParticipant.sessions.push(
      this.session(mediaType, direction, {
        metrics: [
          metric('nConnected', 1, answeredAt),
          ...(options.metrics
            ? [
                metric('tTalk', seconds(options.metrics.talkSeconds), endMs),
                metric('tHeld', seconds(options.metrics.holdSeconds), endMs),
                metric('tAcw', seconds(options.metrics.acwSeconds), acwEnd),
                metric(
                  'tHandle',
                  seconds(options.metrics.talkSeconds + options.metrics.holdSeconds + options.metrics.acwSeconds),
                  acwEnd,
                ),
              ]
            : [
                metric('tTalk', endMs - answeredAt, endMs),
                metric('tAcw', acwEnd - endMs, acwEnd),
                metric('tHandle', acwEnd - answeredAt, acwEnd),
              ]),
        ],
        segments: [
          {
            segmentStart: iso(answeredAt),
            segmentEnd: iso(endMs),
            segmentType: 'interact',
            queueId: queue.id,
            disconnectType: 'peer',
          },
          {
            segmentStart: iso(endMs),
            segmentEnd: iso(acwEnd),
            segmentType: 'wrapup',
            queueId: queue.id,
            ...(wrapUpCode ? { wrapUpCode } : {}),
          },
        ],
      }),
    );
    return this.conversation(startMs, endMs, direction, [queue], [customer, acd, agentParticipant]);
  }

  /** A call that reached no queue at all (only when the simulated org has no queues). */
  unroutedCall(startMs: number): AnalyticsConversation {
    const caller = callerNumber(this.random);
    const endMs = startMs + seconds(this.random.between(10, 60));
    const customer = this.participant('customer', caller.replace('tel:', ''));
    customer.sessions.push(
      this.session('voice', 'inbound', {
        ani: caller,
        segments: [
          { segmentStart: iso(startMs), segmentEnd: iso(endMs), segmentType: 'interact', disconnectType: 'endpoint' },
        ],
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

  private acdParticipant(
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
        segments: [
          {
            segmentStart: iso(fromMs),
            segmentEnd: iso(toMs),
            segmentType: 'interact',
            queueId: queue.id,
            disconnectType,
          },
        ],
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
    const segments: AnalyticsConversationSegment[] = [];
    const metrics: AnalyticsSessionMetric[] = [];
    let talkFrom: number;
    if (outbound) {
      segments.push({
        segmentStart: iso(fromMs),
        segmentEnd: iso(outbound.dialingEnd),
        segmentType: 'dialing',
        queueId: queue.id,
      });
      segments.push({
        segmentStart: iso(outbound.dialingEnd),
        segmentEnd: iso(outbound.answeredAt),
        segmentType: 'contacting',
        queueId: queue.id,
      });
      talkFrom = outbound.answeredAt;
      metrics.push(metric('tContacting', outbound.answeredAt - outbound.dialingEnd, outbound.answeredAt));
    } else {
      const alertEnd = Math.min(toMs - 1000, fromMs + seconds(random.between(2, 10)));
      segments.push({ segmentStart: iso(fromMs), segmentEnd: iso(alertEnd), segmentType: 'alert', queueId: queue.id });
      metrics.push(metric('tAlert', alertEnd - fromMs, alertEnd), metric('tAnswered', alertEnd - fromMs, alertEnd));
      talkFrom = alertEnd;
    }
    const connectedAt = talkFrom;
    let heldMs = 0;
    if (toMs - talkFrom > seconds(90) && random.chance(0.15)) {
      const holdStart = talkFrom + Math.floor((toMs - talkFrom) * random.between(0.3, 0.6));
      const holdEnd = Math.min(toMs - 1000, holdStart + seconds(random.between(15, 150)));
      segments.push({
        segmentStart: iso(talkFrom),
        segmentEnd: iso(holdStart),
        segmentType: 'interact',
        queueId: queue.id,
      });
      segments.push({ segmentStart: iso(holdStart), segmentEnd: iso(holdEnd), segmentType: 'hold', queueId: queue.id });
      heldMs = holdEnd - holdStart;
      metrics.push(metric('tHeld', heldMs, holdEnd));
      talkFrom = holdEnd;
    }
    segments.push({
      segmentStart: iso(talkFrom),
      segmentEnd: iso(toMs),
      segmentType: 'interact',
      queueId: queue.id,
      disconnectType,
    });
    const acwEnd = toMs + seconds(random.between(8, 100));
    const wrapUpCodes = this.directory.wrapUpCodes;
    // Most calls end resolved; the other codes share the rest.
    const wrapUpCode =
      wrapUpCodes.length === 0 ? undefined : random.chance(0.4) ? wrapUpCodes[0]!.id : random.pick(wrapUpCodes).id;
    segments.push({
      segmentStart: iso(toMs),
      segmentEnd: iso(acwEnd),
      segmentType: 'wrapup',
      queueId: queue.id,
      ...(wrapUpCode ? { wrapUpCode } : {}),
    });
    metrics.push(
      metric('nConnected', 1, connectedAt),
      metric('tTalk', toMs - connectedAt - heldMs, toMs),
      metric('tAcw', acwEnd - toMs, acwEnd),
      metric('tHandle', acwEnd - connectedAt, acwEnd),
    );
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
