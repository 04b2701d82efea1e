// Billing under rate plans (issue 21, "Speed"): a month of 1,000,000 interactions of every media type
// (voice, callback, chat, e-mail, message; inbound and outbound) across 1,000 profiles, each with a
// six-charge plan. The limit is the fastest plain SQL of the same per-charge sums (interactions and
// billed seconds per profile and charge, one statement, integer arithmetic); a dry run (the whole job)
// must stay within 2× of it, and its lines must bill the same quantities for every customer.
// Its own scratch database, so the voice-only case above keeps its data and figures.
import { runBillingJob } from '../../packages/api/src/billing/run-job';
import type { AppServices } from '../../packages/api/src/services';
import { ZRatePlanSchema, type TRatePlanInput } from '../../packages/api/src/shared/rate-plan';
import { createJob, silentLogger } from './billing-jobs';
import { createScratchDatabase } from './scratch-database';

const INTERACTIONS = Number(process.env.BENCH_PLAN_INTERACTIONS ?? 1_000_000);
const PROFILES = 1000;
/** Price lists: profiles are spread over this many distinct plans (the same charges, other prices). */
const VARIANTS = Number(process.env.BENCH_PLAN_VARIANTS ?? 7);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TIME_ZONE = 'America/Los_Angeles';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');

/** The six charges (names without ", ": the check reads a line's charge from its description). */
function planFor(variant: number): TRatePlanInput {
  const cents = (base: number) => (base + variant * 0.005).toFixed(4);
  return {
    charges: [
      {
        name: 'Voice inbound business hours',
        media: ['voice', 'callback'],
        direction: 'inbound',
        timeBand: 'business',
        unit: 'minute',
        firstIncrementSeconds: 30,
        incrementSeconds: 6,
        price: cents(0.05),
      },
      {
        name: 'Voice after hours',
        media: ['voice', 'callback'],
        direction: 'inbound',
        timeBand: 'afterHours',
        unit: 'minute',
        firstIncrementSeconds: 6,
        incrementSeconds: 6,
        price: cents(0.08),
      },
      {
        name: 'Outbound',
        media: ['voice', 'callback'],
        direction: 'outbound',
        unit: 'minute',
        firstIncrementSeconds: 60,
        incrementSeconds: 60,
        tiers: [
          { upTo: 500, price: cents(0.04) },
          { upTo: 1500, price: cents(0.035) },
          { upTo: null, price: cents(0.03) },
        ],
      },
      { name: 'Chat', media: ['chat'], unit: 'interaction', price: cents(0.25) },
      { name: 'E-mail', media: ['email'], unit: 'interaction', price: cents(0.4) },
      { name: 'Platform fee', unit: 'period', price: (99 + variant).toFixed(2) },
    ],
    minimumCharge: variant === 0 ? '400.00' : '0',
  };
}

/**
 * The limit: per profile and charge (0–4 as in planFor), interactions and billed seconds, in one
 * statement. The fastest form found: one pass over the month's interactions grouped by queue, media,
 * direction and (inbound voice only) business hours, with the three roundings summed side by side;
 * the few thousand groups then go to their profiles and charges. Grouping by profile and charge
 * straight away sorted 1,000,000 rows on disk and took about 1.6 times as long.
 */
const LIMIT_SQL = `
  SELECT pq."profileId" AS id, k.charge, sum(u.n)::int AS interactions,
         sum(CASE k.charge WHEN 0 THEN u.s30 WHEN 1 THEN u.s6 WHEN 2 THEN u.s60 ELSE 0 END)::bigint AS billed
  FROM (
    SELECT c."queueId", c."mediaType", c.direction,
           CASE WHEN c."mediaType" IN ('voice', 'callback') AND c.direction = 'inbound' THEN
             EXTRACT(ISODOW FROM c."startTime" AT TIME ZONE 'UTC' AT TIME ZONE '${TIME_ZONE}') < 6
             AND (c."startTime" AT TIME ZONE 'UTC' AT TIME ZONE '${TIME_ZONE}')::time >= '08:00'
             AND (c."startTime" AT TIME ZONE 'UTC' AT TIME ZONE '${TIME_ZONE}')::time < '18:00' END AS business,
           count(*) AS n,
           sum(CASE WHEN c.duration <= 0 THEN 0 WHEN c.duration <= 30 THEN 30 ELSE 30 + (c.duration - 25) / 6 * 6 END) AS s30,
           sum((GREATEST(c.duration, 0) + 5) / 6 * 6) AS s6,
           sum((GREATEST(c.duration, 0) + 59) / 60 * 60) AS s60
    FROM call_records c
    WHERE c."endTime" IS NOT NULL AND c."mediaType" IN ('voice', 'callback', 'chat', 'email')
      AND c."startTime" >= '2026-10-01T07:00:00Z' AND c."startTime" < '2026-11-01T07:00:00Z'
    GROUP BY 1, 2, 3, 4) u
  JOIN genesys_queues q ON q.id = u."queueId"
  JOIN customer_profile_queues pq ON pq."queueName" = q.name
  JOIN customer_profiles p ON p.id = pq."profileId" AND p."isActive"
  CROSS JOIN LATERAL (SELECT CASE
      WHEN u."mediaType" IN ('voice', 'callback') AND u.direction = 'inbound' THEN CASE WHEN u.business THEN 0 ELSE 1 END
      WHEN u."mediaType" IN ('voice', 'callback') AND u.direction = 'outbound' THEN 2
      WHEN u."mediaType" = 'chat' THEN 3
      WHEN u."mediaType" = 'email' THEN 4
    END AS charge) k
  WHERE k.charge IS NOT NULL
  GROUP BY 1, 2`;

export async function ratePlanCase(): Promise<void> {
  const scratch = await createScratchDatabase('billing_plan');
  const { db } = scratch;
  const services: AppServices = {
    db,
    logger: silentLogger,
    integrations: {},
    config: {
      appOrigin: 'http://localhost',
      databaseKind: 'external',
      logLevel: 'error',
      appSecret: 'bench',
      simulated: { genesys: true, qbo: true },
    },
  };
  try {
    const seedStarted = performance.now();
    await db.organizationSettings.create({ data: { id: 1, timezone: TIME_ZONE, billingIncrementSeconds: 6 } });
    await db.$executeRawUnsafe(
      `INSERT INTO genesys_queues (id, name) SELECT 'pq-' || n, 'Plan Queue ' || n FROM generate_series(1, ${PROFILES}) AS n`,
    );
    await db.$executeRawUnsafe(`
      INSERT INTO customer_profiles (id, "qboCustomerId", "genesysQueueNames", "qboDisplayName", "ratePerMinute", "minimumMinutes", "overageRatePerMinute", "billingStartDate", "updatedAt")
      SELECT gen_random_uuid(), ((n % 12) + 1)::text, ARRAY['Plan Queue ' || n], 'Plan Customer ' || lpad(n::text, 4, '0'), 0.05, 0, 0.05, DATE '2026-01-01', now()
      FROM generate_series(1, ${PROFILES}) AS n`);
    await db.$executeRawUnsafe(
      `INSERT INTO customer_profile_queues ("profileId", "queueName") SELECT id, "genesysQueueNames"[1] FROM customer_profiles`,
    );
    // Each plan as the API saves it (validated, without effectiveFrom), from October 2026.
    const plans = Array.from({ length: VARIANTS }, (_, variant) => {
      const { effectiveFrom: _effectiveFrom, ...plan } = ZRatePlanSchema.parse(planFor(variant));
      return plan;
    });
    await db.$executeRaw`
      INSERT INTO rate_plans ("profileId", "effectiveFrom", plan)
      SELECT id, DATE '2026-10-01', ${JSON.stringify(plans)}::jsonb -> (substring("qboDisplayName" from '[0-9]+$')::int % ${VARIANTS})
      FROM customer_profiles`;
    // October 2026 (PDT): per profile, of every 20 interactions 9 inbound voice, 3 outbound voice, 1 inbound
    // and 1 outbound callback, 2 chats, 1 inbound and 1 outbound e-mail, 2 messages (no charge prices them).
    await db.$executeRawUnsafe(`
      INSERT INTO call_records ("conversationId", "startTime", "endTime", duration, direction, "mediaType", "queueId", "talkSeconds", "holdSeconds", "acwSeconds", "handleSeconds")
      SELECT 'plan-' || n, s, s + d * interval '1 second', d,
             CASE WHEN k IN (9, 10, 11, 13, 17) THEN 'outbound' ELSE 'inbound' END,
             CASE WHEN k < 12 THEN 'voice' WHEN k < 14 THEN 'callback' WHEN k < 16 THEN 'chat' WHEN k < 18 THEN 'email' ELSE 'message' END,
             'pq-' || ((n % ${PROFILES}) + 1), d * 4 / 5, d / 10, 30, d * 9 / 10 + 30
      FROM (SELECT n, (n / ${PROFILES}) % 20 AS k, (n::bigint * 7919) % 900 + 1 AS d,
                   timestamp '2026-10-01 07:00:00' + ((n * 2.6781)::bigint % (31 * 86400)) * interval '1 second' AS s
            FROM generate_series(1, ${INTERACTIONS}) AS n) AS g`);
    await db.$executeRawUnsafe('VACUUM ANALYZE');
    console.log(
      `seeded ${INTERACTIONS.toLocaleString('en-US')} interactions, ${PROFILES} profiles under ${VARIANTS} six-charge plans in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const queueNames = Array.from({ length: PROFILES }, (_, index) => `Plan Queue ${index + 1}`);
    const limit = () =>
      db.$queryRawUnsafe<Array<{ id: string; charge: number; interactions: number; billed: bigint }>>(LIMIT_SQL);
    const dryRun = async () => {
      const id = await createJob(db, 'DRY_RUN', '2026-10-01', '2026-10-31', queueNames);
      const started = performance.now();
      await runBillingJob(services, id);
      const elapsed = performance.now() - started;
      const job = await db.billingJob.findUniqueOrThrow({ where: { id } });
      if (job.status !== 'COMPLETED') throw new Error(`dry run ended ${job.status}: ${job.error}`);
      return { elapsed, job };
    };
    await limit(); // warm-up, not counted
    await dryRun();
    const limitTimes: number[] = [];
    const dryTimes: number[] = [];
    let limitRows: Awaited<ReturnType<typeof limit>> = [];
    let lastDry: Awaited<ReturnType<typeof dryRun>>['job'] | null = null;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      limitRows = await limit();
      limitTimes.push(performance.now() - started);
      const dry = await dryRun();
      dryTimes.push(dry.elapsed);
      lastDry = dry.job;
    }

    // Every customer's lines bill, per charge, the quantities the limit gives: minutes (billed
    // seconds / 60 to 4 places, over all tier lines) or interactions, and one platform fee.
    const names = planFor(0).charges.map((charge) => charge.name);
    const expected = limitRows.map((row) => ({
      id: row.id,
      charge: names[row.charge],
      minutes: row.charge <= 2,
      interactions: row.interactions,
      billed: Number(row.billed),
    }));
    const check = await db.$queryRaw<Array<{ customers: number; differ: number }>>`
      WITH expected AS (
        SELECT id, charge, CASE WHEN minutes THEN round(billed / 60.0, 4) ELSE interactions END AS quantity
        FROM jsonb_to_recordset(${JSON.stringify(expected)}::jsonb) AS e(id uuid, charge text, minutes boolean, interactions int, billed bigint)
        WHERE (CASE WHEN minutes THEN billed ELSE interactions END) > 0
        UNION ALL SELECT id, ${names[5]}, 1 FROM customer_profiles),
      actual AS (
        SELECT c."profileId" AS id, split_part(l->>'description', ', ', 1) AS charge, sum((l->>'quantity')::numeric) AS quantity
        FROM billing_job_customers c CROSS JOIN jsonb_array_elements(c.lines) AS l
        WHERE c."billingJobId" = ${lastDry!.id}::uuid AND l->>'description' NOT LIKE 'Minimum commitment top-up%'
        GROUP BY 1, 2)
      SELECT count(DISTINCT COALESCE(e.id, a.id))::int AS customers,
             count(DISTINCT COALESCE(e.id, a.id)) FILTER (WHERE e.quantity IS DISTINCT FROM a.quantity)::int AS differ
      FROM expected e FULL JOIN actual a ON a.id = e.id AND a.charge = e.charge`;
    const ratio = median(dryTimes.map((time, index) => time / limitTimes[index]!));
    console.log(
      `rating a month under rate plans: ${INTERACTIONS.toLocaleString('en-US')} interactions, ${PROFILES} profiles, six charges each`,
    );
    console.log(
      `  limit: plain SQL per-charge sums   median ${median(limitTimes).toFixed(0)} ms  (runs: ${list(limitTimes)})`,
    );
    console.log(
      `  dry run (whole job)                median ${median(dryTimes).toFixed(0)} ms  (runs: ${list(dryTimes)})  ratio ${ratio.toFixed(2)} (goal ≤ 2.00) ${ratio <= 2 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `  ${check[0]!.customers} customers; whose per-charge quantities differ from the limit's: ${check[0]!.differ}; dry-run total $${lastDry!.totalAmount.toString()}`,
    );
  } finally {
    await scratch.dispose();
  }
}
