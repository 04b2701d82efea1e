/**
 * Review before sending (DESIGN.md §4 "The invoice's life"): which invoices wait for a person.
 * The organisation's setting holds every profile's invoices; a profile's own setting holds its own.
 * A run's `holdForReview`, when given, decides for all of the run's customers.
 */
export function isReviewedBeforeSending(
  settings: { reviewInvoicesBeforeSending: boolean },
  profile: { reviewBeforeSending?: boolean },
): boolean {
  return settings.reviewInvoicesBeforeSending || profile.reviewBeforeSending === true;
}

/** A customer row whose invoice waits for a decision (held, undecided, reserved and not sent). */
export const AWAITING_DECISION = {
  reviewHeld: true,
  reviewDecision: null,
  status: 'PENDING',
  ledgerId: { not: null },
} as const;

/** Customer rows the sender may send: not held for review, or approved. */
export const SENDABLE_AFTER_REVIEW = { OR: [{ reviewHeld: false }, { reviewDecision: 'APPROVED' }] };
