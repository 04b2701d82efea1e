// Plain text, no zod: screens that only show unowned-call totals do not download the schema
// library (issue 24, Lighthouse mobile on Billing Jobs).

// Made once, on first use (not as the module loads, with every screen's shared code):
// toLocaleString with a locale builds a new ICU formatter on every call.
let formats: { calls: Intl.NumberFormat; minutes: Intl.NumberFormat } | undefined;

/** "3 unowned calls (12 min)". */
export function unownedSummary(totals: { calls: number; minutes: number }): string {
  formats ??= {
    calls: new Intl.NumberFormat('en-US'),
    minutes: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
  };
  const { calls, minutes } = formats;
  return `${calls.format(totals.calls)} unowned call${totals.calls === 1 ? '' : 's'} (${minutes.format(totals.minutes)} min)`;
}
