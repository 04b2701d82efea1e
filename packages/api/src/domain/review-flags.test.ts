import { describe, expect, it } from 'vitest';
import { reviewFlags, type ReviewFacts } from './review-flags';

const quiet: ReviewFacts = {
  minutes: 100,
  previous: { minutes: 90, label: 'Sep 1–30, 2026' },
  hasEarlierInvoice: true,
  lastTerms: { ratePerMinute: '1.00', minimumMinutes: 0, overageRatePerMinute: '1.00' },
  currentTerms: { ratePerMinute: '1.00', minimumMinutes: 0, overageRatePerMinute: '1.00' },
  longInteractions: 0,
  longestSeconds: 600,
  callsWhileInactive: 0,
};

describe('review flags', () => {
  it('says nothing of an invoice like the last one', () => {
    expect(reviewFlags(quiet)).toEqual([]);
  });

  it('flags usage that moved by more than half, both ways, and not at exactly half', () => {
    expect(reviewFlags({ ...quiet, minutes: 136 }).map((flag) => flag.code)).toEqual(['USAGE_UP']);
    expect(reviewFlags({ ...quiet, minutes: 136 })[0]!.message).toBe(
      'Usage up 51% from the previous period: 136 min, was 90 min (Sep 1–30, 2026)',
    );
    expect(reviewFlags({ ...quiet, minutes: 44 })[0]!.message).toBe(
      'Usage down 51% from the previous period: 44 min, was 90 min (Sep 1–30, 2026)',
    );
    expect(reviewFlags({ ...quiet, minutes: 135 })).toEqual([]);
  });

  it('flags no usage where the previous period had some, a first invoice, changed terms, long interactions and calls while inactive', () => {
    expect(reviewFlags({ ...quiet, minutes: 0 })).toEqual([
      { code: 'NO_USAGE', message: 'No usage this period; the previous period (Sep 1–30, 2026) had 90 min' },
    ]);
    expect(
      reviewFlags({ ...quiet, previous: null, hasEarlierInvoice: false, lastTerms: null }).map((flag) => flag.code),
    ).toEqual(['FIRST_INVOICE']);
    expect(
      reviewFlags({
        ...quiet,
        currentTerms: { ratePerMinute: '1.25', minimumMinutes: 100, overageRatePerMinute: '1.00' },
      })[0]!.message,
    ).toBe('Terms changed since the last invoice: rate 1.00 → 1.25 per minute, minimum 0 → 100 minutes');
    expect(reviewFlags({ ...quiet, longInteractions: 2, longestSeconds: 5.5 * 3600 })[0]!.message).toBe(
      '2 interactions longer than 4 hours (the longest 5.5 h)',
    );
    expect(reviewFlags({ ...quiet, callsWhileInactive: 1 })[0]!.message).toBe('1 call while the profile was inactive');
  });
});
