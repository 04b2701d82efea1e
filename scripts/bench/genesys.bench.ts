// Genesys call records: pull throughput (simulator → client → PostgreSQL) and the screen's
// answers over a million stored calls (call-record pages and analytics computed in SQL).
// A scratch database on DATABASE_URL's server, or on an embedded PostgreSQL when it is unset.
import { dayRangeToInstants, addDays, calendarDateInZone } from '../../packages/api/src/domain/calendar';
import { queryCallRecords } from '../../packages/api/src/genesys/query-call-records';
import { callAnalytics } from '../../packages/api/src/genesys/call-analytics';
import { pullCallRecordDays } from '../../packages/api/src/genesys/store';
import { GenesysClient } from '../../packages/integrations/src/genesys/client';
import { createGenesysSimulator } from '../../packages/integrations/src/genesys/simulator';
import { createScratchDatabase, timeRuns } from './scratch-database';

const CALLS = Number(process.env.BENCH_GENESYS_CALLS ?? 1_000_000);
const PULL_DAYS = Number(process.env.BENCH_GENESYS_PULL_DAYS ?? 28);
const RUNS = 10;
const TZ = 'America/Los_Angeles';

export default async function genesysBench(): Promise<void> {
  const scratch = await createScratchDatabase('genesys');
  const { db } = scratch;
  const simulator = createGenesysSimulator({ seed: 'bench', rateLimitPerMinute: 1_000_000 });
  const listening = await simulator.listen();
  try {
    // 1. Pull: PULL_DAYS ended days through HTTP, the client and batched upserts.
    const client = new GenesysClient({
      apiBaseUrl: listening.url,
      loginBaseUrl: listening.url,
      ...simulator.credentials,
    });
    const lastDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const days = Array.from({ length: PULL_DAYS }, (_, index) => addDays(lastDay, -index)).reverse();
    let started = performance.now();
    const pulled = await pullCallRecordDays(db, client, days);
    const pullMs = performance.now() - started;
    started = performance.now();
    const again = await pullCallRecordDays(db, client, days, { force: true });
    const repullMs = performance.now() - started;
    started = performance.now();
    await pullCallRecordDays(db, client, days);
    const servedMs = performance.now() - started;
    console.log(
      `pull of ${PULL_DAYS} days: ${pulled.recordsWritten.toLocaleString('en-US')} calls in ${(pullMs / 1000).toFixed(1)} s ` +
        `(${Math.round(pulled.recordsWritten / (pullMs / 1000)).toLocaleString('en-US')} calls/s); forced re-pull ${(repullMs / 1000).toFixed(1)} s ` +
        `(${again.recordsWritten.toLocaleString('en-US')} rows, same count: ${(await db.callRecord.count()) === pulled.recordsWritten}); already pulled: ${servedMs.toFixed(0)} ms`,
    );

    // 2. A million stored calls over the last 365 days.
    await db.$executeRawUnsafe('TRUNCATE call_records, call_pull_days');
    const seedStarted = performance.now();
    await db.$executeRawUnsafe(
      `INSERT INTO genesys_queues (id, name) SELECT 'queue-' || n, 'Queue ' || n FROM generate_series(1, 60) AS n`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO genesys_users (id, name) SELECT 'user-' || n, 'User ' || n FROM generate_series(1, 400) AS n`,
    );
    await db.$executeRawUnsafe(`
      INSERT INTO call_records ("conversationId", "startTime", "endTime", duration, direction, "mediaType", "queueId", "userId")
      SELECT 'conv-' || n, t, t + (d || ' seconds')::interval, d,
             CASE WHEN n % 3 = 0 THEN 'outbound' ELSE 'inbound' END,
             CASE WHEN n % 10 = 0 THEN 'email' ELSE 'voice' END,
             CASE WHEN n % 20 = 0 THEN NULL ELSE 'queue-' || (n % 60 + 1) END,
             CASE WHEN n % 25 = 0 THEN NULL ELSE 'user-' || (n % 400 + 1) END
        FROM (SELECT n, (now() AT TIME ZONE 'UTC') - ((n::float8 / ${CALLS}) * interval '365 days') AS t, ((n::bigint * 7919) % 1800)::int AS d
                FROM generate_series(1, ${CALLS}) AS n) AS calls`);
    await db.$executeRawUnsafe('VACUUM ANALYZE call_records');
    const seedMs = performance.now() - seedStarted;

    const today = calendarDateInZone(new Date(), TZ);
    const month = dayRangeToInstants(`${today.slice(0, 8)}01`, today, TZ);
    const year = dayRangeToInstants(addDays(today, -365), today, TZ);
    const monthCalls = await db.callRecord.count({ where: { startTime: { gte: month.from, lt: month.toExclusive } } });
    const everyCall = { mediaType: 'all', direction: 'all', duration: 'all', sort: 'startTime' } as const;
    const inboundMedium = { mediaType: 'all', direction: 'inbound', duration: '60-300', sort: 'duration' } as const;
    const outboundEmail = { mediaType: 'email', direction: 'outbound', duration: 'all', sort: 'startTime' } as const;
    const inboundVoice = { mediaType: 'voice', direction: 'inbound' } as const;
    const rows: Array<[string, { median: number; p95: number; max: number }]> = [
      [
        'call-records this month, page 1 of 25',
        await timeRuns(RUNS, () => queryCallRecords(db, month, everyCall, { page: 1, limit: 25 })),
      ],
      [
        'call-records this month, last page of 100',
        await timeRuns(RUNS, () =>
          queryCallRecords(db, month, everyCall, { page: Math.max(1, Math.ceil(monthCalls / 100)), limit: 100 }),
        ),
      ],
      [
        'call-records this month, inbound 1-5 min by duration',
        await timeRuns(RUNS, () => queryCallRecords(db, month, inboundMedium, { page: 1, limit: 25 })),
      ],
      [
        'call-records this month, outbound e-mail only',
        await timeRuns(RUNS, () => queryCallRecords(db, month, outboundEmail, { page: 1, limit: 25 })),
      ],
      ['analytics this month', await timeRuns(RUNS, () => callAnalytics(db, month, TZ))],
      [
        'analytics this month, inbound voice only',
        await timeRuns(RUNS, () => callAnalytics(db, month, TZ, inboundVoice)),
      ],
      ['analytics 366 days (1M calls)', await timeRuns(RUNS, () => callAnalytics(db, year, TZ))],
    ];
    console.log(
      `${CALLS.toLocaleString('en-US')} calls over 365 days (${monthCalls.toLocaleString('en-US')} this month); seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} warm runs each`,
    );
    console.log(`${'answer'.padEnd(44)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}`);
    for (const [label, stats] of rows) {
      const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(10);
      console.log(`${label.padEnd(44)} ${fmt(stats.median)} ${fmt(stats.p95)} ${fmt(stats.max)}`);
    }
  } finally {
    await listening.close();
    await scratch.dispose();
  }
}
