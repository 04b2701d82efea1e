// Billing (issue 8), two figures:
// 1. Rating a month of 1,000,000 stored calls across 1,000 profiles (a dry run's rating step:
//    usage aggregated in SQL, rated, every customer's result written; QuickBooks excluded) beside
//    a baseline in the same run: one SQL statement computing the same per-profile billed minutes
//    over the same rows. The ratio must be at most 2.
// 2. Creating 1,000 invoices against the QuickBooks simulator with its real limits (10 requests at
//    once, 500 a minute): the time beside the floor those limits allow, and zero duplicates.
// A scratch database on DATABASE_URL's server, or an embedded PostgreSQL when it is unset.
import type { AppServices } from '../../packages/api/src/services';
import { runBillingJob } from '../../packages/api/src/billing/run-job';
import { docNumberFor, newJobCode } from '../../packages/api/src/billing';
import type { Database } from '../../packages/db/src/client';
import { createMemoryTokenStore, QboClient, QboOAuth } from '../../packages/integrations/src/qbo';
import { createQboSimulator } from '../../packages/integrations/src/qbo/simulator';
import { createScratchDatabase } from './scratch-database';

const CALLS = Number(process.env.BENCH_BILLING_CALLS ?? 1_000_000);
const PROFILES = 1000;
const INVOICES = Number(process.env.BENCH_BILLING_INVOICES ?? 1000);
const RUNS = 7;
const steps: string[] = [];
const silent = { info() {}, warn() {}, error() {}, debug(entry: unknown) { const { step, ms } = entry as { step?: string; ms?: number }; if (step) steps.push(`${step} ${ms} ms`); } };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function createJob(db: Database, type: 'DRY_RUN' | 'MANUAL', start: string, end: string, queueNames: string[]): Promise<string> {
  const code = newJobCode();
  const job = await db.billingJob.create({
    data: { jobId: code, type, queueName: queueNames, startDate: new Date(`${start}T00:00:00Z`), endDate: new Date(`${end}T00:00:00Z`) },
  });
  const profiles = await db.customerProfile.findMany({ where: { isActive: true, genesysQueueNames: { hasSome: queueNames } }, select: { id: true, qboDisplayName: true }, orderBy: { qboDisplayName: 'asc' } });
  await db.billingJobCustomer.createMany({
    data: profiles.map((profile, index) => ({
      billingJobId: job.id,
      profileId: profile.id,
      customerName: profile.qboDisplayName,
      periodStart: job.startDate,
      periodEnd: job.endDate,
      docNumber: type === 'DRY_RUN' ? null : docNumberFor(code, index + 1),
    })),
  });
  await db.billingJob.update({ where: { id: job.id }, data: { totalClients: profiles.length } });
  return job.id;
}

export default async function billingBench(): Promise<void> {
  const scratch = await createScratchDatabase('billing');
  const { db } = scratch;
  const services: AppServices = {
    db,
    logger: silent,
    integrations: {},
    config: { appOrigin: 'http://localhost', databaseKind: 'external', logLevel: 'error', appSecret: 'bench', simulated: { genesys: true, qbo: true } },
  };
  try {
    const seedStarted = performance.now();
    await db.organizationSettings.create({ data: { id: 1, timezone: 'America/Los_Angeles', billingIncrementSeconds: 6 } });
    await db.$executeRawUnsafe(`INSERT INTO genesys_queues (id, name) SELECT 'bq-' || n, 'Bench Queue ' || n FROM generate_series(1, ${PROFILES}) AS n`);
    // 1,000 profiles, one queue each; a tenth with a minimum and overage.
    await db.$executeRawUnsafe(`
      INSERT INTO customer_profiles (id, "qboCustomerId", "genesysQueueNames", "qboDisplayName", "ratePerMinute", "minimumMinutes", "overageRatePerMinute", "updatedAt")
      SELECT gen_random_uuid(), ((n % 12) + 1)::text, ARRAY['Bench Queue ' || n], 'Bench Customer ' || lpad(n::text, 4, '0'),
             0.05 + (n % 7) * 0.01, CASE WHEN n % 10 = 0 THEN 500 ELSE 0 END, 0.09, now()
      FROM generate_series(1, ${PROFILES}) AS n`);
    // October 2026 (PDT, UTC-7): calls spread over the month; 5% are not voice.
    await db.$executeRawUnsafe(`
      INSERT INTO call_records ("conversationId", "startTime", "endTime", duration, direction, "mediaType", "queueId")
      SELECT 'bench-' || n,
             timestamp '2026-10-01 07:00:00' + ((n * 2.6781)::bigint % (31 * 86400)) * interval '1 second',
             timestamp '2026-10-01 07:00:00' + ((n * 2.6781)::bigint % (31 * 86400) + (n::bigint * 7919) % 900 + 1) * interval '1 second',
             (n::bigint * 7919) % 900 + 1, 'inbound', CASE WHEN n % 20 = 0 THEN 'chat' ELSE 'voice' END, 'bq-' || ((n % ${PROFILES}) + 1)
      FROM generate_series(1, ${CALLS}) AS n`);
    await db.$executeRawUnsafe('ANALYZE');
    console.log(`seeded ${CALLS.toLocaleString('en-US')} calls, ${PROFILES} profiles in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    // ---- 1. rating ---------------------------------------------------------------------------
    const queueNames = Array.from({ length: PROFILES }, (_, index) => `Bench Queue ${index + 1}`);
    const baseline = async () => {
      const rows = await db.$queryRaw<Array<{ id: string; minutes: unknown }>>`
        SELECT p.id, SUM(CEIL(c.duration::numeric / 6) * 6) / 60 AS minutes
        FROM call_records c
        JOIN genesys_queues q ON q.id = c."queueId"
        JOIN (SELECT id, unnest("genesysQueueNames") AS "queueName" FROM customer_profiles WHERE "isActive") p ON p."queueName" = q.name
        WHERE c."mediaType" = 'voice' AND c."startTime" >= '2026-10-01T07:00:00Z' AND c."startTime" < '2026-11-01T07:00:00Z'
        GROUP BY p.id`;
      return rows.length;
    };
    const dryRun = async () => {
      steps.length = 0;
      const id = await createJob(db, 'DRY_RUN', '2026-10-01', '2026-10-31', queueNames);
      const started = performance.now();
      await runBillingJob(services, id);
      const elapsed = performance.now() - started;
      const job = await db.billingJob.findUniqueOrThrow({ where: { id } });
      if (job.status !== 'COMPLETED') throw new Error(`dry run ended ${job.status}: ${job.error}`);
      return { elapsed, job };
    };
    await baseline(); // warm-up, not counted
    await dryRun();
    const baseTimes: number[] = [];
    const dryTimes: number[] = [];
    let lastJob: Awaited<ReturnType<typeof dryRun>>['job'] | null = null;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const profilesWithUsage = await baseline();
      baseTimes.push(performance.now() - started);
      const dry = await dryRun();
      dryTimes.push(dry.elapsed);
      lastJob = dry.job;
      if (run === 0) console.log(`baseline rows: ${profilesWithUsage}; dry run customers: ${dry.job.totalClients}, rated: ${dry.job.successfulInvoices}`);
    }
    // The two agree on the minutes.
    const check = await db.$queryRaw<Array<{ diff: number }>>`
      SELECT count(*)::int AS diff FROM billing_job_customers c
      JOIN (
        SELECT p.id, SUM(CEIL(c.duration::numeric / 6) * 6) / 60 AS minutes
        FROM call_records c JOIN genesys_queues q ON q.id = c."queueId"
        JOIN (SELECT id, unnest("genesysQueueNames") AS "queueName" FROM customer_profiles WHERE "isActive") p ON p."queueName" = q.name
        WHERE c."mediaType" = 'voice' AND c."startTime" >= '2026-10-01T07:00:00Z' AND c."startTime" < '2026-11-01T07:00:00Z'
        GROUP BY p.id) b ON b.id = c."profileId"
      WHERE c."billingJobId" = ${lastJob!.id}::uuid AND round(b.minutes, 4) <> c."billedMinutes"`;
    // Each run times the baseline and then the dry run, back to back: the median of those pairwise
    // ratios is what is compared with the limit (a shared machine's load drifts between runs).
    const ratio = median(dryTimes.map((dry, index) => dry / baseTimes[index]!));
    console.log('rating a month, 1,000 profiles:');
    console.log(`  baseline (one SQL statement)   median ${median(baseTimes).toFixed(0)} ms  (runs: ${baseTimes.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`  dry run rating step            median ${median(dryTimes).toFixed(0)} ms  (runs: ${dryTimes.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`  steps of the last dry run: ${steps.join(', ')}`);
    console.log(`  ratio (median of the ${RUNS} back-to-back pairs) ${ratio.toFixed(2)} (limit 2.00) ${ratio <= 2 ? 'OK' : 'OVER'}; customers whose minutes differ from the baseline: ${check[0]!.diff}; total $${lastJob!.totalAmount.toString()}`);

    // ---- 2. invoices against the simulator -----------------------------------------------------
    if (INVOICES > 0) {
      const simulator = createQboSimulator();
      const listening = await simulator.listen();
      try {
        const config = { ...simulator.credentials, environment: 'sandbox' as const, redirectUri: 'http://localhost/qbo-callback', simulatorBaseUrl: listening.url };
        const client = new QboClient({ config, tokenStore: createMemoryTokenStore() });
        await client.connect(await simulator.approve(new QboOAuth(config).authorizeUrl('bench')));
        services.integrations.qbo = { simulated: true, getClient: async () => client, status: async () => ({ connected: true, environment: 'sandbox', companyName: 'Bench', expiresInSeconds: 3600, lastError: null }) };
        const subset = queueNames.slice(0, INVOICES);
        // Every one of these profiles gets an invoice: give each a 1-minute minimum.
        await db.customerProfile.updateMany({ where: { genesysQueueNames: { hasSome: subset } }, data: { minimumMinutes: 1 } });
        const id = await createJob(db, 'MANUAL', '2026-10-01', '2026-10-31', subset);
        const started = performance.now();
        await runBillingJob(services, id);
        const seconds = (performance.now() - started) / 1000;
        const job = await db.billingJob.findUniqueOrThrow({ where: { id } });
        const invoices = simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(job.jobId));
        const distinct = new Set(invoices.map((invoice) => invoice.DocNumber)).size;
        const floor = (INVOICES / 500) * 60;
        console.log(`creating ${INVOICES} invoices (simulator limits: 10 at once, 500 a minute):`);
        console.log(`  ${seconds.toFixed(1)} s beside the floor of ${floor.toFixed(0)} s at 500 a minute (ratio ${(seconds / floor).toFixed(2)}); job ${job.status}, ${job.successfulInvoices} invoiced, ${job.failedInvoices} failed`);
        console.log(`  invoices in QuickBooks: ${invoices.length}, distinct DocNumbers: ${distinct}, duplicates: ${invoices.length - distinct}`);
      } finally {
        await listening.close();
      }
    }
  } finally {
    await scratch.dispose();
  }
}
