/**
 * Jobs waiting for a person's review, said where people look (the header bell and the dashboard's
 * system issues): "3 invoices of BJ-7K3F9Q wait for review since 09:00", and once nobody decided
 * for REVIEW_OVERDUE_DAYS, "… have waited for review for 3 days". Read from the jobs themselves, so
 * the words follow the decisions (nothing stale is left behind once a job is approved or rejected).
 */
import type { Database } from '@phone-billing/db';
import { calendarDateInZone, displayDate, wallClockTimeInZone } from '../domain/calendar';
import { billingJobLink } from '../notifications';

/** After this many days without a decision, the wait is said in days. */
export const REVIEW_OVERDUE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReviewWait = {
  jobId: string;
  invoices: number;
  since: Date;
  overdue: boolean;
  message: string;
  link: string;
  at: Date;
};

/** Every job waiting for review with how many invoices wait and since when, oldest first. */
export async function reviewWaits(db: Database, timeZone: string, now = new Date()): Promise<ReviewWait[]> {
  const rows = await db.$queryRaw<Array<{ jobId: string; since: Date; invoices: number }>>`
    SELECT j."jobId", COALESCE(j."awaitingReviewSince", j."createdAt") AS since, count(c.id)::int AS invoices
      FROM billing_jobs j
      JOIN billing_job_customers c ON c."billingJobId" = j.id
       AND c."reviewHeld" AND c."reviewDecision" IS NULL AND c.status = 'PENDING' AND c."ledgerId" IS NOT NULL
     WHERE j.status = 'AWAITING_REVIEW'
     GROUP BY j.id
     ORDER BY since, j."jobId"`;
  return rows.map((row) => {
    const days = Math.floor((now.getTime() - row.since.getTime()) / DAY_MS);
    const overdue = days >= REVIEW_OVERDUE_DAYS;
    const count = `${row.invoices} ${row.invoices === 1 ? 'invoice' : 'invoices'} of ${row.jobId}`;
    const sameDay = calendarDateInZone(row.since, timeZone) === calendarDateInZone(now, timeZone);
    const time = wallClockTimeInZone(row.since, timeZone);
    const since = sameDay ? time : `${displayDate(calendarDateInZone(row.since, timeZone))} ${time}`;
    const message = overdue
      ? `${count} ${row.invoices === 1 ? 'has' : 'have'} waited for review for ${days} days (since ${since}): approve or reject ${row.invoices === 1 ? 'it' : 'them'} in Job Details.`
      : `${count} ${row.invoices === 1 ? 'waits' : 'wait'} for review since ${since}: approve or reject ${row.invoices === 1 ? 'it' : 'them'} in Job Details.`;
    // The bell counts a wait as new when it starts, and again when it becomes overdue.
    const at = overdue ? new Date(row.since.getTime() + REVIEW_OVERDUE_DAYS * DAY_MS) : row.since;
    return {
      jobId: row.jobId,
      invoices: row.invoices,
      since: row.since,
      overdue,
      message,
      link: billingJobLink(row.jobId),
      at,
    };
  });
}
