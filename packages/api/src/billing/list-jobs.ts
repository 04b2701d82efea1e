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

/** The newest jobs first, optionally of one status and with the job code containing `search`. */
export async function listRecentJobs(db: Database, filter: { status?: string; search?: string; limit?: number } = {}): Promise<BillingJobView[]> {
  const conditions: Prisma.Sql[] = [];
  if (filter.status) conditions.push(Prisma.sql`status = ${filter.status}::"BillingJobStatus"`);
  if (filter.search) conditions.push(Prisma.sql`"jobId" ILIKE ${`%${escapeLikePattern(filter.search.trim())}%`}`);
  const limit = Math.min(Math.max(filter.limit ?? DEFAULT_JOB_LIST_LIMIT, 1), MAX_JOB_LIST_LIMIT);
  return queryRows<BillingJobView>(
    db,
    Prisma.sql`
      SELECT id::text, "jobId", status::text, type::text, "queueName", "startDate", "endDate",
             ${isoText('createdAt')} AS "createdAt", ${isoText('startedAt')} AS "startedAt", ${isoText('completedAt')} AS "completedAt",
             "totalClients", "processedClients", "totalInvoices", "successfulInvoices", "failedInvoices",
             "totalAmount"::float8 AS "totalAmount", error
        FROM billing_jobs
       WHERE ${conditions.length > 0 ? Prisma.join(conditions, ' AND ') : Prisma.sql`true`}
       ORDER BY billing_jobs."createdAt" DESC -- the column, not the text of the same name
       LIMIT ${limit}`,
  );
}
