/**
 * What a reviewer should look at before an invoice is sent (DESIGN.md §4 "The invoice's life"), in
 * plain words: usage up or down by more than half against the previous period, no usage where the
 * previous period had some, terms changed since the last invoice, a first invoice, interactions
 * longer than 4 hours, calls while the profile was inactive. Pure: the facts are read elsewhere.
 */
import type { ReviewFlag } from '../shared/billing';

/** Usage that moved by more than this share of the previous period's is flagged. */
export const USAGE_CHANGE_SHARE = 0.5;
/** Interactions longer than this are flagged (a line left open, a stuck recording). */
export const LONG_INTERACTION_SECONDS = 4 * 60 * 60;

export type Terms = { ratePerMinute: string; minimumMinutes: number; overageRatePerMinute: string };

export type ReviewFacts = {
  /** Billed minutes of the invoice under review. */
  minutes: number;
  /** The previous invoiced period's billed minutes and its label ("Sep 1 – Sep 30, 2026"), or null. */
  previous: { minutes: number; label: string } | null;
  /** Whether QuickBooks holds an earlier invoice of this customer. */
  hasEarlierInvoice: boolean;
  /** The terms of the last invoice, and those this one was rated under. */
  lastTerms: Terms | null;
  currentTerms: Terms | null;
  longInteractions: number;
  longestSeconds: number;
  callsWhileInactive: number;
};

const minutesText = (minutes: number) => `${Number(minutes.toFixed(2)).toLocaleString('en-US')} min`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function termsChanges(last: Terms, current: Terms): string[] {
  const changes: string[] = [];
  if (Number(last.ratePerMinute) !== Number(current.ratePerMinute))
    changes.push(`rate ${last.ratePerMinute} → ${current.ratePerMinute} per minute`);
  if (last.minimumMinutes !== current.minimumMinutes)
    changes.push(`minimum ${last.minimumMinutes} → ${current.minimumMinutes} minutes`);
  if (Number(last.overageRatePerMinute) !== Number(current.overageRatePerMinute))
    changes.push(`overage ${last.overageRatePerMinute} → ${current.overageRatePerMinute} per minute`);
  return changes;
}

/** The flags of one invoice under review, most telling first. */
export function reviewFlags(facts: ReviewFacts): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const previous = facts.previous;
  if (previous && previous.minutes > 0 && facts.minutes === 0) {
    flags.push({
      code: 'NO_USAGE',
      message: `No usage this period; the previous period (${previous.label}) had ${minutesText(previous.minutes)}`,
    });
  } else if (previous && previous.minutes > 0) {
    const change = (facts.minutes - previous.minutes) / previous.minutes;
    if (Math.abs(change) > USAGE_CHANGE_SHARE) {
      const percent = Math.round(Math.abs(change) * 100);
      const direction = change > 0 ? 'up' : 'down';
      flags.push({
        code: change > 0 ? 'USAGE_UP' : 'USAGE_DOWN',
        message: `Usage ${direction} ${percent}% from the previous period: ${minutesText(facts.minutes)}, was ${minutesText(previous.minutes)} (${previous.label})`,
      });
    }
  }
  if (!facts.hasEarlierInvoice)
    flags.push({ code: 'FIRST_INVOICE', message: 'First invoice for this customer: nothing to compare with' });
  if (facts.lastTerms && facts.currentTerms) {
    const changes = termsChanges(facts.lastTerms, facts.currentTerms);
    if (changes.length)
      flags.push({ code: 'TERMS_CHANGED', message: `Terms changed since the last invoice: ${changes.join(', ')}` });
  }
  if (facts.longInteractions > 0) {
    const hours = (facts.longestSeconds / 3600).toFixed(1);
    flags.push({
      code: 'LONG_INTERACTIONS',
      message: `${plural(facts.longInteractions, 'interaction', 'interactions')} longer than 4 hours (the longest ${hours} h)`,
    });
  }
  if (facts.callsWhileInactive > 0) {
    flags.push({
      code: 'CALLS_WHILE_INACTIVE',
      message: `${plural(facts.callsWhileInactive, 'call', 'calls')} while the profile was inactive`,
    });
  }
  return flags;
}
