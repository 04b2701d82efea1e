// What the billing oracle's world is seeded with, what it remembers for the invariants beyond the
// model and QuickBooks, and the completed jobs it reports to them (world.ts).
import type { Day, PeriodRule } from './calendar';
import type { ModelPeriod } from './model-types';
import type { Terms } from './money';
import type { Plan } from './plan-model';

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

export type ProfileSeed = {
  terms: Terms;
  /** A rate plan the clerk sets on the profile (plan-world.ts); the three fields otherwise. */
  plan?: Plan;
  rule: PeriodRule;
  billingStartOffsetDays: number;
  billDate: number;
  /** Bill the day after each period ends (the usual set-up) instead of on `billDate`. */
  billPromptly: boolean;
  billTime: string;
  queueCount: number;
};
export type WorldSeed = {
  zone: string;
  incrementSeconds: number;
  startDay: number;
  profiles: ProfileSeed[];
  seed: string;
  wholePeriods: boolean;
  /** Calls Genesys already holds when the world begins (a business that has been taking calls). */
  history?: Array<{ queue: number; daysAgo: number; minute: number; seconds: number }>;
};

/** What the world remembers for the invariants, beyond the model and QuickBooks. */
export type WorldMemory = {
  /** Each profile's terms whenever a job was worked (job code → when, by the process clock → terms per profile). */
  jobTerms: Map<string, Array<{ startedAtMs: number; terms: Map<string, Terms> }>>;
  /** QuickBooks ids of invoices a person released, and the calls they held. */
  releasedInvoices: Set<string>;
  /** Released calls and the DocNumber of the invoice they were released from. */
  releasedCalls: Map<string, string>;
  /**
   * Calls released while a run was sending (after it rated them as claimed): that run cannot bill
   * them, the runs after it must. Cleared when the step that raced ends.
   */
  releasedWhileRunning: Set<string>;
  /** Periods whose money waits for the profile's next completed scheduled run after they end (or for ever, archived). */
  disturbed: Map<string, { reason: string; endMs: number; lastDay?: Day }>;
  /** Periods a completed scheduled run must have billed (the minimum is owed even without calls). */
  mustBill: Map<string, ModelPeriod>;
  /**
   * Profiles deleted outright (never invoiced: DESIGN.md §4 "Archive"): nothing of them is billed any
   * more, so a failed run of theirs retried later bills nothing and owes nothing.
   */
  deletedProfiles: Set<string>;
  /** Calls each QuickBooks invoice holds, as the app's calls export names them. */
  callsOfInvoice: Map<string, string[]>;
  /**
   * When a completed run first rated each period (simulated time): a period that owed nothing (no
   * usage, no minimum) is settled then without an invoice, and a call reported for it later is late usage.
   */
  ratedMs: Map<string, number>;
  /** The profile's terms when a period was first rated: a period settled without an invoice keeps them. */
  ratedTerms: Map<string, Terms>;
};

/** A settlement in the app's ledger: a period accounted for with nothing (more) to invoice. */
export type Settlement = { docNumber: string; createdMs: number; periodStarts: string[]; conversationIds: string[] };

/** A completed scheduled job: when its run fell due (what it bills) and when it ran (what it could see). */
/** A completed scheduled run, with the first day of the range it was queued with (company zone). */
export type ScheduledJob = {
  id: string;
  jobId: string;
  profileId: string;
  dueMs: number;
  runMs: number;
  start: string;
};
/** A completed manual run: its days (company zone), its queues and which profiles it invoiced or skipped. */
export type ManualJob = {
  jobId: string;
  start: string;
  end: string;
  queues: string[];
  profileIds: string[];
  runMs: number;
};
