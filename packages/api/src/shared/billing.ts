import { z } from 'zod';
import { BILLING_JOB_STATUSES, BILLING_JOB_TYPES } from './billing-states';
import { calendarDateText } from './calendar-date';
import { recordId, safeText, safeTextList, TEXT_LIMITS } from './text';
import { ZUnownedQueueSchema } from './unowned-calls';

export * from './billing-states';

const calendarDate = (label: string) =>
  calendarDateText(
    label,
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(10, `${label} must be a date (YYYY-MM-DD)`),
  );

/** POST /billing/run (and the Run Billing Job form). */
export const ZRunBillingJobRequestSchema = z
  .object({
    billingPeriodStart: calendarDate('Start date'),
    billingPeriodEnd: calendarDate('End date'),
    isDryRun: z.boolean({ error: 'isDryRun must be true or false' }).default(false),
    selectedQueues: safeTextList({
      label: 'Selected queues',
      maxItems: TEXT_LIMITS.selectedQueues,
      item: {
        label: 'Queue name',
        max: TEXT_LIMITS.name,
        required: true,
        requiredMessage: 'A selected queue name cannot be blank',
      },
    }).min(1, 'Select at least one queue'),
    /** Hold the invoices for a person's review before sending (default: each profile's setting). */
    holdForReview: z.boolean({ error: 'holdForReview must be true or false' }).optional(),
  })
  .refine((value) => value.billingPeriodStart <= value.billingPeriodEnd, {
    message: 'End date must be on or after the start date',
    path: ['billingPeriodEnd'],
  });
export type RunBillingJobInput = z.input<typeof ZRunBillingJobRequestSchema>;

/**
 * POST /billing/invoices/{qboInvoiceId}/release (and the release dialog, for the same messages):
 * the QuickBooks id, or the DocNumber of a sent reservation QuickBooks is missing.
 */
export const ZReleaseInvoiceSchema = z.object({
  qboInvoiceId: recordId('QuickBooks invoice id'),
  reason: safeText({
    label: 'Reason',
    max: TEXT_LIMITS.note,
    required: true,
    requiredMessage: 'Say why the invoice is released',
    kind: 'multi-line',
  }),
});

const reviewProfileIds = z
  .array(recordId('Profile id'), { error: 'profileIds must be a list of customer profile ids' })
  .max(10_000, 'profileIds cannot hold more than 10000 entries');

/** POST /billing/jobs/{id}/approve: the customers to send (all of the job's when left out). */
export const ZApproveBillingJobSchema = z.object({
  id: recordId('Job id'),
  profileIds: reviewProfileIds.optional(),
});
export type TApproveBillingJobInput = z.input<typeof ZApproveBillingJobSchema>;

/** POST /billing/jobs/{id}/reject: the customers whose invoices are dropped, and why. */
export const ZRejectBillingJobSchema = z.object({
  id: recordId('Job id'),
  profileIds: reviewProfileIds.min(1, 'Select at least one customer to reject'),
  reason: safeText({
    label: 'Reason',
    max: TEXT_LIMITS.note,
    required: true,
    requiredMessage: 'Say why the invoices are rejected',
    kind: 'multi-line',
  }),
});
export type TRejectBillingJobInput = z.input<typeof ZRejectBillingJobSchema>;

/** GET /billing/jobs: optional status filter, job-id search (matched literally) and count. */
export const ZBillingJobsRequestSchema = z.object({
  status: z.enum(BILLING_JOB_STATUSES).optional(),
  search: safeText({ label: 'Search', max: 50 }).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  page: z.number().int().min(1).max(1_000_000).optional(),
});

/** One invoice line as a job reports it. */
export const ZBillingLineSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
  taxCode: z.string().nullable(),
  /** The billing period the line belongs to, and how: its first invoice, the rest of a split period, late calls. */
  periodStart: z.string().optional(),
  periodEnd: z.string().optional(),
  kind: z.enum(['FIRST', 'REST', 'LATE', 'CREDIT']).optional(),
  /** A rate plan charge's QuickBooks item, when it names one (else the app's usage item). */
  itemName: z.string().nullable().optional(),
});

export const ZBillingJobSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  status: z.enum(BILLING_JOB_STATUSES),
  type: z.enum(BILLING_JOB_TYPES),
  queueName: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  totalClients: z.number().int(),
  processedClients: z.number().int(),
  totalInvoices: z.number().int(),
  successfulInvoices: z.number().int(),
  failedInvoices: z.number().int(),
  totalAmount: z.number(),
  error: z.string().nullable(),
  /** The run holds its invoices for review; since when it waits (null when it does not). */
  holdForReview: z.boolean(),
  awaitingReviewSince: z.string().nullable(),
});
export type BillingJobView = z.infer<typeof ZBillingJobSchema>;

export const REVIEW_FLAG_CODES = [
  'USAGE_UP',
  'USAGE_DOWN',
  'NO_USAGE',
  'TERMS_CHANGED',
  'FIRST_INVOICE',
  'LONG_INTERACTIONS',
  'CALLS_WHILE_INACTIVE',
] as const;
export const ZReviewFlagSchema = z.object({ code: z.enum(REVIEW_FLAG_CODES), message: z.string() });
export type ReviewFlag = z.infer<typeof ZReviewFlagSchema>;
export const ZPreviousPeriodSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  billedMinutes: z.string(),
  amount: z.number(),
});
export type PreviousPeriod = z.infer<typeof ZPreviousPeriodSchema>;

export const BILLING_CUSTOMER_STATUSES = ['PENDING', 'INVOICED', 'SKIPPED', 'FAILED', 'RATED'] as const;

export const ZBillingJobCustomerSchema = z.object({
  id: z.string(),
  profileId: z.string().nullable(),
  customerName: z.string(),
  status: z.enum(BILLING_CUSTOMER_STATUSES),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  calls: z.number().int(),
  billedMinutes: z.string(),
  amount: z.number(),
  lines: z.array(ZBillingLineSchema),
  queueUsage: z.array(z.object({ queueName: z.string(), calls: z.number().int(), billedMinutes: z.string() })),
  qboInvoiceId: z.string().nullable(),
  /**
   * What QuickBooks made of the invoice: its total (TotalAmt) and the tax it added. They differ
   * from `amount` (what was billed) when QuickBooks adds tax; null until the invoice is created.
   */
  qboTotalAmount: z.number().nullable(),
  qboTaxAmount: z.number().nullable(),
  /** A credit memo for over-invoiced periods ("Credit, <period>" lines, negative above), beside or instead of the invoice. */
  creditAmount: z.number(),
  qboCreditMemoId: z.string().nullable(),
  creditDocNumber: z.string().nullable(),
  docNumber: z.string().nullable(),
  /** The invoice's ledger state (RESERVED, CREATED, SETTLED, RELEASED); null without one. */
  invoiceState: z.string().nullable(),
  /** What QuickBooks said of the invoice when last asked: active, voided or deleted; null before any check. */
  invoiceQboStatus: z.string().nullable(),
  skipReason: z.string().nullable(),
  error: z.string().nullable(),
  /** Its invoice waits (or waited) for a person's review; the decision, by whom, when, and a rejection's reason. */
  reviewHeld: z.boolean(),
  reviewDecision: z.enum(['APPROVED', 'REJECTED']).nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  /** What a reviewer should look at, in plain words (empty when nothing stands out). */
  flags: z.array(ZReviewFlagSchema),
  /** The customer's previous invoiced period (minutes and amount), or null for a first invoice. */
  previous: ZPreviousPeriodSchema.nullable(),
});
export type BillingJobCustomerView = z.infer<typeof ZBillingJobCustomerSchema>;

export const ZBillingJobDetailSchema = ZBillingJobSchema.extend({ customers: z.array(ZBillingJobCustomerSchema) });
export type BillingJobDetailView = z.infer<typeof ZBillingJobDetailSchema>;

export const ZBillingQueueSchema = z.object({
  name: z.string(),
  customers: z.array(
    z.object({
      customerId: z.string(),
      qboDisplayName: z.string(),
      qboCompanyName: z.string().nullable(),
      ratePerMinute: z.string(),
      minimumMinutes: z.number().int(),
    }),
  ),
});
export type BillingQueueView = z.infer<typeof ZBillingQueueSchema>;

/** GET /customer-profiles/{id}/billing-coverage: which periods are billed, which are not, and late calls. */
export const ZBillingCoverageSchema = z.object({
  billingStartDate: z.string(),
  /** Last day of the last period billed in full; null when none is. */
  billedThrough: z.string().nullable(),
  periods: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      calls: z.number().int(),
      billedMinutes: z.number(),
      amountInvoiced: z.number(),
      fullyBilled: z.boolean(),
      /** Interactions of its billed days that no charge of its plan prices (the spec's fields price voice only). */
      notInPlan: z.number().int(),
      /** Calls of this period that arrived after it was billed (the month-end screen's "late usage waiting"). */
      lateCalls: z.object({ count: z.number().int(), minutes: z.number() }),
      invoices: z.array(
        z.object({
          qboInvoiceId: z.string().nullable(),
          docNumber: z.string(),
          jobId: z.string().nullable(),
          billingJobId: z.string(),
          /** INVOICE, or SETTLEMENT (days accounted for with nothing to invoice). */
          kind: z.string(),
          state: z.string(),
          /** What QuickBooks said when last asked: active, voided or deleted. */
          qboStatus: z.string().nullable(),
          amount: z.number(),
        }),
      ),
    }),
  ),
  /** Ended periods not billed in full, with the calls still waiting in them. */
  unbilledPeriods: z.array(
    z.object({ start: z.string(), end: z.string(), calls: z.number().int(), billedMinutes: z.number() }),
  ),
  /** Calls that arrived after their days were billed: the next invoice bills them. */
  lateCalls: z.object({ count: z.number().int(), minutes: z.number() }),
  /** Calls on this profile's queues that no run will bill (before its billing start, or while no active profile held them). */
  unownedCalls: z.array(ZUnownedQueueSchema),
});
export type BillingCoverageView = z.infer<typeof ZBillingCoverageSchema>;
