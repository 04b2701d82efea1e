/**
 * Customer-profile rules shared by the web app and the server (spec 001 §3-§5, §9): status badge,
 * completeness and queue names (customer-profile-rules.ts, re-exported), the add/edit form schema.
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { DATE_PATTERN, isRealCalendarDate } from './calendar-date';
import { optionalSafeText, safeJsonObject, safeText, TEXT_LIMITS } from './text';

import { normaliseQueueNames } from './customer-profile-rules';
import { decimalInput, wholeNumberInput } from './number-input';
import { periodRuleProblem } from './period-rule';
import { ZRatePlanSchema, ZRatePlanViewSchema } from './rate-plan';

export * from './customer-profile-rules';
export * from './period-rule';

function dayNumberSchema(label: string) {
  const message = `${label} must be between 1 and 31`;
  return z.number({ error: message }).int(message).min(1, message).max(31, message);
}

/** Optional free text of a QuickBooks field: trimmed, blank or missing becomes null. */
const optionalName = (label: string, max: number = TEXT_LIMITS.name) => optionalSafeText({ label, max });

/** Far above any real commitment (a year of 200 lines is about 105 million minutes), within the column's range. */
const MAX_MINIMUM_MINUTES = 1_000_000_000;

const MINIMUM_MINUTES_INVALID = 'Minimum minutes must be a whole number of zero or more';
const QUEUE_NAMES_REQUIRED = 'At least one Genesys queue name is required';
const QBO_DISPLAY_NAME_REQUIRED = 'QBO Display Name is required for QuickBooks integration';
const EMAIL_INVALID = 'Email must be a valid email address';
const BILLING_START_INVALID = 'Billing start date must be a date (YYYY-MM-DD)';
const BILLING_START_OUT_OF_RANGE = 'Billing start date must be in the years 2000 to 2099';
/** Blank, or a real day of the years 2000 to 2099 (in that range every fourth year is a leap year, 2000 included). */
const BILLING_START_PATTERN =
  '^\\s*(20\\d{2}-(0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|20\\d{2}-(0[469]|11)-(0[1-9]|[12]\\d|30)|20\\d{2}-02-(0[1-9]|1\\d|2[0-8])|20([02468][048]|[13579][26])-02-29)?\\s*$';

/** Billing start dates the app accepts: 2000-01-01 to 2099-12-31 (a mistyped year such as 0202 is caught). */
const isBillingStartYear = (value: string) => value === '' || (value >= '2000-01-01' && value <= '2099-12-31');

/**
 * The add/edit customer-profile form (spec 001 §5, defaults from §3 and §9). Shared by the web
 * form (through its zod resolver) and the server's create/update input.
 */
export const ZCustomerProfileFormSchema = z
  .object({
    genesysQueueNames: z
      .array(safeText({ label: 'Queue name', max: TEXT_LIMITS.name }), { error: QUEUE_NAMES_REQUIRED })
      .min(1, QUEUE_NAMES_REQUIRED)
      .max(
        TEXT_LIMITS.queueNamesPerProfile,
        `A profile cannot hold more than ${TEXT_LIMITS.queueNamesPerProfile} queue names`,
      )
      .transform(normaliseQueueNames)
      .refine((names) => names.length > 0, { error: QUEUE_NAMES_REQUIRED }),
    qboDisplayName: safeText({
      label: 'QBO Display Name',
      max: TEXT_LIMITS.name,
      required: true,
      requiredMessage: QBO_DISPLAY_NAME_REQUIRED,
    }),
    qboCustomerId: optionalName('QBO Customer ID', TEXT_LIMITS.id),
    isActive: z.boolean().default(true),
    ratePerMinute: decimalInput('Rate Per Minute').default('1.0'),
    overageRatePerMinute: decimalInput('Overage Rate Per Minute').default('1.00'),
    minimumMinutes: wholeNumberInput({
      message: MINIMUM_MINUTES_INVALID,
      max: MAX_MINIMUM_MINUTES,
      tooLargeMessage: `Minimum minutes cannot exceed ${MAX_MINIMUM_MINUTES.toLocaleString('en-US')}`,
    }).default(0),
    billDate: dayNumberSchema('Bill day').default(1),
    billTime: z
      .string({ error: 'Bill time must be a 24-hour time like 02:00' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Bill time must be a 24-hour time like 02:00')
      .default('02:00'),
    billingPeriodStart: dayNumberSchema('Billing period start').default(1),
    billingPeriodEnd: dayNumberSchema('Billing period end').default(31),
    /** Usage before this day is never billed; blank on a new profile: the first day of its current period. */
    billingStartDate: z
      .string({ error: BILLING_START_INVALID })
      .trim()
      .refine((value) => value === '' || (DATE_PATTERN.test(value) && isRealCalendarDate(value)), {
        error: BILLING_START_INVALID,
        abort: true,
      })
      .refine(isBillingStartYear, { error: BILLING_START_OUT_OF_RANGE })
      // The pattern is the whole rule (blank, or a real day of 2000-2099), so a client can check it before sending.
      .meta({ pattern: BILLING_START_PATTERN })
      .nullish()
      .transform((value) => (value ? value : null)),
    taxCode: optionalName('Tax code', TEXT_LIMITS.id),
    notes: optionalSafeText({ label: 'Notes', max: TEXT_LIMITS.note, kind: 'multi-line' }),
    /** Payment terms: days after the invoice date its payment is due (Net 30 by default). */
    paymentTermsDays: z
      .number({ error: 'Payment terms must be a whole number of days from 0 to 365' })
      .int('Payment terms must be a whole number of days from 0 to 365')
      .min(0, 'Payment terms must be a whole number of days from 0 to 365')
      .max(365, 'Payment terms must be a whole number of days from 0 to 365')
      .default(30),
    /** E-mail each invoice through QuickBooks right after it is created. */
    emailInvoices: z.boolean({ error: 'emailInvoices must be true or false' }).default(false),
    /** Hold this profile's invoices for a person's review before sending (also when the organisation's setting is on). */
    reviewBeforeSending: z.boolean({ error: 'reviewBeforeSending must be true or false' }).default(false),
    qboCompanyName: optionalName('Company name'),
    qboGivenName: optionalName('Given name'),
    qboMiddleName: optionalName('Middle name'),
    qboFamilyName: optionalName('Family name'),
    qboTitle: optionalName('Title'),
    qboSuffix: optionalName('Suffix'),
    qboPrimaryEmailAddr: z
      .string({ error: EMAIL_INVALID })
      .trim()
      .max(TEXT_LIMITS.email, `Email cannot be longer than ${TEXT_LIMITS.email} characters`)
      .refine((value) => value === '' || z.email().safeParse(value).success, { error: EMAIL_INVALID })
      .meta({ format: 'email', pattern: `^$|${z.regexes.email.source}` })
      .nullish()
      .transform((value) => (value ? value : null)),
    qboPrimaryPhone: optionalName('Phone'),
    qboLine1: optionalName('Address line 1'),
    qboCity: optionalName('City'),
    qboCountrySubDivisionCode: optionalName('State / province'),
    qboPostalCode: optionalName('Postal code'),
    qboCountry: optionalName('Country').default('US'),
  })
  .refine((form) => periodRuleProblem(form.billingPeriodStart, form.billingPeriodEnd) === null, {
    // Shown beside the end day, even while other fields are still wrong.
    path: ['billingPeriodEnd'],
    when: (payload) => hasValidDayNumbers(payload.value),
    error: (issue) => {
      const form = issue.input as { billingPeriodStart: number; billingPeriodEnd: number };
      return (
        periodRuleProblem(form.billingPeriodStart, form.billingPeriodEnd) ?? 'The billing period must cover every day'
      );
    },
  });

/** Both period days given as whole numbers 1..31 (defaults apply when they are missing). */
function hasValidDayNumbers(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { billingPeriodStart = 1, billingPeriodEnd = 31 } = value as Record<string, unknown>;
  const isDay = (day: unknown) => Number.isInteger(day) && (day as number) >= 1 && (day as number) <= 31;
  return isDay(billingPeriodStart) && isDay(billingPeriodEnd);
}

/** What the form holds (numbers or text for the rates, blanks allowed). */
export type TCustomerProfileFormInput = z.input<typeof ZCustomerProfileFormSchema>;
/** What a valid form yields: trimmed, de-duplicated, blanks as null, rates as decimal text. */
export type TCustomerProfileForm = z.output<typeof ZCustomerProfileFormSchema>;

/** Every form field present and not null, as an HTML form holds them. */
export type TCustomerProfileFormValues = {
  [field in keyof TCustomerProfileFormInput]-?: NonNullable<TCustomerProfileFormInput[field]>;
};

/** The values a new profile form starts with (spec 001 §3 and §9). */
export const customerProfileDefaults: TCustomerProfileFormValues = {
  genesysQueueNames: [],
  qboDisplayName: '',
  qboCustomerId: '',
  isActive: true,
  ratePerMinute: '1.0',
  overageRatePerMinute: '1.00',
  minimumMinutes: 0,
  billDate: 1,
  billTime: '02:00',
  billingPeriodStart: 1,
  billingPeriodEnd: 31,
  billingStartDate: '',
  taxCode: '',
  notes: '',
  paymentTermsDays: 30,
  emailInvoices: false,
  reviewBeforeSending: false,
  qboCompanyName: '',
  qboGivenName: '',
  qboMiddleName: '',
  qboFamilyName: '',
  qboTitle: '',
  qboSuffix: '',
  qboPrimaryEmailAddr: '',
  qboPrimaryPhone: '',
  qboLine1: '',
  qboCity: '',
  qboCountrySubDivisionCode: '',
  qboPostalCode: '',
  qboCountry: 'US',
};

/** The QuickBooks customer's snapshot kept by 'Connect to This Customer' (QuickBooks' own field names). */
export const ZQboMetadataSchema = safeJsonObject({
  label: 'QuickBooks snapshot (qboMetadata)',
  maxChars: 50_000,
}).nullish();

/**
 * A create or update body: the form plus the QuickBooks snapshot, and the rate plan (the rate-plan
 * endpoint's schema; absent: unchanged; null: back to the spec's fields).
 */
export const ZSaveCustomerProfileRequestSchema = ZCustomerProfileFormSchema.safeExtend({
  qboMetadata: ZQboMetadataSchema,
  ratePlan: ZRatePlanSchema.nullish(),
});
export type TCustomerProfileSaveInput = z.input<typeof ZSaveCustomerProfileRequestSchema>;

const booleanText = z.enum(['true', 'false']).optional();

/** GET /customer-profiles query: 'true'/'false' texts for the yes/no filters (REST query strings). */
export const ZCustomerProfileListRequestSchema = z.object({
  page: z.number().int().min(1).max(1_000_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  /** Matched literally (a % or _ is just that character) against names, e-mail and queue names. */
  search: safeText({ label: 'Search', max: TEXT_LIMITS.search }).optional(),
  isActive: booleanText,
  hasQboCustomerId: booleanText,
  hasGenesysQueues: booleanText,
  queueName: safeText({ label: 'Queue name', max: TEXT_LIMITS.name }).optional(),
  /** Archived profiles (deleted while they had invoices) are listed only when asked for. */
  status: z.enum(['current', 'archived', 'all']).optional(),
});
export type TCustomerProfileListQuery = z.input<typeof ZCustomerProfileListRequestSchema>;

/** A profile as the API answers it. */
export const ZCustomerProfileSchema = z.object({
  id: z.string(),
  qboCustomerId: z.string().nullable(),
  genesysQueueNames: z.array(z.string()),
  isActive: z.boolean(),
  ratePerMinute: z.string(),
  taxCode: z.string().nullable(),
  notes: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  emailInvoices: z.boolean(),
  reviewBeforeSending: z.boolean(),
  billDate: z.number().int(),
  billTime: z.string(),
  billingPeriodStart: z.number().int(),
  billingPeriodEnd: z.number().int(),
  /** Usage before this day (YYYY-MM-DD) is never billed. */
  billingStartDate: z.string(),
  /** Set when the profile was deleted while it had invoices: kept, inactive, hidden by default. */
  archivedAt: z.string().nullable(),
  minimumMinutes: z.number().int(),
  overageRatePerMinute: z.string(),
  qboDisplayName: z.string(),
  qboCompanyName: z.string().nullable(),
  qboGivenName: z.string().nullable(),
  qboFamilyName: z.string().nullable(),
  qboMiddleName: z.string().nullable(),
  qboTitle: z.string().nullable(),
  qboSuffix: z.string().nullable(),
  qboPrimaryEmailAddr: z.string().nullable(),
  qboPrimaryPhone: z.string().nullable(),
  qboLine1: z.string().nullable(),
  qboCity: z.string().nullable(),
  qboCountrySubDivisionCode: z.string().nullable(),
  qboPostalCode: z.string().nullable(),
  qboCountry: z.string().nullable(),
  qboMetadata: z.record(z.string(), z.unknown()).nullable(),
  /** The next scheduled billing run (ISO); null when inactive. */
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised by every save; send it back with an update to be told of a change made meanwhile. */
  version: z.number().int(),
  /** Always present: the saved plan, or for a profile set by the spec's fields the plan they mean. */
  ratePlan: ZRatePlanViewSchema,
});
export type TCustomerProfile = z.output<typeof ZCustomerProfileSchema>;

/** The statistics modal's data (spec 001 "stats object"). */
export const ZCustomerProfileStatsSchema = z.object({
  totalCalls: z.number().int(),
  totalMinutes: z.number(),
  totalAmount: z.number(),
  averageCallDuration: z.number(),
  lastCallDate: z.string().nullable(),
  queueUsage: z.record(z.string(), z.object({ calls: z.number().int(), minutes: z.number(), amount: z.number() })),
  qboMetadata: z.record(z.string(), z.string().nullable()),
  period: z.object({ start: z.string(), end: z.string() }),
});
export type TCustomerProfileStats = z.output<typeof ZCustomerProfileStatsSchema>;

/** One invoice of a customer (GET /customer-profiles/{id}/invoices). */
export const ZProfileInvoiceSchema = z.object({
  /** QuickBooks' id of the invoice; null until QuickBooks answered. */
  qboInvoiceId: z.string().nullable(),
  docNumber: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: z.number(),
  /** QuickBooks' total (TotalAmt) and the tax it added; differ from amount when QuickBooks adds tax. Null until known. */
  qboTotalAmount: z.number().nullable(),
  qboTaxAmount: z.number().nullable(),
  /** 'Sending' only while its job runs; 'Not sent' when the job ended without QuickBooks creating it. */
  status: z.enum(['Sent', 'Sending', 'Not sent', 'Voided', 'Deleted', 'Released']),
  /** The short code of the billing job that sent it. */
  jobId: z.string().nullable(),
  createdAt: z.string(),
});
export type TProfileInvoice = z.output<typeof ZProfileInvoiceSchema>;
