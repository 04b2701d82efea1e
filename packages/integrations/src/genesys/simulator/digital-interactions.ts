import type {
  AnalyticsConversation,
  AnalyticsConversationSegment,
  AnalyticsSessionMetric,
  GenesysQueue,
  GenesysUser,
  GenesysWrapUpCode,
} from '../schemas';
import { ConversationBuilder } from './conversation-builder';
import {
  callerNumber,
  dialingSegments,
  holdWithinTalk,
  metric,
  seconds,
  segment,
  talkSeconds,
  wrapUpSegment,
} from './conversation-parts';
import type { SimulatedDirectory } from './directory';
import { deterministicUuid, SeededRandom } from './seeded-random';

// Chats, e-mails, messages and callbacks, inbound and outbound, beside the simulated calls.
// They are a second stream of each day, drawn from seeds of their own ("|interactions|",
// "|interaction|"), so adding them left every call of every day exactly as it was: the demo's
// invoices are built on those calls. DESIGN.md §5 "Simulated Genesys serves every media type".

/** A day's conversations in start order: `references[i]` >= 0 is call number r, < 0 digital interaction -r - 1. */
export interface DayStreams {
  starts: Float64Array;
  references: Int32Array;
}

/** How the calendar picks a customer's queue (busier customers more often) and an agent of it. */
export interface QueueRouter {
  pickQueue(random: SeededRandom): GenesysQueue | null;
  routeTo(queue: GenesysQueue, random: SeededRandom, excludeUserId?: string): GenesysUser | null;
}

/** Media of the digital stream and their shares: chat is the busiest channel after voice. */
const DIGITAL_MEDIA: ReadonlyArray<readonly [string, number]> = [
  ['chat', 0.4],
  ['email', 0.25],
  ['message', 0.22],
  ['callback', 0.13],
];
/** Share the agents start (an e-mail or message sent, a customer called back); the rest come in. */
const OUTBOUND_SHARE = 0.25;
/** Inbound interactions nobody picks up (the customer leaves the chat, the message is never answered). */
const ABANDONED_SHARE = 0.05;
/** Callbacks whose customer does not answer. */
const UNANSWERED_CALLBACK_SHARE = 0.2;

/** Sorted start times of a day's digital interactions, about `expected` of them. */
export function digitalInteractionStarts(
  seedText: string,
  dayStartMs: number,
  expected: number,
  offsetMs: (random: SeededRandom) => number,
): Float64Array {
  const random = new SeededRandom(seedText);
  const count = Math.max(0, Math.round(expected * random.between(0.85, 1.15)));
  const starts = new Float64Array(count);
  for (let i = 0; i < count; i++) starts[i] = dayStartMs + offsetMs(random);
  starts.sort();
  return starts;
}

/** Both streams in one start order, calls first on a tie. */
export function mergeStreams(calls: Float64Array, digital: Float64Array): DayStreams {
  const starts = new Float64Array(calls.length + digital.length);
  const references = new Int32Array(calls.length + digital.length);
  let c = 0;
  let d = 0;
  for (let i = 0; i < starts.length; i++) {
    if (d >= digital.length || (c < calls.length && calls[c]! <= digital[d]!)) {
      starts[i] = calls[c]!;
      references[i] = c++;
    } else {
      starts[i] = digital[d]!;
      references[i] = -d++ - 1;
    }
  }
  return { starts, references };
}

function pickMedia(random: SeededRandom): string {
  let point = random.next();
  for (const [mediaType, share] of DIGITAL_MEDIA) {
    point -= share;
    if (point < 0) return mediaType;
  }
  return DIGITAL_MEDIA[DIGITAL_MEDIA.length - 1]![0];
}

/** Digital interaction `index` of `date`: a pure function of the seed, the date and the index. */
export function buildDigitalInteraction(
  seed: string,
  directory: SimulatedDirectory,
  router: QueueRouter,
  date: string,
  index: number,
  startMs: number,
): AnalyticsConversation {
  const key = `${seed}|interaction|${date}|${index}`;
  const random = new SeededRandom(key);
  const builder = new ConversationBuilder(seed, directory, deterministicUuid(key), random);
  const mediaType = pickMedia(random);
  const queue = router.pickQueue(random);
  if (!queue) return unrouted(builder, random, startMs, mediaType);
  if (random.chance(OUTBOUND_SHARE)) {
    const agent = router.routeTo(queue, random);
    if (agent)
      return outbound(builder, random, { startMs, mediaType, queue, agent, wrapUpCodes: directory.wrapUpCodes });
  }
  const agent = random.chance(ABANDONED_SHARE) ? null : router.routeTo(queue, random);
  return builder.inbound(startMs, mediaType, queue, agent, null);
}

/**
 * An interaction an agent starts from a queue: an e-mail or message written and sent, or a
 * callback dialled (which the customer may not answer). The agent's session carries the
 * handling metrics: tTalk, tHeld (callbacks put on hold), tAcw and tHandle = talk + hold + ACW.
 */
function outbound(
  builder: ConversationBuilder,
  random: SeededRandom,
  {
    startMs,
    mediaType,
    queue,
    agent,
    wrapUpCodes,
  }: { startMs: number; mediaType: string; queue: GenesysQueue; agent: GenesysUser; wrapUpCodes: GenesysWrapUpCode[] },
): AnalyticsConversation {
  const isCallback = mediaType === 'callback';
  const customerAddress = isCallback ? callerNumber(random) : `customer-${Math.floor(random.next() * 1e6)}`;
  const segments: AnalyticsConversationSegment[] = [];
  const metrics: AnalyticsSessionMetric[] = [];
  let connectedAt = startMs;
  let answered = true;
  if (isCallback) {
    const dialingEnd = startMs + seconds(random.between(1, 4));
    connectedAt = dialingEnd + seconds(random.between(4, 25));
    answered = !random.chance(UNANSWERED_CALLBACK_SHARE);
    segments.push(
      ...dialingSegments(queue.id, startMs, dialingEnd, connectedAt, answered ? undefined : 'noAnswerTransfer'),
    );
    metrics.push(metric('tContacting', connectedAt - dialingEnd, connectedAt));
  }
  let endMs = connectedAt;
  let heldMs = 0;
  if (answered) {
    endMs = connectedAt + seconds(talkSeconds(random, mediaType === 'email'));
    // Only a callback is a call an agent can put on hold.
    const hold = isCallback ? holdWithinTalk(random, queue.id, connectedAt, endMs, 0.2, 120) : null;
    if (hold) {
      segments.push(...hold.segments);
      metrics.push(hold.heldMetric);
      heldMs = hold.heldMs;
    }
    segments.push(
      segment(hold?.resumeMs ?? connectedAt, endMs, 'interact', { queueId: queue.id, disconnectType: 'client' }),
    );
  }
  const acwEnd = endMs + seconds(random.between(5, 90));
  const wrapUpCode = wrapUpCodes.length === 0 ? undefined : random.pick(wrapUpCodes).id;
  segments.push(wrapUpSegment(queue.id, endMs, acwEnd, wrapUpCode));
  const talkMs = endMs - connectedAt - heldMs;
  if (answered) metrics.push(metric('nConnected', 1, connectedAt), metric('tTalk', talkMs, endMs));
  metrics.push(metric('tAcw', acwEnd - endMs, acwEnd), metric('tHandle', talkMs + heldMs + (acwEnd - endMs), acwEnd));

  const agentParticipant = builder.participant('agent', agent.name, agent.id);
  agentParticipant.sessions.push(
    builder.session(mediaType, 'outbound', { ...(isCallback ? { dnis: customerAddress } : {}), metrics, segments }),
  );
  const customer = builder.participant(
    isCallback ? 'external' : 'customer',
    isCallback ? customerAddress.replace('tel:', '') : 'Customer',
  );
  if (answered) {
    customer.sessions.push(
      builder.session(mediaType, 'outbound', {
        ...(isCallback ? { dnis: customerAddress } : {}),
        segments: [segment(connectedAt, endMs, 'interact', { disconnectType: 'peer' })],
      }),
    );
  }
  return builder.conversation(
    startMs,
    endMs,
    'outbound',
    [queue],
    answered ? [agentParticipant, customer] : [agentParticipant],
  );
}

/** An interaction that reached no queue at all (only when the simulated org has no queues). */
function unrouted(
  builder: ConversationBuilder,
  random: SeededRandom,
  startMs: number,
  mediaType: string,
): AnalyticsConversation {
  const endMs = startMs + seconds(random.between(10, 60));
  const customer = builder.participant('customer', 'Web Visitor');
  customer.sessions.push(
    builder.session(mediaType, 'inbound', {
      segments: [segment(startMs, endMs, 'interact', { disconnectType: 'endpoint' })],
    }),
  );
  return builder.conversation(startMs, endMs, 'inbound', [], [customer]);
}
