import type { BillingJobDetailView } from '@phone-billing/api/schemas';
import { formatNumber, plural } from '../../../lib/format';

type CoverageJob = Pick<BillingJobDetailView, 'status' | 'type'> & { customers: Array<{ status: string }> };

/** A customer a cancelled job never reached: still waiting when it stopped. */
export function notReached(job: Pick<BillingJobDetailView, 'status'>, customer: { status: string }): boolean {
  return job.status === 'CANCELLED' && customer.status === 'PENDING';
}

/**
 * What a cancelled job covered before it stopped (issue 24), or null for any other job: a cancelled
 * dry run's preview is not a full one, and a cancelled run invoiced only some of its customers.
 */
export function cancelledCoverage(job: CoverageJob): string | null {
  if (job.status !== 'CANCELLED') return null;
  const total = job.customers.length;
  const count = (status: string) => job.customers.filter((customer) => customer.status === status).length;
  const left = job.customers.filter((customer) => notReached(job, customer)).length;
  const covered = total - left;
  const others = `the other ${formatNumber(left)} ${left === 1 ? 'was' : 'were'}`;
  if (job.type === 'DRY_RUN') {
    if (covered === 0)
      return `Cancelled before it rated anyone: this dry run has no preview for its ${plural(total, 'customer')}. Run it again to see the amounts.`;
    return `Cancelled after rating ${formatNumber(covered)} of ${plural(total, 'customer')}: the preview below covers only those${left ? `; ${others} not rated` : ''}.`;
  }
  const parts = [`${formatNumber(count('INVOICED'))} invoiced`];
  if (count('SKIPPED')) parts.push(`${formatNumber(count('SKIPPED'))} skipped`);
  if (count('FAILED')) parts.push(`${formatNumber(count('FAILED'))} failed`);
  if (covered === 0)
    return `Cancelled before it reached any of its ${plural(total, 'customer')}: nothing was invoiced, and a new run bills them.`;
  return (
    `Cancelled after ${formatNumber(covered)} of ${plural(total, 'customer')} (${parts.join(', ')})` +
    (left ? `; ${others} not reached: nothing was invoiced for them, and a new run bills them.` : '.')
  );
}
