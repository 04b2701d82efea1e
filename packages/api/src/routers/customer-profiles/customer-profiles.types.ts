// Customer profiles' requests and answers as the router takes and gives them. A profile's shape,
// the form (shared with the web app) and the list filters live in shared/customer-profile.ts.
import { z } from 'zod';
import { ZBillingCoverageSchema } from '../../shared/billing';
import {
  ZSaveCustomerProfileRequestSchema,
  ZCustomerProfileSchema,
  ZCustomerProfileStatsSchema,
  ZProfileInvoiceSchema,
} from '../../shared/customer-profile';
import { dataResponse, pagedResponse } from '../common.types';
import { ZRowVersionSchema } from '../../shared/row-version';
import { ZRatePlanSchema, ZRatePlanViewSchema } from '../../shared/rate-plan';

export const ZCustomerProfileIdRequestSchema = z.object({ id: z.string().uuid('Customer profile not found') });
export type TCustomerProfileIdRequest = z.infer<typeof ZCustomerProfileIdRequestSchema>;

/** PUT /customer-profiles/{id}: the form, and the `version` it was read at (stale: 409; none: last write wins). */
export const ZUpdateCustomerProfileRequestSchema = ZSaveCustomerProfileRequestSchema.safeExtend({
  ...ZCustomerProfileIdRequestSchema.shape,
  version: ZRowVersionSchema,
});
export type TUpdateCustomerProfileRequest = z.infer<typeof ZUpdateCustomerProfileRequestSchema>;

export const ZCustomerProfileListResponseSchema = pagedResponse(ZCustomerProfileSchema).extend({
  summary: z.object({
    total: z.number(),
    active: z.number(),
    withQboMapping: z.number(),
    withQueues: z.number(),
    complete: z.number(),
  }),
});

/** A Genesys queue the profile form suggests. */
const ZQueueSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  divisionName: z.string().nullable(),
});

export const ZQueueSuggestionsResponseSchema = dataResponse(z.array(ZQueueSuggestionSchema)).extend({
  /** Where the names came from: Genesys itself, or the stored copy when Genesys did not answer. */
  source: z.enum(['genesys', 'stored']),
});

/** Create and update answer the profile as saved. */
export const ZCustomerProfileResponseSchema = dataResponse(ZCustomerProfileSchema);

/** A profile with invoices is archived rather than deleted; `archived` says which happened. */
export const ZDeleteCustomerProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  archived: z.boolean(),
});

export const ZRescheduleBillingResponseSchema = dataResponse(
  z.object({ customerName: z.string(), nextRun: z.string().nullable() }),
);

export const ZRescheduleAllBillingResponseSchema = dataResponse(
  z.object({ successCount: z.number().int(), failedCount: z.number().int() }),
);

export const ZCustomerProfileStatsResponseSchema = dataResponse(ZCustomerProfileStatsSchema);

export const ZProfileInvoicesResponseSchema = dataResponse(z.array(ZProfileInvoiceSchema));

export const ZBillingCoverageResponseSchema = dataResponse(ZBillingCoverageSchema);

/** PUT /customer-profiles/{id}/rate-plan: a plan from its `effectiveFrom` (a period start), or null for the spec's fields from `effectiveFrom`. */
export const ZSaveRatePlanRequestSchema = z.object({
  ...ZCustomerProfileIdRequestSchema.shape,
  ratePlan: ZRatePlanSchema.nullable(),
  effectiveFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective from must be a date (YYYY-MM-DD)')
    .nullish(),
});
export type TSaveRatePlanRequest = z.infer<typeof ZSaveRatePlanRequestSchema>;

export const ZRatePlanResponseSchema = dataResponse(ZRatePlanViewSchema);
