/**
 * Customer-profile rules shared by the web app and the server (spec 001 §3-§5, §9): status badge,
 * completeness, queue-name handling and what a QuickBooks connect fills in. No zod here: the customer list uses these on every row
 * and need not load the form schemas (customer-profile.ts re-exports them beside those).
 */

import type { QboCustomerMatch } from './qbo';

export type ProfileStatus = 'Inactive' | 'No QBO Mapping' | 'No Queues' | 'Active';

/** Something in it once trimmed. */
export function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

/**
 * The status badge, checked in this order (spec 001 §4): not active → 'Inactive'; no QuickBooks
 * customer id → 'No QBO Mapping'; no queue names → 'No Queues'; otherwise 'Active'.
 */
export function profileStatus(profile: {
  isActive: boolean;
  qboCustomerId?: string | null;
  genesysQueueNames: readonly string[];
}): ProfileStatus {
  if (!profile.isActive) return 'Inactive';
  if (!hasText(profile.qboCustomerId)) return 'No QBO Mapping';
  if (!profile.genesysQueueNames.some(hasText)) return 'No Queues';
  return 'Active';
}

/** A QuickBooks customer's e-mail, phone and address, in the order forms and audits list them. */
export const QBO_CONTACT_FIELDS = [
  'qboPrimaryEmailAddr',
  'qboPrimaryPhone',
  'qboLine1',
  'qboCity',
  'qboCountrySubDivisionCode',
  'qboPostalCode',
  'qboCountry',
] as const;

/**
 * The eleven QuickBooks fields that count towards completeness; the other checks are "has a queue"
 * and "is mapped to a QuickBooks customer" (issue 24: a profile no invoice can reach is not complete).
 */
export const COMPLETENESS_QBO_FIELDS = [
  'qboDisplayName',
  'qboCompanyName',
  'qboGivenName',
  'qboFamilyName',
  ...QBO_CONTACT_FIELDS,
] as const;

/** Every QuickBooks field a profile copies from its customer (the id aside): the eleven above and the rest of the name. */
export const QBO_PROFILE_FIELDS = [...COMPLETENESS_QBO_FIELDS, 'qboTitle', 'qboMiddleName', 'qboSuffix'] as const;
export type QboProfileField = (typeof QBO_PROFILE_FIELDS)[number];

/** How many checks completeness counts: the QuickBooks fields, at least one queue, and the QuickBooks mapping. */
export const COMPLETENESS_CHECK_COUNT = COMPLETENESS_QBO_FIELDS.length + 2;

export type CompletenessBand = 'complete' | 'partial' | 'minimal';

export type CompletenessSubject = { genesysQueueNames: readonly string[]; qboCustomerId?: string | null } & {
  [field in (typeof COMPLETENESS_QBO_FIELDS)[number]]?: string | null;
};

/** Band of a completeness percentage: complete at 80 or more, partial 40-79, minimal under 40. */
export function completenessBand(percent: number): CompletenessBand {
  if (percent >= 80) return 'complete';
  if (percent >= 40) return 'partial';
  return 'minimal';
}

/**
 * Completeness of a profile (spec 001 §4, issue 24): the share of the 13 checks it passes (a
 * non-blank value in each of the 11 QuickBooks fields, at least one queue, a QuickBooks customer
 * id), as a whole percentage.
 */
export function profileCompleteness(profile: CompletenessSubject): {
  percent: number;
  band: CompletenessBand;
  passedChecks: number;
  totalChecks: number;
} {
  const passedFields = COMPLETENESS_QBO_FIELDS.filter((field) => hasText(profile[field])).length;
  const passedChecks =
    passedFields + (profile.genesysQueueNames.some(hasText) ? 1 : 0) + (hasText(profile.qboCustomerId) ? 1 : 0);
  const percent = Math.round((passedChecks / COMPLETENESS_CHECK_COUNT) * 100);
  return { percent, band: completenessBand(percent), passedChecks, totalChecks: COMPLETENESS_CHECK_COUNT };
}

/**
 * The list with `name` added: trimmed, and left out when blank or already present (exact match,
 * since Genesys queue names are matched exactly).
 */
export function addQueueName(queueNames: readonly string[], name: string): string[] {
  const trimmed = name.trim();
  if (trimmed === '' || queueNames.includes(trimmed)) return [...queueNames];
  return [...queueNames, trimmed];
}

/** Trimmed, non-blank, first occurrence kept: the form of queue names a profile stores. */
export function normaliseQueueNames(queueNames: readonly string[]): string[] {
  return queueNames.reduce<string[]>(addQueueName, []);
}

/** The QuickBooks customer a connect copies from: the customer search's answer (`ZQboCustomerMatchSchema`). */
export type QboCustomerLike = Partial<QboCustomerMatch>;

/**
 * The QuickBooks fields a connect fills: each one from the customer, only where the form's value
 * is blank (what the user typed is kept). The id is always copied.
 */
export function qboFieldsToFill(
  current: Partial<Record<QboProfileField, string | null | undefined>>,
  customer: QboCustomerLike,
): Record<string, string> {
  const fromCustomer: Record<string, string | undefined> = {
    qboDisplayName: customer.DisplayName,
    qboCompanyName: customer.CompanyName,
    qboGivenName: customer.GivenName,
    qboMiddleName: customer.MiddleName,
    qboFamilyName: customer.FamilyName,
    qboTitle: customer.Title,
    qboSuffix: customer.Suffix,
    qboPrimaryEmailAddr: customer.PrimaryEmailAddr?.Address,
    qboPrimaryPhone: customer.PrimaryPhone?.FreeFormNumber,
    qboLine1: customer.BillAddr?.Line1,
    qboCity: customer.BillAddr?.City,
    qboCountrySubDivisionCode: customer.BillAddr?.CountrySubDivisionCode,
    qboPostalCode: customer.BillAddr?.PostalCode,
    qboCountry: customer.BillAddr?.Country,
  };
  const fill: Record<string, string> = {};
  for (const [field, value] of Object.entries(fromCustomer)) {
    const existing = current[field as keyof typeof current];
    if (value && value.trim() && !hasText(existing)) fill[field] = value.trim();
  }
  if (customer.Id) fill.qboCustomerId = customer.Id;
  return fill;
}
