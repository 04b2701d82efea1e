import { z } from 'zod';
import { ZPreflightWarningSchema } from './billing-preflight';

/**
 * The Month end screen (issue 24; GET /month-end, POST /month-end/bill-missing): per customer,
 * what a month's billing came to. Shared by the server and the screen. Browser-safe: zod only.
 */
const MONTH_MESSAGE = 'Month must be a month like 2026-10';

export const ZMonthSchema = z.string({ error: MONTH_MESSAGE }).regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, MONTH_MESSAGE);

export const ZMonthEndRequestSchema = z.object({ month: ZMonthSchema });
export type TMonthEndRequest = z.infer<typeof ZMonthEndRequestSchema>;

/** Worst first: the order the screen lists customers in. */
export const MONTH_END_STATES = ['VOIDED', 'FAILED', 'NOT_BILLED', 'LATE_USAGE_WAITING', 'BILLED', 'NOT_DUE'] as const;
export type TMonthEndState = (typeof MONTH_END_STATES)[number];

/** How the screen names each state. */
export const MONTH_END_STATE_LABELS: Record<TMonthEndState, string> = {
  VOIDED: 'Voided',
  FAILED: 'Failed',
  NOT_BILLED: 'Not billed',
  LATE_USAGE_WAITING: 'Late usage waiting',
  BILLED: 'Billed',
  NOT_DUE: 'Period not ended',
};

export const ZMonthEndCustomerSchema = z.object({
  customerProfileId: z.string(),
  customerName: z.string(),
  state: z.enum(MONTH_END_STATES),
  /** The amount that goes with the state: what is missing (an estimate at the profile's terms) or what was invoiced. */
  amount: z.number(),
  billedAmount: z.number(),
  /** Not billed yet, estimated at the profile's current terms (minimum included). */
  missingAmount: z.number(),
  lateCalls: z.object({ count: z.number().int(), minutes: z.number() }),
  /** The last failed attempt's reason, when the state is FAILED. */
  failure: z.string().nullable(),
  periods: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      status: z.enum(['BILLED', 'NOT_BILLED', 'NOT_DUE']),
      calls: z.number().int(),
      minutes: z.number(),
    }),
  ),
  invoices: z.array(
    z.object({
      docNumber: z.string(),
      qboInvoiceId: z.string().nullable(),
      jobId: z.string().nullable(),
      amount: z.number(),
      /** QuickBooks' word on it: null (live), 'VOIDED' or 'DELETED'. */
      qboStatus: z.string().nullable(),
    }),
  ),
});
export type TMonthEndCustomer = z.infer<typeof ZMonthEndCustomerSchema>;

export const ZMonthEndSchema = z.object({
  month: z.string(),
  start: z.string(),
  end: z.string(),
  customers: z.array(ZMonthEndCustomerSchema),
  /** Billable calls of the month that no run will bill as things stand (unowned-calls.ts), not dismissed. */
  unowned: z.object({
    calls: z.number().int(),
    minutes: z.number(),
    /** Per queue, with why nobody bills them (no active profile holds it, or before the holder's billing start). */
    queues: z.array(z.object({ name: z.string(), calls: z.number().int(), minutes: z.number(), reason: z.string() })),
  }),
  /** The pre-flight of "Bill what is missing" (POST /billing/preflight's warnings). */
  warnings: z.array(ZPreflightWarningSchema),
  totals: z.object({ billed: z.number(), missing: z.number() }),
});
export type TMonthEnd = z.infer<typeof ZMonthEndSchema>;

export const ZBillMissingRequestSchema = z.object({
  month: ZMonthSchema,
  isDryRun: z.boolean({ error: 'isDryRun must be true or false' }).default(false),
});
export type TBillMissingRequest = z.input<typeof ZBillMissingRequestSchema>;

export const ZBillMissingSchema = z.object({
  /** One job per distinct range of missing periods (customers sharing a range share a job). */
  jobs: z.array(
    z.object({ id: z.string(), jobId: z.string(), start: z.string(), end: z.string(), customers: z.array(z.string()) }),
  ),
});
export type TBillMissing = z.infer<typeof ZBillMissingSchema>;
