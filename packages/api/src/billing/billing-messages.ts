/**
 * Reasons a customer of a billing job fails, worded once: the dry run and the real run report the
 * same failure in the same words (DESIGN.md §4, "Dry runs report what the real run would").
 */

/** A profile without a QuickBooks customer id: QuickBooks cannot take its invoice. */
export const NOT_LINKED_TO_QBO =
  'This customer profile is not linked to a QuickBooks customer: connect it on Customer Profiles';
