// Billing's requests and answers as the router takes and gives them. The shapes of a job, its
// customers and the run form (shared with the web app) live in shared/billing.ts.
import { z } from 'zod';
import {
  ZApproveBillingJobSchema,
  ZBillingJobDetailSchema,
  ZBillingJobSchema,
  ZBillingQueueSchema,
  ZRejectBillingJobSchema,
  ZReleaseInvoiceSchema,
} from '../../shared/billing';
import { ZBillingPreflightSchema } from '../../shared/billing-preflight';
import { ZQuoteSchema } from '../../shared/rate-plan';
import { recordId } from '../../shared/text';
import { dataResponse, messageDataResponse, pagedResponse } from '../common.types';

/** One job, by its id or its code ("BJ-7K3F9Q"). */
export const ZBillingJobIdRequestSchema = z.object({ id: recordId('Job id') });
export type TBillingJobIdRequest = z.infer<typeof ZBillingJobIdRequestSchema>;

export const ZBillingJobsResponseSchema = pagedResponse(ZBillingJobSchema);

export const ZBillingJobResponseSchema = dataResponse(ZBillingJobDetailSchema);

export const ZBillingResultsCsvResponseSchema = dataResponse(z.object({ fileName: z.string(), csv: z.string() }));

export const ZBillingQueuesResponseSchema = dataResponse(z.object({ queues: z.array(ZBillingQueueSchema) }));

export const ZRunBillingJobResponseSchema = messageDataResponse(
  z.object({ jobId: z.string(), id: z.string(), job: ZBillingJobSchema }),
);

/** What Retry and Cancel answer: the job and the status it now has. */
export const ZBillingJobStatusResponseSchema = messageDataResponse(
  z.object({ jobId: z.string(), id: z.string(), status: z.string() }),
);

/** The calls behind one customer's invoice in a job (the CSV download). */
export const ZJobCallsCsvRequestSchema = z.object({
  id: recordId('Job id'),
  profileId: z.string().uuid('Customer profile not found'),
});
export type TJobCallsCsvRequest = z.infer<typeof ZJobCallsCsvRequestSchema>;

/** The release dialog checks the reason with the same schema (shared/billing.ts), so it shows the same messages. */
export const ZReleaseInvoiceRequestSchema = ZReleaseInvoiceSchema;
export type TReleaseInvoiceRequest = z.infer<typeof ZReleaseInvoiceRequestSchema>;

export const ZReleaseInvoiceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  // qboInvoiceId is null for a reservation QuickBooks never gave an id (released by its DocNumber).
  data: z.object({
    qboInvoiceId: z.string().nullable(),
    docNumber: z.string(),
    calls: z.number().int(),
    amount: z.number(),
    qboStatus: z.string(),
  }),
});

export const ZBillingPreflightResponseSchema = dataResponse(ZBillingPreflightSchema);

/** Approve and Reject (the review panel checks with the same schemas, shared/billing.ts). */
export const ZApproveBillingJobRequestSchema = ZApproveBillingJobSchema;
export type TApproveBillingJobRequest = z.infer<typeof ZApproveBillingJobRequestSchema>;
export const ZRejectBillingJobRequestSchema = ZRejectBillingJobSchema;
export type TRejectBillingJobRequest = z.infer<typeof ZRejectBillingJobRequestSchema>;

/** What Approve and Reject answer: a message and the job as Job Details shows it. */
export const ZBillingReviewResponseSchema = messageDataResponse(ZBillingJobDetailSchema);
/** POST /billing/quote: a plan's lines per period over past days; bills nothing. */
export const ZQuoteResponseSchema = dataResponse(ZQuoteSchema);
