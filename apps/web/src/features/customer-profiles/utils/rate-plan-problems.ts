/** What the rate plan form calls the place of a problem, for a zod issue's path. */
const FIELD_NAMES: Record<string, string> = {
  minimumCharge: 'Minimum charge',
  businessHours: 'Business hours',
  effectiveFrom: 'Applies from',
};

/**
 * A rate plan problem as the form names things: "Charge 2, tier 1: Price must be zero or greater"
 * rather than zod's "charges.1.tiers.0.price": the charges table counts from 1 and shows no field keys.
 */
export function ratePlanProblemText(issue: { path: ReadonlyArray<PropertyKey>; message: string }): string {
  const [first, index, nested, nestedIndex] = issue.path;
  if (first === 'charges' && typeof index === 'number') {
    const tier = nested === 'tiers' && typeof nestedIndex === 'number' ? `, tier ${nestedIndex + 1}` : '';
    return `Charge ${index + 1}${tier}: ${issue.message}`;
  }
  const field = typeof first === 'string' ? FIELD_NAMES[first] : undefined;
  return field ? `${field}: ${issue.message}` : issue.message;
}
