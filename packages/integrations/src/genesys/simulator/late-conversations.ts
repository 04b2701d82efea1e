import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnalyticsConversation } from '../schemas';
import {
  buildInjectedConversation,
  type InjectedConversationRecord,
  type InjectedMetrics,
} from './injected-conversation';
import { truncateAt } from './conversation-snapshot';
import type { SimulatedDirectory } from './directory';

// Conversations added after the fact through POST /_control/conversations (or addConversation):
// Genesys itself may report a call days late, and billing must still find it. Kept in a state
// file when the simulator has one, so they outlive a restart like the QuickBooks simulator's data.

export const INJECTABLE_MEDIA_TYPES = ['voice', 'chat', 'email', 'callback', 'message'] as const;
/** The longest conversation that can be injected: a day. */
export const MAX_INJECTED_DURATION_SECONDS = 86_400;

/** What a test or a demo asks for. */
export interface LateConversationSpec {
  /** A queue of the simulated organisation, by name (case does not matter). */
  queueName: string;
  /** ISO-8601 instant with a zone (`2026-03-02T15:04:00Z`), or a Date. */
  startTime: string | Date;
  /** Whole seconds, 0 to 86400. */
  durationSeconds: number;
  /** 'voice' (default), 'chat', 'email', 'callback' or 'message'. */
  mediaType?: string;
  /** Sent with a participant without sessions and a session without segments, as Genesys' schema allows. */
  withoutSessions?: boolean;
  /** 'inbound' (default) or 'outbound': the conversation's originatingDirection and its sessions' direction. */
  direction?: 'inbound' | 'outbound';
  /** Whole seconds the agent's tTalk, tHeld and tAcw report (default: talk from the answer to the end, no hold, 30 s of wrap-up). */
  metrics?: InjectedMetrics;
}

/** The answer to an injection: what the details query will report. */
export interface LateConversationCreated {
  conversationId: string;
  queueId: string;
  startTime: string;
  endTime: string;
}

type StoredConversation = {
  conversationId: string;
  queueId: string;
  mediaType: string;
  startTime: string;
  durationSeconds: number;
  withoutSessions?: boolean;
  direction?: 'inbound' | 'outbound';
  metrics?: InjectedMetrics;
};
type StateFile = { version: 1; conversations: StoredConversation[] };

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Epoch ms of an ISO-8601 instant with a zone, or NaN; refuses days a month lacks (Date.parse rolls 02-30 over to March). */
function parseInstant(text: string): number {
  const match = ISO_INSTANT.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((group) => Number(match[group]));
  const second = Number(match[7] ?? 0);
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth || hour! > 23 || minute! > 59 || second > 59)
    return Number.NaN;
  return Date.parse(text);
}

export class LateConversationError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isWholeSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INJECTED_DURATION_SECONDS;

function isMetrics(value: unknown): value is InjectedMetrics {
  return (
    isRecord(value) &&
    isWholeSeconds(value.talkSeconds) &&
    isWholeSeconds(value.holdSeconds) &&
    isWholeSeconds(value.acwSeconds)
  );
}

export class LateConversations {
  /** In start order; conversations starting at the same instant keep the order they came in. */
  private records: InjectedConversationRecord[] = [];
  /** Ids of those sent without sessions (withoutSessions). */
  private readonly sessionless = new Set<string>();

  constructor(
    private readonly seed: string,
    private readonly directory: SimulatedDirectory,
    private readonly stateFile?: string,
  ) {
    if (stateFile && existsSync(stateFile)) {
      const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as StateFile;
      for (const stored of saved.conversations ?? []) {
        // A state file from an organisation with other queues: those conversations cannot be shown.
        if (!directory.queues.some((queue) => queue.id === stored.queueId)) continue;
        const { withoutSessions: sessionless, ...record } = stored;
        this.insert({ ...record, startMs: Date.parse(stored.startTime) });
        if (sessionless) this.sessionless.add(stored.conversationId);
      }
    }
  }

  /** Checks a request and stores the conversation; LateConversationError says what is wrong. */
  add(input: unknown): LateConversationCreated {
    if (!isRecord(input))
      throw new LateConversationError(
        'The body must be a JSON object: { queueName, startTime, durationSeconds, mediaType }.',
      );
    const { queueName, startTime, durationSeconds } = input;
    const mediaType = input.mediaType ?? 'voice';

    if (typeof queueName !== 'string' || queueName.trim() === '')
      throw new LateConversationError('queueName is required: the name of a simulated queue.');
    const wanted = queueName.trim().toLowerCase();
    const queue = this.directory.queues.find((candidate) => candidate.name.toLowerCase() === wanted);
    if (!queue) {
      const known = this.directory.queues.map((candidate) => candidate.name).join(', ');
      throw new LateConversationError(`Unknown queue "${queueName}". The simulated queues are: ${known}.`);
    }

    const startText =
      startTime instanceof Date
        ? Number.isNaN(startTime.getTime())
          ? 'Invalid Date'
          : startTime.toISOString()
        : startTime;
    const startMs = typeof startText === 'string' ? parseInstant(startText) : Number.NaN;
    if (Number.isNaN(startMs)) {
      throw new LateConversationError(
        `startTime must be an ISO-8601 date and time with a zone, such as 2026-03-02T15:04:00Z (got ${JSON.stringify(startTime ?? null)}).`,
      );
    }

    if (
      typeof durationSeconds !== 'number' ||
      !Number.isInteger(durationSeconds) ||
      durationSeconds < 0 ||
      durationSeconds > MAX_INJECTED_DURATION_SECONDS
    ) {
      throw new LateConversationError(
        `durationSeconds must be a whole number of seconds from 0 to ${MAX_INJECTED_DURATION_SECONDS} (got ${JSON.stringify(durationSeconds ?? null)}).`,
      );
    }

    if (typeof mediaType !== 'string' || !(INJECTABLE_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
      throw new LateConversationError(
        `mediaType must be one of ${INJECTABLE_MEDIA_TYPES.join(', ')} (got ${JSON.stringify(mediaType)}).`,
      );
    }

    if (input.withoutSessions !== undefined && typeof input.withoutSessions !== 'boolean') {
      throw new LateConversationError(
        `withoutSessions must be true or false (got ${JSON.stringify(input.withoutSessions)}).`,
      );
    }

    const { direction, metrics } = input;
    if (direction !== undefined && direction !== 'inbound' && direction !== 'outbound')
      throw new LateConversationError(`direction must be inbound or outbound (got ${JSON.stringify(direction)}).`);
    if (metrics !== undefined && !isMetrics(metrics))
      throw new LateConversationError(
        'metrics must be { talkSeconds, holdSeconds, acwSeconds }, each a whole number of seconds from 0 to 86400.',
      );

    const record: InjectedConversationRecord = {
      conversationId: randomUUID(),
      queueId: queue.id,
      mediaType,
      startMs,
      durationSeconds,
      ...(direction ? { direction } : {}),
      ...(metrics ? { metrics: { ...metrics } } : {}),
    };
    this.insert(record);
    if (input.withoutSessions === true) this.sessionless.add(record.conversationId);
    this.save();
    return {
      conversationId: record.conversationId,
      queueId: queue.id,
      startTime: new Date(startMs).toISOString(),
      endTime: new Date(startMs + durationSeconds * 1000).toISOString(),
    };
  }

  /** Injected conversations that start in [fromMs, toMs) and not after nowMs, in start order. */
  startingBetween(fromMs: number, toMs: number, nowMs: number): InjectedConversationRecord[] {
    const upperMs = Math.min(toMs, nowMs + 1);
    return this.records.filter((record) => record.startMs >= fromMs && record.startMs < upperMs);
  }

  /** The conversation as the details query reports it at nowMs (in progress until it ends). */
  conversationAt(record: InjectedConversationRecord, nowMs: number): AnalyticsConversation | null {
    const conversation = buildInjectedConversation(this.seed, this.directory, record);
    return conversation ? truncateAt(conversation, nowMs) : null;
  }

  /** Whether this conversation goes out without sessions (the details query's answer leaves them out). */
  sentWithoutSessions(conversationId: string): boolean {
    return this.sessionless.has(conversationId);
  }

  private insert(record: InjectedConversationRecord): void {
    let index = this.records.length;
    while (index > 0 && this.records[index - 1]!.startMs > record.startMs) index--;
    this.records.splice(index, 0, record);
  }

  /** Writes through a temporary file so a crash mid-write never leaves half a state file. */
  private save(): void {
    if (!this.stateFile) return;
    const state: StateFile = {
      version: 1,
      conversations: this.records.map(({ conversationId, queueId, mediaType, startMs, durationSeconds, ...extra }) => ({
        conversationId,
        queueId,
        mediaType,
        startTime: new Date(startMs).toISOString(),
        durationSeconds,
        ...(extra.direction ? { direction: extra.direction } : {}),
        ...(extra.metrics ? { metrics: extra.metrics } : {}),
        ...(this.sessionless.has(conversationId) ? { withoutSessions: true } : {}),
      })),
    };
    mkdirSync(dirname(this.stateFile), { recursive: true });
    const temporary = `${this.stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, this.stateFile);
  }
}
