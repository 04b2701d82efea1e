import { z } from 'zod';
import { decimalInput } from './number-input';
import { ZRowVersionSchema } from './row-version';
import { optionalSafeText } from './text';

// Organisation settings shared by the Settings page and PUT /settings (browser-safe).

export const TIMEZONE_OPTIONS = [
  { value: 'America/Los_Angeles', label: 'Pacific Time (America/Los_Angeles)' },
  { value: 'America/Denver', label: 'Mountain Time (America/Denver)' },
  { value: 'America/Chicago', label: 'Central Time (America/Chicago)' },
  { value: 'America/New_York', label: 'Eastern Time (America/New_York)' },
  { value: 'UTC', label: 'UTC' },
] as const;
export const TIMEZONES = TIMEZONE_OPTIONS.map((option) => option.value) as [string, ...string[]];

export const BILLING_INCREMENT_OPTIONS = [
  { value: 60, label: 'Per minute (60 s)' },
  { value: 6, label: 'Per 6 seconds' },
  { value: 1, label: 'Per second' },
] as const;

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export const LOG_RETENTIONS = ['7d', '14d', '30d'] as const;

/** A rate as a number or typed text; kept as exact decimal text (shared/number-input.ts). */
export const ZRateInput = decimalInput('Rate Per Minute');

export const KILL_SWITCH_REASON_REQUIRED = 'A reason is required to turn the kill switch on';

/** PUT /settings: any subset of the writable fields, merged into what is stored. */
export const ZUpdateSettingsRequestSchema = z.object({
  version: ZRowVersionSchema,
  timezone: z.enum(TIMEZONES, { error: 'Choose one of the listed timezones' }).optional(),
  defaultRatePerMinute: ZRateInput.optional(),
  billingIncrementSeconds: z
    .union([z.literal(60), z.literal(6), z.literal(1)], { error: 'Billing increment must be 60, 6 or 1 seconds' })
    .optional(),
  /** Every real run holds its invoices for a person's review before sending (DESIGN.md §4). */
  reviewInvoicesBeforeSending: z.boolean({ error: 'reviewInvoicesBeforeSending must be true or false' }).optional(),
  killSwitch: z
    .object({
      enabled: z.boolean({ error: 'killSwitch.enabled must be true or false' }),
      reason: optionalSafeText({ label: 'Reason', max: 500, tooLongMessage: 'Reason is too long', kind: 'multi-line' }),
    })
    // Whoever finds billing paused needs to know why: turning it on takes a reason.
    .refine((value) => !value.enabled || Boolean(value.reason?.trim()), {
      message: KILL_SWITCH_REASON_REQUIRED,
      path: ['reason'],
    })
    .optional(),
  notifications: z
    .object({
      billingFailures: z.boolean().optional(),
      integrationIssues: z.boolean().optional(),
      killSwitchChanges: z.boolean().optional(),
    })
    .optional(),
  security: z
    .object({
      signOutIdleSessions: z.boolean().optional(),
      signOutOnPasswordChange: z.boolean().optional(),
    })
    .optional(),
});
export type TUpdateSettingsRequest = z.input<typeof ZUpdateSettingsRequestSchema>;

/** The Billing Configuration form of the Settings page. */
export const ZBillingConfigFormSchema = z.object({
  defaultRatePerMinute: decimalInput('Rate Per Minute'),
  timezone: z.enum(TIMEZONES, { error: 'Choose one of the listed timezones' }),
  billingIncrementSeconds: z.enum(['60', '6', '1']),
});
export type TBillingConfigForm = z.input<typeof ZBillingConfigFormSchema>;

export const ZSettingsSchema = z.object({
  timezone: z.string(),
  currency: z.string(),
  defaultRatePerMinute: z.string(),
  billingIncrementSeconds: z.number().int(),
  reviewInvoicesBeforeSending: z.boolean(),
  killSwitch: z.object({
    enabled: z.boolean(),
    reason: z.string().nullable(),
    changedBy: z.string().nullable(),
    changedAt: z.string().nullable(),
  }),
  notifications: z.object({
    billingFailures: z.boolean(),
    integrationIssues: z.boolean(),
    killSwitchChanges: z.boolean(),
  }),
  security: z.object({ signOutIdleSessions: z.boolean(), signOutOnPasswordChange: z.boolean() }),
  system: z.object({ database: z.enum(['embedded', 'external']), logLevel: z.string(), logRetention: z.string() }),
  /** Raised by every save; send it back with PUT /settings to be told of a change made meanwhile. */
  version: z.number().int(),
});
export type TSettings = z.infer<typeof ZSettingsSchema>;
