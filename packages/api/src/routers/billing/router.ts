import { getJobDetail, jobView, listBillingQueues } from '../../billing/job-views';
import { countJobs, DEFAULT_JOB_LIST_LIMIT, listRecentJobs, MAX_JOB_LIST_LIMIT } from '../../billing/list-jobs';
import { cancelJob, retryJob, startManualJob } from '../../billing/start-job';
import { approveJob, rejectJob } from '../../billing/review-job';
import { exportJobCalls } from '../../billing/calls-export';
import { releaseInvoice } from '../../billing/release-invoice';
import { billingPreflight } from '../../billing/preflight';
import { quoteRatePlan } from '../../billing/quote-plan';
import { ZQuoteRequestSchema } from '../../shared/rate-plan';
import { permissionProcedure } from '../../procedures';
import { ZBillingJobsRequestSchema, ZRunBillingJobRequestSchema } from '../../shared/billing';
import { billingJobResultsCsv } from '../../shared/billing-results-csv';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZApproveBillingJobRequestSchema,
  ZBillingReviewResponseSchema,
  ZRejectBillingJobRequestSchema,
  ZBillingJobIdRequestSchema,
  ZBillingPreflightResponseSchema,
  ZQuoteResponseSchema,
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
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing/jobs',
        tags: ['billing'],
        summary: 'Billing jobs, newest first (optional status filter and job id search)',
      },
    })
    .input(ZBillingJobsRequestSchema.optional())
    .output(ZBillingJobsResponseSchema)
    .query(async ({ ctx, input }) => {
      const filter = input ?? {};
      const [jobs, total] = await Promise.all([
        listRecentJobs(ctx.services.db, filter),
        countJobs(ctx.services.db, filter),
      ]);
      const limit = Math.min(filter.limit ?? DEFAULT_JOB_LIST_LIMIT, MAX_JOB_LIST_LIMIT);
      const page = filter.page ?? 1;
      return {
        success: true as const,
        data: jobs,
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      };
    }),

  job: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing/jobs/{id}',
        tags: ['billing'],
        summary: 'One billing job with its per-customer results',
      },
    })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingJobResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: await getJobDetail(ctx.services.db, input.id) })),

  resultsCsv: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing/jobs/{id}/results-csv',
        tags: ['billing'],
        summary:
          "A job's per-customer results as CSV text (customer, status, period, calls, minutes, amount, invoice, reason)",
      },
    })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingResultsCsvResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: billingJobResultsCsv(await getJobDetail(ctx.services.db, input.id)),
    })),

  queues: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing/queues',
        tags: ['billing'],
        summary: 'Queues held by active customer profiles, with their customers',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZBillingQueuesResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: { queues: await listBillingQueues(ctx.services.db) } })),

  preflight: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/preflight',
        tags: ['billing'],
        summary:
          'What a run with this input would meet (QuickBooks, unmapped customers, cut periods, the kill switch, periods already invoiced); runs nothing',
      },
    })
    .input(ZRunBillingJobRequestSchema)
    .output(ZBillingPreflightResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      data: await billingPreflight(ctx.services, input),
    })),

  quote: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/quote',
        errorResponses: { 404: 'No such customer profile' },
        tags: ['billing'],
        summary:
          "What a rate plan (default: the profile's) would have billed over past days, period by period, beside what was invoiced; bills nothing",
      },
    })
    .input(ZQuoteRequestSchema)
    .output(ZQuoteResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      data: await quoteRatePlan(ctx.services.db, input),
    })),

  run: permissionProcedure('billing:run')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/billing/run',
        errorResponses: { 409: 'Billing is paused by the kill switch' },
        tags: ['billing'],
        summary: 'Start a billing job (or a dry run) for the selected queues and period',
      },
    })
    .input(ZRunBillingJobRequestSchema)
    .output(ZRunBillingJobResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await startManualJob(ctx.services, input, ctx.user);
      return {
        success: true as const,
        message: `Billing job ${job.jobId} started`,
        data: { jobId: job.jobId, id: job.id, job: jobView(job) },
      };
    }),

  retry: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/retry/{id}',
        errorResponses: { 409: 'Only failed jobs can be retried' },
        tags: ['billing'],
        summary: 'Re-queue a failed job for its customers without an invoice',
      },
    })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingJobStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await retryJob(ctx.services, input.id, ctx.user);
      return {
        success: true as const,
        message: `Job retry initiated for ${job.jobId}`,
        data: { jobId: job.jobId, id: job.id, status: job.status },
      };
    }),

  cancel: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/billing/jobs/{id}',
        errorResponses: { 409: 'Only pending, running or waiting jobs can be cancelled' },
        tags: ['billing'],
        summary:
          'Cancel a pending, running or waiting job (it stops before its next invoice; invoices under review are dropped)',
      },
    })
    .input(ZBillingJobIdRequestSchema)
    .output(ZBillingJobStatusResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await cancelJob(ctx.services.db, input.id, ctx.user);
      return {
        success: true as const,
        message: `Job cancelled for ${job.jobId}`,
        data: { jobId: job.jobId, id: job.id, status: job.status },
      };
    }),

  approve: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/jobs/{id}/approve',
        errorResponses: {
          400: 'Unknown customer profile ids',
          409: 'The job is not waiting for review, a customer was already decided, or the kill switch is on',
        },
        tags: ['billing'],
        summary: 'Approve invoices waiting for review (all, or the given profileIds): they are sent',
      },
    })
    .input(ZApproveBillingJobRequestSchema)
    .output(ZBillingReviewResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await approveJob(ctx.services, input.id, input.profileIds, ctx.user);
      return {
        success: true as const,
        message: `Invoices of ${job.jobId} approved: they are being sent`,
        data: await getJobDetail(ctx.services.db, job.id),
      };
    }),

  reject: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/jobs/{id}/reject',
        errorResponses: {
          400: 'Unknown customer profile ids',
          409: 'The job is not waiting for review, or a customer was already decided',
        },
        tags: ['billing'],
        summary:
          'Reject invoices waiting for review, with a reason: their reservations are dropped and nothing is billed',
      },
    })
    .input(ZRejectBillingJobRequestSchema)
    .output(ZBillingReviewResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const job = await rejectJob(ctx.services, input.id, input.profileIds, input.reason, ctx.user);
      return {
        success: true as const,
        message: `Invoices of ${job.jobId} rejected: nothing is billed for them`,
        data: await getJobDetail(ctx.services.db, job.id),
      };
    }),

  /** The calls behind one customer's invoice in a job, as CSV (served at GET /api/v1/billing/jobs/{id}/calls.csv). */
  jobCallsCsv: permissionProcedure('billing:view')
    .input(ZJobCallsCsvRequestSchema)
    .query(async ({ ctx, input }) => exportJobCalls(ctx.services.db, input.id, input.profileId)),

  releaseInvoice: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/invoices/{qboInvoiceId}/release',
        errorResponses: {
          409: 'The invoice is still active in QuickBooks (or QuickBooks holds a missing one after all), or was already released',
          429: 'QuickBooks is limiting requests',
          502: 'QuickBooks could not say whether the invoice is still active',
        },
        tags: ['billing'],
        summary:
          'Release an invoice voided or deleted in QuickBooks for re-billing (its calls are billed again by the next run); a sent invoice QuickBooks is missing (flagged by the sweep, no QuickBooks id) is named by its DocNumber',
      },
    })
    .input(ZReleaseInvoiceRequestSchema)
    .output(ZReleaseInvoiceResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const released = await releaseInvoice(ctx.services, input.qboInvoiceId, ctx.user, input.reason);
      return {
        success: true as const,
        message: `Invoice ${released.docNumber} released: its ${released.calls} calls are billed again by the next run`,
        data: released,
      };
    }),
});
