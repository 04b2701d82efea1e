import type { AnalyticsConversation, GenesysQueue, GenesysUser } from '../schemas';
import type { SimulatedDirectory } from './directory';
import {
  buildDigitalInteraction,
  digitalInteractionStarts,
  mergeStreams,
  type DayStreams,
} from './digital-interactions';
import { deterministicUuid, SeededRandom } from './seeded-random';
import { ConversationBuilder } from './conversation-builder';
import { truncateAt } from './conversation-snapshot';

export const DAY_MS = 86_400_000;

export interface ConversationVolume {
  weekdayCalls: number;
  weekendCalls: number;
  /** Days before today that hold calls (today always does, up to "now"). */
  historyDays: number;
  /**
   * Moves the business-hours peaks by this much (wrapping inside the UTC day, so every day keeps
   * its calls): +8 h puts them in Pacific business hours. Default 0 (peaks in UTC hours).
   */
  businessHoursShiftMs?: number;
  /**
   * Chats, e-mails, messages and callbacks (inbound and outbound) beside the calls, as a share of
   * the day's calls (default 0.12). They come on a stream of their own, so the calls stay as they were.
   */
  digitalShare?: number;
}

/** A run of conversations of one day, by their index in that day's start-time order. */
export interface DaySlice {
  date: string;
  fromIndex: number;
  toIndex: number;
}

const NON_VOICE_MEDIA = ['chat', 'email', 'message', 'callback'] as const;

/**
 * Conversations as a pure function of (seed, date, index). Each day keeps only a sorted array of
 * start times (cheap even at tens of thousands of calls a day); a conversation is built in full
 * only when someone asks for it, so a million-conversation history never sits in memory.
 */
export class ConversationCalendar {
  private readonly dayCache = new Map<string, DayStreams>();
  private readonly queueWeights: number[];
  private readonly usersById: Map<string, GenesysUser>;

  constructor(
    private readonly seed: string,
    private readonly directory: SimulatedDirectory,
    private readonly volume: ConversationVolume,
  ) {
    const random = new SeededRandom(`${seed}|queue-weights`);
    // Some customers are busier than others.
    this.queueWeights = directory.queues.map(() => 0.3 + random.next() * 1.7);
    this.usersById = new Map(directory.users.map((user) => [user.id, user]));
  }

  /** Whether the simulated history covers `date` (UTC, YYYY-MM-DD) as seen at `nowMs`. */
  holdsCallsOn(date: string, nowMs: number): boolean {
    const dayStart = Date.parse(`${date}T00:00:00.000Z`);
    const todayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
    return dayStart <= todayStart && dayStart >= todayStart - this.volume.historyDays * DAY_MS;
  }

  /**
   * Sorted start times (epoch ms) of every conversation the whole day holds, ignoring "now": the
   * calls and the digital interactions merged (an index into this array names one conversation).
   */
  startTimesForDay(date: string): Float64Array {
    return this.streamsForDay(date).starts;
  }

  private streamsForDay(date: string): DayStreams {
    const cached = this.dayCache.get(date);
    if (cached) return cached;
    const dayStart = Date.parse(`${date}T00:00:00.000Z`);
    const calls = this.callStartsForDay(date);
    const weekday = new Date(dayStart).getUTCDay();
    const expected = weekday === 0 || weekday === 6 ? this.volume.weekendCalls : this.volume.weekdayCalls;
    const shift = this.volume.businessHoursShiftMs ?? 0;
    const digital = digitalInteractionStarts(
      `${this.seed}|interactions|${date}`,
      dayStart,
      expected * (this.volume.digitalShare ?? 0.12),
      (random) => (((startOffsetMs(random) + shift) % DAY_MS) + DAY_MS) % DAY_MS,
    );
    const streams = mergeStreams(calls, digital);
    if (this.dayCache.size >= 128) {
      const oldest = this.dayCache.keys().next().value;
      if (oldest !== undefined) this.dayCache.delete(oldest);
    }
    this.dayCache.set(date, streams);
    return streams;
  }

  /** The day's calls, as generated before digital interactions existed (the demo's invoices rest on them). */
  private callStartsForDay(date: string): Float64Array {
    const dayStart = Date.parse(`${date}T00:00:00.000Z`);
    const random = new SeededRandom(`${this.seed}|day|${date}`);
    const weekday = new Date(dayStart).getUTCDay();
    const isWeekend = weekday === 0 || weekday === 6;
    const expected = isWeekend ? this.volume.weekendCalls : this.volume.weekdayCalls;
    const count = Math.max(0, Math.round(expected * random.between(isWeekend ? 0.85 : 0.9, isWeekend ? 1.15 : 1.1)));
    const starts = new Float64Array(count);
    const shift = this.volume.businessHoursShiftMs ?? 0;
    for (let i = 0; i < count; i++)
      starts[i] = dayStart + ((((startOffsetMs(random) + shift) % DAY_MS) + DAY_MS) % DAY_MS);
    starts.sort();
    return starts;
  }

  /** Slices of conversations that start in [fromMs, toMs) and not after nowMs, in start order. */
  slicesStartingBetween(fromMs: number, toMs: number, nowMs: number): DaySlice[] {
    const slices: DaySlice[] = [];
    const upperMs = Math.min(toMs, nowMs + 1);
    for (let dayStart = Math.floor(fromMs / DAY_MS) * DAY_MS; dayStart < upperMs; dayStart += DAY_MS) {
      const date = new Date(dayStart).toISOString().slice(0, 10);
      if (!this.holdsCallsOn(date, nowMs)) continue;
      const starts = this.startTimesForDay(date);
      const fromIndex = lowerBound(starts, fromMs);
      const toIndex = lowerBound(starts, upperMs);
      if (toIndex > fromIndex) slices.push({ date, fromIndex, toIndex });
    }
    return slices;
  }

  /** The day's conversations as the API would report them at nowMs. */
  conversationsForDay(date: string, nowMs: number): AnalyticsConversation[] {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00.000Z`))) {
      throw new Error(`Expected a UTC date as YYYY-MM-DD, got "${date}"`);
    }
    const dayStart = Date.parse(`${date}T00:00:00.000Z`);
    return this.slicesStartingBetween(dayStart, dayStart + DAY_MS, nowMs).flatMap((slice) =>
      this.conversationsIn(slice, nowMs),
    );
  }

  conversationsIn(slice: DaySlice, nowMs: number): AnalyticsConversation[] {
    const starts = this.startTimesForDay(slice.date);
    const conversations: AnalyticsConversation[] = [];
    for (let index = slice.fromIndex; index < slice.toIndex; index++) {
      conversations.push(this.conversationAt(slice.date, index, starts[index]!, nowMs));
    }
    return conversations;
  }

  conversationAt(date: string, index: number, startMs: number, nowMs: number): AnalyticsConversation {
    const reference = this.streamsForDay(date).references[index]!;
    // References of 0 and above are calls; below 0, digital interaction -reference - 1.
    const conversation =
      reference >= 0
        ? this.buildConversation(date, reference, startMs)
        : buildDigitalInteraction(this.seed, this.directory, this, date, -reference - 1, startMs);
    return truncateAt(conversation, nowMs);
  }

  private buildConversation(date: string, index: number, startMs: number): AnalyticsConversation {
    const random = new SeededRandom(`${this.seed}|conversation|${date}|${index}`);
    const conversationId = deterministicUuid(`${this.seed}|conversation|${date}|${index}`);
    const builder = new ConversationBuilder(this.seed, this.directory, conversationId, random);
    const queue = this.pickQueue(random);
    const roll = random.next();
    if (!queue) return builder.unroutedCall(startMs);
    if (roll < 0.02)
      return builder.inbound(startMs, random.pick(NON_VOICE_MEDIA), queue, this.routeTo(queue, random), null);
    if (roll < 0.22) {
      const agent = this.routeTo(queue, random);
      return agent ? builder.outboundCall(startMs, queue, agent) : builder.inbound(startMs, 'voice', queue, null, null);
    }
    const abandoned = random.chance(0.04);
    const firstAgent = abandoned ? null : this.routeTo(queue, random);
    let transfer: { queue: GenesysQueue; agent: GenesysUser | null } | null = null;
    if (firstAgent && this.directory.queues.length > 1 && random.chance(0.08)) {
      let target = this.pickQueue(random)!;
      while (target.id === queue.id) target = this.pickQueue(random)!;
      transfer = { queue: target, agent: this.routeTo(target, random, firstAgent.id) };
    }
    return builder.inbound(startMs, 'voice', queue, firstAgent, transfer);
  }

  pickQueue(random: SeededRandom): GenesysQueue | null {
    const queues = this.directory.queues;
    if (queues.length === 0) return null;
    const total = this.queueWeights.reduce((sum, weight) => sum + weight, 0);
    let point = random.next() * total;
    for (let i = 0; i < queues.length; i++) {
      point -= this.queueWeights[i]!;
      if (point < 0) return queues[i]!;
    }
    return queues[queues.length - 1]!;
  }

  routeTo(queue: GenesysQueue, random: SeededRandom, excludeUserId?: string): GenesysUser | null {
    const members = (this.directory.queueMembers.get(queue.id) ?? []).filter((id) => id !== excludeUserId);
    if (members.length === 0) return null;
    return this.usersById.get(random.pick(members)) ?? null;
  }
}

/** Calls bunch around a late-morning and a mid-afternoon peak; a few arrive at any hour. */
function startOffsetMs(random: SeededRandom): number {
  if (random.chance(0.1)) return Math.floor(random.next() * DAY_MS);
  const peakHour = random.chance(0.55) ? 10.5 : 15;
  const hour = Math.min(21.5, Math.max(7, peakHour + random.gaussian() * 1.8));
  return Math.floor(hour * 3_600_000);
}

function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
