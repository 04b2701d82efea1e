/**
 * Unowned calls (DESIGN.md §4, "Nothing silently unbilled"): billable calls on a queue that no
 * active profile holds, or that started before their holder's billing start date. Shown per queue
 * in the billing coverage, on the dashboard and at GET /billing/unowned-calls until a person
 * assigns the queue to a profile or dismisses them.
 */
import { z } from 'zod';
import { recordId } from './text';

export const UNOWNED_REASONS = ['NO_ACTIVE_PROFILE', 'BEFORE_BILLING_START'] as const;
export type UnownedReason = (typeof UNOWNED_REASONS)[number];

export const ZUnownedQueueSchema = z.object({
  queueId: z.string(),
  /** The Genesys queue's name; its id when Genesys never listed the queue. */
  queueName: z.string(),
  reason: z.enum(UNOWNED_REASONS),
  /** Why nobody bills them, in words: "No active customer profile holds this queue", … */
  reasonText: z.string(),
  /** The active profile holding the queue (its calls before its billing start date are unowned). */
  holder: z.object({ profileId: z.string(), name: z.string(), billingStartDate: z.string() }).nullable(),
  calls: z.number().int(),
  /** Billed minutes at the company's billing increment. */
  minutes: z.number(),
  firstCallAt: z.string(),
  lastCallAt: z.string(),
  /** The last time a person dismissed this queue's unowned calls (the calls seen then). */
  lastDismissal: z.object({ at: z.string(), by: z.string().nullable(), calls: z.number().int() }).nullable(),
});
export type TUnownedQueue = z.output<typeof ZUnownedQueueSchema>;

export const ZUnownedCallsSchema = z.object({
  queues: z.array(ZUnownedQueueSchema),
  totals: z.object({ calls: z.number().int(), minutes: z.number() }),
});
export type TUnownedCalls = z.output<typeof ZUnownedCallsSchema>;

/** POST /billing/unowned-calls/{queueId}/dismiss: the queue's unowned calls seen so far. */
export const ZDismissUnownedCallsRequestSchema = z.object({ queueId: recordId('Queue id') });
export type TDismissUnownedCallsRequest = z.input<typeof ZDismissUnownedCallsRequestSchema>;

export const ZUnownedDismissalSchema = z.object({
  queueId: z.string(),
  queueName: z.string(),
  calls: z.number().int(),
  minutes: z.number(),
  dismissedAt: z.string(),
  dismissedBy: z.string().nullable(),
});
export type TUnownedDismissal = z.output<typeof ZUnownedDismissalSchema>;

// In a module of its own without zod: Billing Jobs shows it and need not download the schema library.
export { unownedSummary } from './unowned-summary';
