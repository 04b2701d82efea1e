// The request path beside its limit (issue 14): the app on a scratch database with realistic
// rows and, in the same run and on the same database, a bare Fastify 5 + pg server answering the
// same paths with the same rows (api/bare-server.ts). Each runs as its own process, as in
// production; autocannon drives both from here with 50 connections, in alternating rounds so a
// busy moment on a shared machine hits both alike. Goal per path: at least half the bare req/s
// and a p99 at most twice the bare p99.
//   npm run bench -- api        BENCH_API_SECONDS (15) per round, BENCH_API_ROUNDS (3), BENCH_API_ONLY
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { hashToken } from '../../packages/api/src/auth/tokens';
import { seedDatabase } from '../../packages/api/src/seed';
import { freePort } from '../../test/app-process';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { seedRealisticRows } from './realistic-rows';
import { createScratchDatabase } from './scratch-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
/** Measure only the paths whose label contains this text (while iterating on one of them). */
const ONLY = process.env.BENCH_API_ONLY;
const CONNECTIONS = 50;
const API_TOKEN = 'pbt_bench0000000000000000000000000000';
const ROWS = { calls: 300_000, days: 90, profiles: 500, jobs: 5_000, ledgerEntries: 5_000, notifications: 2_000 };

const PATHS: Array<{ label: string; app: string; bare: string }> = [
  { label: 'GET /auth/me', app: '/api/v1/auth/me', bare: '/auth/me' },
  {
    label: 'GET /customer-profiles (50 rows)',
    app: '/api/v1/customer-profiles?page=1&limit=50',
    bare: '/customer-profiles',
  },
  { label: 'GET /billing/jobs (200 rows)', app: '/api/v1/billing/jobs', bare: '/billing/jobs' },
  { label: 'GET /dashboard/overview', app: '/api/v1/dashboard/overview', bare: '/dashboard/overview' },
];

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Starts a TypeScript entry point as its own process and waits until `readyUrl` answers. */
async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeFlags: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited with ${child.exitCode}`);
    const ok = await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${args[0]} did not become ready`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function load(url: string, seconds: number): Promise<Round> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${API_TOKEN}` },
  });
  return {
    requestsPerSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function apiBench(): Promise<void> {
  const scratch = await createScratchDatabase('api');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-api-'));
  const children: ChildProcess[] = [];
  try {
    const seedStarted = performance.now();
    await seedDatabase(scratch.db, { adminEmail: 'admin@example.com', adminPassword: 'bench-password-1' });
    const admin = await scratch.db.user.findFirstOrThrow();
    await scratch.db.apiToken.create({ data: { userId: admin.id, name: 'bench', tokenHash: hashToken(API_TOKEN) } });
    await seedRealisticRows(scratch.db, ROWS);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const [appPort, barePort] = [await freePort(), await freePort()];
    const appBase = `http://127.0.0.1:${appPort}`;
    const bareBase = `http://127.0.0.1:${barePort}`;
    const appEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WORKERS: '0',
      DEMO_DATA: '0',
      GENESYS_HISTORY_DAYS: '0',
    };
    // The app as `npm start` runs it (its Node flags included); the bare server as Node comes.
    children.push(await startProcess(['apps/server/src/main.ts'], appEnv, `${appBase}/readyz`, SERVER_NODE_FLAGS));
    children.push(
      await startProcess(
        ['scripts/bench/api/bare-server.ts', scratch.url, String(barePort)],
        { PATH: process.env.PATH, NODE_ENV: 'production' },
        `${bareBase}/billing/jobs`,
      ),
    );

    console.log(
      `${ROWS.profiles} profiles, ${ROWS.jobs.toLocaleString('en-US')} jobs, ${ROWS.calls.toLocaleString('en-US')} calls over ${ROWS.days} days; seeded in ${seedSeconds.toFixed(1)} s. ` +
        `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s per server and path (req/s over all rounds, median p50/p99 of the rounds).`,
    );
    const loads: number[] = [];
    const lines: string[] = [];
    for (const target of PATHS.filter((entry) => !ONLY || entry.label.includes(ONLY))) {
      // Warm both (JIT, caches, connection pools) before measuring.
      await load(`${appBase}${target.app}`, 2);
      await load(`${bareBase}${target.bare}`, 2);
      const app: Round[] = [];
      const bare: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        app.push(await load(`${appBase}${target.app}`, SECONDS));
        bare.push(await load(`${bareBase}${target.bare}`, SECONDS));
        loads.push(loadavg()[0]!);
      }
      const summary = (rounds: Round[]) => ({
        requestsPerSecond: rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length,
        p50: median(rounds.map((round) => round.p50)),
        p99: median(rounds.map((round) => round.p99)),
        failures: rounds.reduce((sum, round) => sum + round.failures, 0),
      });
      const a = summary(app);
      const b = summary(bare);
      const throughput = a.requestsPerSecond / b.requestsPerSecond;
      const tail = a.p99 / b.p99;
      const ok = throughput >= 0.5 && tail <= 2 && a.failures === 0 && b.failures === 0;
      lines.push(
        `${target.label.padEnd(34)} ${a.requestsPerSecond.toFixed(0).padStart(6)} ${`${a.p50}/${a.p99}`.padStart(10)} ms` +
          ` ${b.requestsPerSecond.toFixed(0).padStart(7)} ${`${b.p50}/${b.p99}`.padStart(10)} ms` +
          `  ${throughput.toFixed(2).padStart(5)}× ${tail.toFixed(2).padStart(5)}×  ${ok ? 'ok' : 'MISSED'}` +
          (a.failures + b.failures > 0 ? ` (${a.failures} app / ${b.failures} bare failed requests)` : ''),
      );
      console.log(lines[lines.length - 1]);
    }
    console.log(
      `\n${'path'.padEnd(34)} ${'app req/s'.padStart(6)} ${'p50/p99'.padStart(10)}    ${'bare req/s'.padStart(7)} ${'p50/p99'.padStart(9)}     req/s   p99   goal ≥ 0.5× req/s, ≤ 2× p99`,
    );
    for (const line of lines) console.log(line);
    console.log(
      `load average (1 min) while measuring: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    );
  } finally {
    for (const child of children) await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.dispose();
  }
}
