/**
 * A profile's rate plan as the editor and the API carry it (DESIGN.md §4 "Rate plans"): one zod
 * schema shared by the web form and the server, so both refuse the same plans with the same
 * messages, each naming its field. Browser-safe: zod only.
 */
import { z } from 'zod';
import { calendarDateText } from './calendar-date';
import { decimalInput } from './number-input';
import { optionalSafeText, safeText } from './text';

/** The media types a charge can count (the contract's words for Genesys media types). */
export const RATE_PLAN_MEDIA_TYPES = ['voice', 'callback', 'chat', 'email', 'message'] as const;
export type TRatePlanMediaType = (typeof RATE_PLAN_MEDIA_TYPES)[number];

export const RATE_PLAN_LIMITS = { charges: 50, tiers: 20, incrementSeconds: 3600, nameLength: 100 } as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

const incrementField = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of seconds from 1 to ${RATE_PLAN_LIMITS.incrementSeconds}` })
    .int(`${label} must be a whole number of seconds from 1 to ${RATE_PLAN_LIMITS.incrementSeconds}`)
    .min(1, `${label} must be a whole number of seconds from 1 to ${RATE_PLAN_LIMITS.incrementSeconds}`)
    .max(
      RATE_PLAN_LIMITS.incrementSeconds,
      `${label} must be a whole number of seconds from 1 to ${RATE_PLAN_LIMITS.incrementSeconds}`,
    );

const ZTierSchema = z.object({
  /** Units (minutes or interactions) per period up to which this tier's price applies; null for the last tier. */
  upTo: z
    .number({ error: 'Tier "up to" must be a whole number of units, or null for the last tier' })
    .int('Tier "up to" must be a whole number of units')
    .min(1, 'Tier "up to" must be at least 1')
    .max(1_000_000_000, 'Tier "up to" cannot exceed 1,000,000,000')
    .nullable(),
  price: decimalInput('Tier price'),
});

export const ZRateChargeSchema = z
  .object({
    name: safeText({ label: 'Charge name', max: RATE_PLAN_LIMITS.nameLength, required: true }),
    media: z
      .array(
        z.enum(RATE_PLAN_MEDIA_TYPES, { error: `Media type must be one of ${RATE_PLAN_MEDIA_TYPES.join(', ')}` }),
        {
          error: 'Media types must be a list',
        },
      )
      .max(RATE_PLAN_MEDIA_TYPES.length)
      .default([])
      .transform((media) => [...new Set(media)]),
    direction: z
      .enum(['any', 'inbound', 'outbound'], { error: 'Direction must be any, inbound or outbound' })
      .default('any'),
    timeBand: z
      .enum(['any', 'business', 'afterHours'], { error: 'Time band must be any, business or afterHours' })
      .default('any'),
    unit: z.enum(['minute', 'interaction', 'period'], { error: 'Unit must be minute, interaction or period' }),
    basis: z.enum(['duration', 'handleTime'], { error: 'Basis must be duration or handleTime' }).default('duration'),
    firstIncrementSeconds: incrementField('First increment').default(60),
    incrementSeconds: incrementField('Next increment').default(60),
    price: decimalInput('Price').optional(),
    tiers: z
      .array(ZTierSchema, { error: 'Tiers must be a list' })
      .max(RATE_PLAN_LIMITS.tiers, `A charge cannot have more than ${RATE_PLAN_LIMITS.tiers} tiers`)
      .optional(),
    includedUnits: z
      .number({ error: 'Included units must be a whole number of zero or more' })
      .int('Included units must be a whole number of zero or more')
      .min(0, 'Included units must be a whole number of zero or more')
      .max(1_000_000_000, 'Included units cannot exceed 1,000,000,000')
      .default(0),
    /** Priced on top of the first matching charge (a per-call connect fee beside the minutes). */
    additional: z.boolean({ error: 'Additional must be true or false' }).default(false),
    qboItemName: optionalSafeText({ label: 'QuickBooks item name', max: RATE_PLAN_LIMITS.nameLength }),
  })
  .superRefine((charge, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const hasTiers = charge.tiers !== undefined && charge.tiers.length > 0;
    if (charge.price === undefined && !hasTiers) issue('price', `Charge "${charge.name}" needs a price or tiers`);
    if (charge.price !== undefined && hasTiers)
      issue('tiers', `Charge "${charge.name}" has both a price and tiers: keep one`);
    if (hasTiers) {
      const tiers = charge.tiers!;
      tiers.forEach((tier, index) => {
        const last = index === tiers.length - 1;
        if (last && tier.upTo !== null)
          issue('tiers', `Charge "${charge.name}": the last tier's "up to" must be empty (no limit)`);
        if (!last && tier.upTo === null)
          issue('tiers', `Charge "${charge.name}": only the last tier may have no "up to"`);
        const previous = index > 0 ? tiers[index - 1]!.upTo : 0;
        if (!last && tier.upTo !== null && previous !== null && tier.upTo <= previous) {
          issue(
            'tiers',
            `Charge "${charge.name}": tiers out of order (tier ${index + 1} "up to" ${tier.upTo} is not above ${previous})`,
          );
        }
      });
      if (charge.unit === 'period') issue('tiers', `Charge "${charge.name}": a period fee has a price, not tiers`);
    }
    if (charge.unit !== 'period' && charge.media.length === 0)
      issue('media', `Charge "${charge.name}" must count at least one media type`);
    if (charge.unit === 'period' && charge.additional)
      issue('additional', `Charge "${charge.name}": a period fee cannot be additional`);
  });

export const ZBusinessHoursSchema = z
  .object({
    days: z
      .array(
        z
          .number({ error: 'Business days must be numbers 1 (Monday) to 7 (Sunday)' })
          .int('Business days must be numbers 1 (Monday) to 7 (Sunday)')
          .min(1, 'Business days must be numbers 1 (Monday) to 7 (Sunday)')
          .max(7, 'Business days must be numbers 1 (Monday) to 7 (Sunday)'),
        { error: 'Business days must be a list' },
      )
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    from: z
      .string({ error: 'Business hours "from" must be a time like 08:00' })
      .regex(TIME_PATTERN, 'Business hours "from" must be a time like 08:00'),
    to: z
      .string({ error: 'Business hours "to" must be a time like 18:00' })
      .regex(TIME_PATTERN, 'Business hours "to" must be a time like 18:00'),
  })
  .refine((hours) => !TIME_PATTERN.test(hours.from) || !TIME_PATTERN.test(hours.to) || hours.to > hours.from, {
    path: ['to'],
    error: 'Business hours "to" must be after "from"',
  });

export const DEFAULT_BUSINESS_HOURS = { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };

export const ZRatePlanSchema = z.object({
  charges: z
    .array(ZRateChargeSchema, { error: 'Charges must be a list' })
    .min(1, 'A rate plan needs at least one charge')
    .max(RATE_PLAN_LIMITS.charges, `A rate plan cannot have more than ${RATE_PLAN_LIMITS.charges} charges`),
  minimumCharge: decimalInput('Minimum charge').default('0'),
  businessHours: ZBusinessHoursSchema.default(DEFAULT_BUSINESS_HOURS),
  /** The first day (a period start) the plan applies from; by default the first period with no invoice. */
  effectiveFrom: z
    .string({ error: 'Effective from must be a date (YYYY-MM-DD)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective from must be a date (YYYY-MM-DD)')
    .nullish()
    .transform((value) => value ?? null),
});
export type TRatePlanInput = z.input<typeof ZRatePlanSchema>;
export type TRatePlan = z.output<typeof ZRatePlanSchema>;
export type TRateCharge = TRatePlan['charges'][number];
export type TBusinessHours = TRatePlan['businessHours'];

/** A plan as the API answers it: `source` says whether the spec's three fields mean it, or a saved plan. */
export const ZRatePlanViewSchema = z.object({
  charges: z.array(
    z.object({
      name: z.string(),
      media: z.array(z.string()),
      direction: z.string(),
      timeBand: z.string(),
      unit: z.string(),
      basis: z.string(),
      firstIncrementSeconds: z.number().int(),
      incrementSeconds: z.number().int(),
      price: z.string().optional(),
      tiers: z.array(z.object({ upTo: z.number().int().nullable(), price: z.string() })).optional(),
      includedUnits: z.number().int(),
      additional: z.boolean(),
      qboItemName: z.string().nullable(),
    }),
  ),
  minimumCharge: z.string(),
  businessHours: z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string() }),
  effectiveFrom: z.string().nullable(),
  source: z.enum(['profileFields', 'plan']),
});
export type TRatePlanView = z.output<typeof ZRatePlanViewSchema>;

/** POST /billing/quote: what a plan (default: the profile's) would have billed over past days; bills nothing. */
export const ZQuoteRequestSchema = z
  .object({
    customerProfileId: z.string().uuid('Customer profile not found'),
    ratePlan: ZRatePlanSchema.optional(),
    startDate: calendarDateText('Start date'),
    endDate: calendarDateText('End date'),
  })
  .refine((value) => value.startDate <= value.endDate, {
    path: ['endDate'],
    message: 'End date must be on or after the start date',
  });
export type TQuoteRequest = z.input<typeof ZQuoteRequestSchema>;

const ZQuoteLineSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
});

export const ZQuoteSchema = z.object({
  periods: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      lines: z.array(ZQuoteLineSchema),
      amount: z.string(),
      /** Interactions of the period's days that no charge of the plan prices. */
      notInPlan: z.number().int(),
      /** What the period's live invoices actually bill (null: never invoiced). */
      invoiced: z.string().nullable(),
    }),
  ),
  amount: z.string(),
});
export type TQuote = z.output<typeof ZQuoteSchema>;
