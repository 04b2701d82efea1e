import { z } from 'zod';
import { BILLING_JOB_STATUSES, BILLING_JOB_TYPES } from './billing-states';
import { recordId, safeText, safeTextList, TEXT_LIMITS } from './text';

export * from './billing-states';

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(10, `${label} must be a date (YYYY-MM-DD)`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, `${label} must be a real date`);

/** POST /billing/run (and the Run Billing Job form). */
export const ZRunBillingJobSchema = z
  .object({
    billingPeriodStart: calendarDate('Start date'),
    billingPeriodEnd: calendarDate('End date'),
    isDryRun: z.boolean({ error: 'isDryRun must be true or false' }).default(false),
    selectedQueues: safeTextList({
      label: 'Selected queues',
      maxItems: TEXT_LIMITS.selectedQueues,
      item: { label: 'Queue name', max: TEXT_LIMITS.name, required: true, requiredMessage: 'A selected queue name cannot be blank' },
    }).min(1, 'Select at least one queue'),
  })
  .refine((value) => value.billingPeriodStart <= value.billingPeriodEnd, {
    message: 'End date must be on or after the start date',
    path: ['billingPeriodEnd'],
  });
export type RunBillingJobInput = z.input<typeof ZRunBillingJobSchema>;

/** POST /billing/invoices/{qboInvoiceId}/release (and the release dialog, for the same messages). */
export const ZReleaseInvoiceSchema = z.object({
  qboInvoiceId: recordId('QuickBooks invoice id'),
  reason: safeText({ label: 'Reason', max: TEXT_LIMITS.note, required: true, requiredMessage: 'Say why the invoice is released', kind: 'multi-line' }),
});

/** GET /billing/jobs: optional status filter, job-id search (matched literally) and count. */
export const ZBillingJobsQuerySchema = z.object({
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
  kind: z.enum(['FIRST', 'REST', 'LATE']).optional(),
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
});
export type BillingJobView = z.infer<typeof ZBillingJobSchema>;

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
  docNumber: z.string().nullable(),
  /** The invoice's ledger state (RESERVED, CREATED, SETTLED, RELEASED); null without one. */
  invoiceState: z.string().nullable(),
  /** What QuickBooks said of the invoice when last asked: active, voided or deleted; null before any check. */
  invoiceQboStatus: z.string().nullable(),
  skipReason: z.string().nullable(),
  error: z.string().nullable(),
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
  unbilledPeriods: z.array(z.object({ start: z.string(), end: z.string(), calls: z.number().int(), billedMinutes: z.number() })),
  /** Calls that arrived after their days were billed: the next invoice bills them. */
  lateCalls: z.object({ count: z.number().int(), minutes: z.number() }),
});
export type BillingCoverageView = z.infer<typeof ZBillingCoverageSchema>;
