import { z } from 'zod';

/**
 * POST /billing/preflight's answer (issue 24): what a run with the same input would meet. Shared
 * by the server and the Run dialog. Browser-safe: zod only.
 */
export const PREFLIGHT_WARNING_CODES = [
  'RANGE',
  'KILL_SWITCH',
  'QBO_NOT_CONNECTED',
  'NO_CUSTOMERS',
  'NO_QBO_CUSTOMER',
  'PERIOD_CUT',
  'ALREADY_INVOICED',
  'NOT_IN_PLAN',
] as const;

export const ZPreflightWarningSchema = z.object({
  code: z.enum(PREFLIGHT_WARNING_CODES),
  message: z.string(),
  /** The customer it is about, when it is about one. */
  customerProfileId: z.string().optional(),
});
export type TPreflightWarning = z.infer<typeof ZPreflightWarningSchema>;

export const ZBillingPreflightSchema = z.object({
  warnings: z.array(ZPreflightWarningSchema),
  customers: z.array(
    z.object({
      customerProfileId: z.string(),
      customerName: z.string(),
      /** The customer's billing periods the range touches, whole (a cut one reaches past the range). */
      periods: z.array(z.object({ start: z.string(), end: z.string() })),
      /** Every period the range touches is invoiced in full already: only late calls would be billed. */
      alreadyInvoiced: z.boolean(),
      /**
       * Interactions the run would bill as things stand (before it pulls Genesys again): those a
       * charge of the period's rate plan prices, whatever their media type and direction (under
       * the spec's three fields, voice calls), that no invoice holds yet.
       */
      interactions: z.number().int(),
      /** Interactions in the same days that no charge of the plan prices: never billed. */
      notInPlan: z.number().int(),
    }),
  ),
});
export type TBillingPreflight = z.infer<typeof ZBillingPreflightSchema>;

/** Warnings that stop the run itself (it is refused); the others describe what it will do. */
export const BLOCKING_PREFLIGHT_CODES: ReadonlySet<TPreflightWarning['code']> = new Set(['RANGE', 'KILL_SWITCH']);
