// Plain text, no zod: screens that only show unowned-call totals do not download the schema
// library (issue 24, Lighthouse mobile on Billing Jobs).

/** "3 unowned calls (12 min)". */
export function unownedSummary(totals: { calls: number; minutes: number }): string {
  const minutes = totals.minutes.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${totals.calls.toLocaleString('en-US')} unowned call${totals.calls === 1 ? '' : 's'} (${minutes} min)`;
}
