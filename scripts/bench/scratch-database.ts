// What every benchmark needs: a migrated scratch database (on DATABASE_URL's server, or an
// embedded PostgreSQL started for the run) that is dropped afterwards, and a timing helper.
import { createDatabaseClient, type Database } from '../../packages/db/src/client';
import { migrateDatabase, withDatabase } from '../../packages/db/src/migrate';
import { adminQuery, startScratchServer } from '../../test/scratch-server';

export interface ScratchDatabase {
  url: string;
  db: Database;
  /** Disconnects, drops the database (unless BENCH_KEEP_DATABASE is set) and stops the embedded server. */
  dispose(): Promise<void>;
}

export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const server = await startScratchServer('pb-bench-pg');
  const name = `pb_bench_${label}_${process.pid}`;
  await adminQuery(server.serverUrl, `CREATE DATABASE "${name}"`);
  const url = withDatabase(server.serverUrl, name);
  await migrateDatabase(url);
  const db = createDatabaseClient(url, { max: 10 });
  return {
    url,
    db,
    async dispose() {
      await db.$disconnect();
      if (process.env.BENCH_KEEP_DATABASE) console.log(`kept ${url}`);
      else await adminQuery(server.serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await server.stop();
    },
  };
}

export interface Timing {
  median: number;
  p95: number;
  max: number;
}

/** Runs `fn` once to warm up, then `runs` times, and reports the spread in milliseconds. */
export async function timeRuns(runs: number, fn: () => Promise<unknown>): Promise<Timing> {
  await fn();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)]!,
    p95: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]!,
    max: samples[samples.length - 1]!,
  };
}
