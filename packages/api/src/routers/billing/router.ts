import { getJobDetail, jobView, listBillingQueues } from '../../billing/job-views';
import { countJobs, DEFAULT_JOB_LIST_LIMIT, listRecentJobs, MAX_JOB_LIST_LIMIT } from '../../billing/list-jobs';
import { cancelJob, retryJob, startManualJob } from '../../billing/start-job';
import { exportJobCalls } from '../../billing/calls-export';
import { releaseInvoice } from '../../billing/release-invoice';
import { permissionProcedure } from '../../procedures';
import { ZBillingJobsQuerySchema, ZRunBillingJobSchema } from '../../shared/billing';
import { billingJobResultsCsv } from '../../shared/billing-results-csv';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZBillingJobIdRequestSchema,
  ZBillingJobResponseSchema,
  ZBillingJobsResponseSchema,
  ZBillingJobStatusResponseSchema,
  ZBillingQueuesResponseSchema,
  ZBillingResultsCsvResponseSchema,
  ZJobCallsCsvRequestSchema,
  ZReleaseInvoiceRequestSchema,
  ZReleaseInvoiceResponseSchema,
  ZRunBillingJobResponseSchema,
} from './billing.types';

// Procedures of this area (thin: validate, authorise, call a domain function, shape).
export const billingRouter = router({
  jobs: permissionProcedure('billing:view')
    .meta({ openapi: { method: 'GET', path: '/billing/jobs', tags: ['billing'], summary: 'Billing jobs, newest first (optional status filter and job id search)' } })
    .input(ZBillingJobsQuerySchema.optional())
    .output(ZBillingJobsResponseSchema)
    .query(async ({ ctx, input }) => {
      const filter = input ?? {};
      const [jobs, total] = await Promise.all([listRecentJobs(ctx.services.db, filter), countJobs(ctx.services.db, filter)]);
      const limit = Math.min(filter.limit ?? DEFAULT_JOB_LIST_LIMIT, MAX_JOB_LIST_LIMIT);
      const page = filter.page ?? 1;
      return { success: true as const, data: jobs, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    }),

  job: permissionProcedure('billing:view')
    .meta({ openapi: { method: 'GET', path: '/billing/jobs/{id}', tags: ['billing'], summary: 'One billing job with its per-customer results' } })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingJobResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: await getJobDetail(ctx.services.db, input.id) })),

  resultsCsv: permissionProcedure('billing:view')
    .meta({ openapi: { method: 'GET', path: '/billing/jobs/{id}/results-csv', tags: ['billing'], summary: "A job's per-customer results as CSV text (customer, status, period, calls, minutes, amount, invoice, reason)" } })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingResultsCsvResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: billingJobResultsCsv(await getJobDetail(ctx.services.db, input.id)) })),

  queues: permissionProcedure('billing:view')
    .meta({ openapi: { method: 'GET', path: '/billing/queues', tags: ['billing'], summary: 'Queues held by active customer profiles, with their customers' } })
    .input(ZNoInputRequestSchema)
    .output(ZBillingQueuesResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: { queues: await listBillingQueues(ctx.services.db) } })),

  run: permissionProcedure('billing:run')
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/billing/run', errorResponses: { 409: 'Billing is paused by the kill switch' }, tags: ['billing'], summary: 'Start a billing job (or a dry run) for the selected queues and period' } })
    .input(ZRunBillingJobSchema)
    .output(ZRunBillingJobResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await startManualJob(ctx.services, input, ctx.user);
      return { success: true as const, message: `Billing job ${job.jobId} started`, data: { jobId: job.jobId, id: job.id, job: jobView(job) } };
    }),

  retry: permissionProcedure('billing:run')
    .meta({ openapi: { method: 'POST', path: '/billing/retry/{id}', errorResponses: { 409: 'Only failed jobs can be retried' }, tags: ['billing'], summary: 'Re-queue a failed job for its customers without an invoice' } })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingJobStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await retryJob(ctx.services, input.id, ctx.user);
      return { success: true as const, message: `Job retry initiated for ${job.jobId}`, data: { jobId: job.jobId, id: job.id, status: job.status } };
    }),

  cancel: permissionProcedure('billing:run')
    .meta({ openapi: { method: 'DELETE', path: '/billing/jobs/{id}', errorResponses: { 409: 'Only pending or running jobs can be cancelled' }, tags: ['billing'], summary: 'Cancel a pending or running job (it stops before its next invoice)' } })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingJobStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await cancelJob(ctx.services.db, input.id, ctx.user);
      return { success: true as const, message: `Job cancelled for ${job.jobId}`, data: { jobId: job.jobId, id: job.id, status: job.status } };
    }),

  /** The calls behind one customer's invoice in a job, as CSV (served at GET /api/v1/billing/jobs/{id}/calls.csv). */
  jobCallsCsv: permissionProcedure('billing:view')
    .input(ZJobCallsCsvRequestSchema)
    .query(async ({ ctx, input }) => exportJobCalls(ctx.services.db, input.id, input.profileId)),

  releaseInvoice: permissionProcedure('billing:run')
    .meta({ openapi: { method: 'POST', path: '/billing/invoices/{qboInvoiceId}/release', errorResponses: { 409: 'The invoice is still active in QuickBooks, or was already released', 429: 'QuickBooks is limiting requests', 502: 'QuickBooks could not say whether the invoice is still active' }, tags: ['billing'], summary: 'Release an invoice voided or deleted in QuickBooks for re-billing (its calls are billed again by the next run)' } })
    .input(ZReleaseInvoiceRequestSchema)
    .output(ZReleaseInvoiceResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const released = await releaseInvoice(ctx.services, input.qboInvoiceId, ctx.user, input.reason);
      return { success: true as const, message: `Invoice ${released.docNumber} released: its ${released.calls} calls are billed again by the next run`, data: released };
    }),
});
