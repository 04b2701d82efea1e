// A customer profile as the API answers it: rates as decimal text, dates and timestamps as ISO
// text, the QuickBooks snapshot as an object, and no word of who saved it last.
import { Prisma, type CustomerProfile, type PgRow } from '@phone-billing/db';
import { calendarFromDate } from '../domain/calendar';

/** A profile as the API answers it: rates as decimal text, timestamps as ISO text. */
export type CustomerProfileDto = Omit<
  CustomerProfile,
  | 'ratePerMinute'
  | 'overageRatePerMinute'
  | 'nextRunAt'
  | 'createdAt'
  | 'updatedAt'
  | 'qboMetadata'
  | 'billingStartDate'
  | 'archivedAt'
  | 'changedBy'
  | 'changedAt'
  | 'periodRuleHistory'
> & {
  ratePerMinute: string;
  overageRatePerMinute: string;
  qboMetadata: Record<string, unknown> | null;
  nextRunAt: string | null;
  billingStartDate: string;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * Decimal text of a stored rate: at least two places, trailing zeros beyond them dropped
 * ('1.0000' → '1.00', '0.0125' → '0.0125').
 */
export function formatRate(value: Prisma.Decimal | string | number): string {
  // The column's own text ('0.0500', scale 4) needs no decimal arithmetic.
  const text = typeof value === 'string' && /^\d+\.\d{4}$/.test(value) ? value : new Prisma.Decimal(value).toFixed(4);
  return text.replace(/(\.\d\d\d?)0+$/, '$1').replace(/(\.\d\d)0$/, '$1');
}

const dayOf = (value: Date | string): string =>
  typeof value === 'string' ? value.slice(0, 10) : calendarFromDate(value);

export function toProfileDto(row: CustomerProfile | PgRow<CustomerProfile>): CustomerProfileDto {
  // Who saved last is told only in a stale save's 409 (row-versions.ts), not in every answer; the
  // earlier period rules are billing's (domain/billing-period.ts), not the form's.
  const { changedBy: _changedBy, changedAt: _changedAt, periodRuleHistory: _earlierRules, ...profile } = row;
  const metadata = profile.qboMetadata;
  return {
    ...profile,
    ratePerMinute: formatRate(profile.ratePerMinute),
    overageRatePerMinute: formatRate(profile.overageRatePerMinute),
    qboMetadata:
      metadata && typeof metadata === 'object' && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : null,
    nextRunAt: profile.nextRunAt ? profile.nextRunAt.toISOString() : null,
    // Always set since migration 20261126_billing_claims; the creation day is a safe fallback.
    // A date column comes as a Date through Prisma and as 'YYYY-MM-DD' text through the lean reads
    // (packages/db/src/lean-query.ts). Always set since migration 20261126_billing_claims.
    billingStartDate: dayOf((profile.billingStartDate as Date | string | null) ?? profile.createdAt),
    archivedAt: profile.archivedAt ? profile.archivedAt.toISOString() : null,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}
