// GET /billing/jobs reads up to 500 jobs on every visit and refresh of the billing screen: one
// statement straight through node-postgres, shaped in SQL as jobView shapes a row (issue 14).
// A test holds the two to the same answer (list-jobs.integration.test.ts).
import { Prisma, queryRows, type Database } from '@phone-billing/db';
import { escapeLikePattern } from '../literal-search';
import type { BillingJobView } from '../shared/billing';

export const DEFAULT_JOB_LIST_LIMIT = 200;
export const MAX_JOB_LIST_LIMIT = 500;

/** A timestamp column (UTC, milliseconds) as the ISO text Date.toISOString() gives. */
const isoText = (column: string) => Prisma.raw(`to_char("${column}", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type JobListFilter = { status?: string; search?: string };

function whereOf(filter: JobListFilter): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (filter.status) conditions.push(Prisma.sql`status = ${filter.status}::"BillingJobStatus"`);
  if (filter.search) conditions.push(Prisma.sql`"jobId" ILIKE ${`%${escapeLikePattern(filter.search.trim())}%`}`);
  return conditions.length > 0 ? Prisma.join(conditions, ' AND ') : Prisma.sql`true`;
}

/**
 * The newest jobs first, optionally of one status and with the job code containing `search`;
 * `page` (1-based, pages of `limit`) for Billing Jobs' pagination.
 */
export async function listRecentJobs(
  db: Database,
  filter: JobListFilter & { limit?: number; page?: number } = {},
): Promise<BillingJobView[]> {
  const limit = Math.min(Math.max(filter.limit ?? DEFAULT_JOB_LIST_LIMIT, 1), MAX_JOB_LIST_LIMIT);
  const offset = (Math.max(filter.page ?? 1, 1) - 1) * limit;
  return queryRows<BillingJobView>(
    db,
    Prisma.sql`
      SELECT id::text, "jobId", status::text, type::text, "queueName", "startDate", "endDate",
             ${isoText('createdAt')} AS "createdAt", ${isoText('startedAt')} AS "startedAt", ${isoText('completedAt')} AS "completedAt",
             "totalClients", "processedClients", "totalInvoices", "successfulInvoices", "failedInvoices",
             "totalAmount"::float8 AS "totalAmount", error,
             "holdForReview", ${isoText('awaitingReviewSince')} AS "awaitingReviewSince"
        FROM billing_jobs
       WHERE ${whereOf(filter)}
       ORDER BY billing_jobs."createdAt" DESC, billing_jobs.id -- the column, not the text of the same name
       LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** How many jobs match the filter (the total behind the pages). */
export async function countJobs(db: Database, filter: JobListFilter = {}): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    Prisma.sql`SELECT count(*)::int AS total FROM billing_jobs WHERE ${whereOf(filter)}`,
  );
  return row?.total ?? 0;
}
