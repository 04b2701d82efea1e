/**
 * The dashboard's system issue for unowned calls (DESIGN.md §4, "Nothing silently unbilled"):
 * their count and minutes, and the busiest queues with why nobody bills them.
 *
 * Counting them reads every unowned call (a queue nobody holds keeps gathering them), so the
 * answer is kept per process with a fingerprint of everything it depends on (billable calls,
 * profiles, claims, dismissals, queue names, settings) read in one cheap statement: the dashboard
 * asks again and again, and only a change makes it count again. Never stale.
 */
import type { Database } from '@phone-billing/db';
import { unownedSummary, type TUnownedQueue } from '../shared/unowned-calls';
import { listUnownedCalls } from './unowned-calls';

const SHOWN_QUEUES = 3;

function describeQueue(queue: TUnownedQueue): string {
  const calls = `${queue.calls.toLocaleString('en-US')} call${queue.calls === 1 ? '' : 's'}`;
  const why = queue.holder ? `before ${queue.holder.name}'s billing start date` : 'no active profile holds it';
  return `${queue.queueName}: ${calls}, ${why}`;
}

/** What the unowned calls depend on, as one text: equal texts, equal answers. */
async function fingerprint(db: Database): Promise<string> {
  const rows = await db.$queryRaw<Array<{ print: string }>>`
    SELECT concat_ws('|',
      (SELECT last_value FROM call_billable_seq),
      (SELECT md5(string_agg(concat_ws(',', id, "isActive", "archivedAt", "genesysQueueNames"::text,
                                       "billingStartDate", "billingPeriodStart", "billingPeriodEnd"), ';' ORDER BY id))
         FROM customer_profiles),
      (SELECT concat_ws(',', count(*), count(*) FILTER (WHERE live), max(id)) FROM call_claims),
      (SELECT concat_ws(',', count(*), max("dismissedAt")) FROM unowned_call_dismissals),
      (SELECT md5(string_agg(id || ',' || name, ';' ORDER BY id)) FROM genesys_queues),
      (SELECT concat_ws(',', timezone, "billingIncrementSeconds") FROM organization_settings WHERE id = 1)
    ) AS print`;
  return rows[0]?.print ?? '';
}

const remembered = new WeakMap<Database, { print: string; issue: string | null }>();

function issueText(queues: TUnownedQueue[], totals: { calls: number; minutes: number }): string | null {
  if (queues.length === 0) return null;
  const shown = queues.slice(0, SHOWN_QUEUES).map(describeQueue);
  const more = queues.length > SHOWN_QUEUES ? `; and ${queues.length - SHOWN_QUEUES} more queues` : '';
  return (
    `${unownedSummary(totals)} will not be billed by any run (${shown.join('; ')}${more}): ` +
    'assign the queue to a customer profile (or move its billing start date back) on Customer Profiles, ' +
    'or dismiss them under Unowned calls on Billing Jobs.'
  );
}

/** The issue's sentence, or null when there are no unowned calls. */
export async function unownedCallsIssue(db: Database): Promise<string | null> {
  const print = await fingerprint(db);
  const known = remembered.get(db);
  if (known && known.print === print) return known.issue;
  const { queues, totals } = await listUnownedCalls(db);
  const issue = issueText(queues, totals);
  remembered.set(db, { print, issue });
  return issue;
}
