// Generated rows that look like a busy company's, shared by the benchmarks: queues with team
// assignments, customer profiles with their QuickBooks fields filled in, call records spread back
// from now, billing jobs, invoice-ledger entries and notifications. Plain SQL so a million rows
// take seconds, not minutes.
import type { Database } from '../../packages/db/src/client';

export interface RealisticRowCounts {
  calls: number;
  /** Days the calls spread over, back from now. */
  days: number;
  profiles: number;
  jobs: number;
  ledgerEntries: number;
  notifications: number;
}

export async function seedRealisticRows(db: Database, counts: RealisticRowCounts): Promise<void> {
  await db.$executeRawUnsafe(`
    INSERT INTO organization_settings (id, timezone, "updatedAt") VALUES (1, 'America/Los_Angeles', now()) ON CONFLICT (id) DO NOTHING`);
  await db.$executeRawUnsafe(`
    INSERT INTO genesys_queues (id, name) SELECT 'queue-' || n, 'Queue ' || n FROM generate_series(1, 60) AS n`);
  await db.$executeRawUnsafe(`
    INSERT INTO regions (id, name, "updatedAt") VALUES ('00000000-0000-0000-0000-000000000001', 'Bench', now())`);
  await db.$executeRawUnsafe(`
    INSERT INTO teams (id, name, "regionId", "updatedAt") VALUES ('00000000-0000-0000-0000-000000000002', 'Bench', '00000000-0000-0000-0000-000000000001', now())`);
  await db.$executeRawUnsafe(`
    INSERT INTO queue_assignments (id, "queueId", "queueName", "teamId")
    SELECT gen_random_uuid(), 'queue-' || n, 'Queue ' || n, '00000000-0000-0000-0000-000000000002' FROM generate_series(1, 50) AS n`);
  // The first 50 profiles hold one queue each, the rest none; half are mapped to QuickBooks, a
  // third have a minimum, and their QuickBooks fields are filled the way 'Connect' fills them.
  await db.$executeRawUnsafe(`
    INSERT INTO customer_profiles (id, "qboCustomerId", "genesysQueueNames", "qboDisplayName", "qboCompanyName", "qboGivenName",
                                   "qboFamilyName", "qboPrimaryEmailAddr", "qboPrimaryPhone", "qboLine1", "qboCity",
                                   "qboCountrySubDivisionCode", "qboPostalCode", "ratePerMinute", "minimumMinutes",
                                   "overageRatePerMinute", notes, "nextRunAt", "updatedAt")
    SELECT gen_random_uuid(), CASE WHEN n % 2 = 0 THEN n::text END,
           CASE WHEN n <= 50 THEN ARRAY['Queue ' || n] ELSE ARRAY[]::text[] END,
           'Customer ' || lpad(n::text, 4, '0'), 'Customer ' || n || ' Inc.', 'Pat', 'Lee ' || n,
           'billing' || n || '@customer' || n || '.example', '+1 555 01' || lpad((n % 100)::text, 2, '0'),
           n || ' Main Street', 'Springfield', 'CA', lpad((90000 + n)::text, 5, '0'),
           0.05, CASE WHEN n % 3 = 0 THEN 100 ELSE 0 END, 0.08,
           CASE WHEN n % 4 = 0 THEN 'Prefers invoices on the first business day' END,
           now() + (n || ' hours')::interval, now()
      FROM generate_series(1, ${counts.profiles}) AS n`);
  await db.$executeRawUnsafe(`
    INSERT INTO customer_profile_queues ("profileId", "queueName", "profileActive")
    SELECT id, unnest("genesysQueueNames"), "isActive" FROM customer_profiles`);
  await db.$executeRawUnsafe(`
    INSERT INTO call_records ("conversationId", "startTime", "endTime", duration, direction, "mediaType", "queueId")
    SELECT 'conv-' || n, t, t + (d || ' seconds')::interval, d,
           CASE WHEN n % 3 = 0 THEN 'outbound' ELSE 'inbound' END,
           CASE WHEN n % 10 = 0 THEN 'email' ELSE 'voice' END,
           CASE WHEN n % 20 = 0 THEN NULL ELSE 'queue-' || (n % 60 + 1) END
      FROM (SELECT n, (now() AT TIME ZONE 'UTC') - ((n::float8 / ${counts.calls}) * interval '${counts.days} days') AS t, ((n::bigint * 7919) % 1800)::int AS d
              FROM generate_series(1, ${counts.calls}) AS n) AS calls`);
  await db.$executeRawUnsafe(`
    INSERT INTO billing_jobs (id, "jobId", status, type, "queueName", "startDate", "endDate", "createdAt", "totalClients", "totalInvoices", "totalAmount", error)
    SELECT gen_random_uuid(), 'BJ-' || lpad(n::text, 6, '0'),
           (ARRAY['COMPLETED','COMPLETED','COMPLETED','FAILED','CANCELLED'])[n % 5 + 1]::"BillingJobStatus",
           (ARRAY['MONTHLY','MANUAL','DRY_RUN'])[n % 3 + 1]::"BillingJobType", ARRAY['Queue 1'],
           date '2026-01-01', date '2026-01-31', now() - (n || ' minutes')::interval, 3, 2, 123.45,
           CASE WHEN n % 5 = 3 THEN 'QuickBooks fault' END
      FROM generate_series(1, ${counts.jobs}) AS n`);
  await db.$executeRawUnsafe(`
    INSERT INTO invoice_ledger (id, "profileId", "periodStart", "periodEnd", "billingJobId", "docNumber", "requestId", amount, state, "updatedAt")
    SELECT gen_random_uuid(), gen_random_uuid(), date '2026-01-01', date '2026-01-31', gen_random_uuid(), 'D-' || n, 'R-' || n,
           (n % 500) + 0.25, CASE WHEN n % 10 = 0 THEN 'RESERVED' ELSE 'CREATED' END, now()
      FROM generate_series(1, ${counts.ledgerEntries}) AS n`);
  await db.$executeRawUnsafe(`
    INSERT INTO notifications (kind, message, "createdAt")
    SELECT (ARRAY['billing-failure','integration','kill-switch'])[n % 3 + 1], 'Notification ' || n, now() - (n || ' minutes')::interval
      FROM generate_series(1, ${counts.notifications}) AS n`);
  await db.$executeRawUnsafe('VACUUM ANALYZE');
}
