// The Genesys simulator's public shape: its options, fault switches, statistics and handle (index.ts builds it).
import type http from 'node:http';
import type { AnalyticsConversation, GenesysQueue, GenesysUser, GenesysWrapUpCode } from '../schemas';
import type { LateConversationCreated, LateConversationSpec } from './late-conversations';
import type { GenesysSimulatorModes } from './vendor-modes';

export interface GenesysSimulatorOptions {
  /** Everything generated derives from this (default 'phone-billing'). */
  seed?: string;
  userCount?: number;
  queueCount?: number;
  /** Days before today that hold calls (default 92, about three months). */
  historyDays?: number;
  /** Average calls on a weekday (default 300) and on a Saturday or Sunday (default 60). */
  weekdayCalls?: number;
  weekendCalls?: number;
  /** Chats, e-mails, messages and callbacks a day, as a share of the day's calls (default 0.12). */
  digitalInteractionShare?: number;
  /**
   * Offset (minutes east of UTC, e.g. -480 for Pacific time) of the place the calls come from:
   * their business-hours peaks follow its clock. Default 0.
   */
  businessUtcOffsetMinutes?: number;
  /** The simulator's clock: data ends here, tokens expire and rate-limit windows roll by it. */
  now?: () => Date;
  /** Requests a minute each access token may make (default 300). */
  rateLimitPerMinute?: number;
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of issued tokens (default 86399 s, as Genesys). */
  tokenLifetimeSeconds?: number;
  /** Keep conversations injected after the fact in this JSON file, so they outlive a restart. */
  stateFile?: string;
  /** What it plays beyond the schema (vendor-modes.ts); changeable later through `modes`. */
  modes?: Partial<GenesysSimulatorModes>;
  /** Results the details query pages to at most (Genesys: 100,000); tests of big days lower it. */
  maxPaginationResults?: number;
}

/** Switches tests flip at run time. */
export interface GenesysSimulatorFaults {
  /** Share of requests (0..1) answered with a 503 or 500 before anything else happens. */
  serverErrorRate: number;
  /** Delay added before every answer. */
  latencyMs: number;
  /** The next N API requests get a 429, whatever the rate limit says. */
  rateLimitBurst: number;
  /** Tokens issued from now on expire after this many seconds. */
  tokenLifetimeSeconds: number;
}

export interface GenesysSimulatorStats {
  requestsByPath: Record<string, number>;
  tooManyRequestsSent: number;
  serverErrorsSent: number;
  unauthorizedSent: number;
  tokensIssued: number;
  detailQueries: Array<{ interval: string | null; pageNumber: number | null; pageSize: number | null; status: number }>;
}

export interface GenesysSimulator {
  /** Serves paths relative to the simulator root; the request body must still be unread. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  listen(port?: number, host?: string): Promise<{ url: string; close(): Promise<void> }>;
  faults: GenesysSimulatorFaults;
  /** Whole-day intervals, participants without sessions: change them at any time. */
  modes: GenesysSimulatorModes;
  /** Makes every token issued so far answer 401 from now on. */
  expireAllTokens(): void;
  stats: GenesysSimulatorStats;
  resetStats(): void;
  credentials: { clientId: string; clientSecret: string };
  users(): GenesysUser[];
  queues(): GenesysQueue[];
  wrapUpCodes(): GenesysWrapUpCode[];
  /** The day's conversations (UTC date 'YYYY-MM-DD') as the API reports them right now. */
  conversationsForDay(utcDate: string): AnalyticsConversation[];
  /**
   * Adds a conversation after the fact, as `POST /_control/conversations` does: the details
   * query reports it from now on (in progress until start + duration). Throws on bad input.
   */
  addConversation(spec: LateConversationSpec): LateConversationCreated;
}
