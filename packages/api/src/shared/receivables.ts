import { z } from 'zod';

// Receivables (DESIGN.md §4 "The invoice's life"; spec/API.md "invoices after sending"): the
// Invoices screen's filters and rows, an invoice's payments, a profile's and the company's open
// and overdue balances. Browser-safe: zod only. Amounts are numbers rounded to cents (DESIGN §6).

export const INVOICE_STATUSES = ['OPEN', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'VOIDED', 'DELETED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ['INVOICE', 'CREDIT_MEMO'] as const;

/** The badge words people read for each status. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  OPEN: 'Open',
  PARTIALLY_PAID: 'Partially paid',
  PAID: 'Paid',
  OVERDUE: 'Overdue',
  VOIDED: 'Voided',
  DELETED: 'Deleted',
};

/** A real calendar day from 1900 to 2999 (PostgreSQL would refuse 0000-00-00 or 2026-02-30). */
function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoDay = z
  .string()
  .refine(isRealDay, { error: 'Dates are real days, YYYY-MM-DD' })
  // The OpenAPI document says so too (format: date is a real calendar day).
  .meta({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The list's filters, shared by GET /invoices and GET /invoices.csv (and the screen's URL). */
export const ZInvoiceFiltersSchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: `status must be one of ${INVOICE_STATUSES.join(', ')}` }).optional(),
  customerProfileId: z.string().uuid('customerProfileId must be a profile id').optional(),
  kind: z.enum(INVOICE_KINDS, { error: 'kind must be INVOICE or CREDIT_MEMO' }).optional(),
  /** Periods ending on or after this day. */
  from: isoDay.optional(),
  /** Periods starting on or before this day. */
  to: isoDay.optional(),
  /** The invoices of one billing job (Job Details). */
  billingJobId: z.string().uuid('billingJobId must be a billing job id').optional(),
});
export type TInvoiceFilters = z.infer<typeof ZInvoiceFiltersSchema>;

export const ZInvoiceListRequestSchema = ZInvoiceFiltersSchema.extend({
  page: z.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(1_000_000).default(1),
  limit: z
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(500, 'Limit cannot exceed 500')
    .default(25),
});
export type TInvoiceListRequest = z.input<typeof ZInvoiceListRequestSchema>;

export const ZInvoiceRowSchema = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_KINDS),
  qboId: z.string(),
  docNumber: z.string(),
  customerProfileId: z.string(),
  customerName: z.string(),
  billingJobId: z.string(),
  jobId: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  totalAmount: z.number(),
  balance: z.number(),
  dueDate: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  emailStatus: z.enum(['NOT_SENT', 'SENT']),
  emailedAt: z.string().nullable(),
  emailedTo: z.string().nullable(),
  lastSendError: z.string().nullable(),
  lastPaymentOn: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Whether a person may release it for re-billing (voided or deleted, not yet released). */
  releasable: z.boolean(),
  qboUrl: z.string().nullable(),
});
export type TInvoiceRow = z.infer<typeof ZInvoiceRowSchema>;

export const ZInvoiceTotalsSchema = z.object({
  count: z.number().int(),
  totalAmount: z.number(),
  balance: z.number(),
  overdue: z.number(),
});
export type TInvoiceTotals = z.infer<typeof ZInvoiceTotalsSchema>;

export const ZInvoicePaymentSchema = z.object({ qboPaymentId: z.string(), date: z.string(), amount: z.number() });

export const ZInvoiceDetailSchema = ZInvoiceRowSchema.extend({
  payments: z.array(ZInvoicePaymentSchema),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().nullable(),
      unitPrice: z.number().nullable(),
      amount: z.number(),
    }),
  ),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetailSchema>;

// Checked by refine with zod's e-mail rule; the OpenAPI document states the same rule (issue 25:
// the document must not allow what the server refuses).
const email = z
  .string()
  .trim()
  .max(254, 'An e-mail address has at most 254 characters')
  .refine((value) => z.email().safeParse(value).success, { error: 'Type a valid e-mail address' })
  .meta({ format: 'email', pattern: z.regexes.email.source });

/** POST /invoices/{id}/send: the address typed in, or none for the profile's e-mail. */
export const ZSendInvoiceRequestSchema = z.object({
  id: z.string().uuid('Invoice ids are UUIDs'),
  sendTo: email.optional(),
});
export type TSendInvoiceRequest = z.infer<typeof ZSendInvoiceRequestSchema>;

/** The send dialog's form (the address is optional: empty means the profile's e-mail). */
export const ZSendInvoiceFormSchema = z.object({ sendTo: z.union([z.literal(''), email]) });

export const ZProfileReceivablesSchema = z.object({
  openBalance: z.number(),
  overdueAmount: z.number(),
  lastPaymentAt: z.string().nullable(),
  lastPaymentAmount: z.number().nullable(),
  openInvoices: z.number().int(),
});
export type TProfileReceivables = z.infer<typeof ZProfileReceivablesSchema>;

export const ZDashboardReceivablesSchema = z.object({
  open: z.number(),
  overdue: z.number(),
  collectedThisMonth: z.number(),
  currency: z.string(),
  openInvoices: z.number().int(),
  overdueInvoices: z.number().int(),
});
export type TDashboardReceivables = z.infer<typeof ZDashboardReceivablesSchema>;

export const invoicesCsvFileName = (today: string) => `invoices-${today}.csv`;
