// `npm run test:soak`: the billing oracle (packages/api/src/billing/exactly-once.property.integration
// .test.ts) over BILLING_PROPERTY_RUNS sequences (1,000 by default), in BILLING_SOAK_SHARDS vitest
// processes at once (3 by default: a sequence mostly waits for PostgreSQL, so 2 cores keep several
// busy). The sequences come in chunks of BILLING_SOAK_CHUNK (50); chunk k draws from seed
// base + k, the base printed at the start (BILLING_PROPERTY_SEED sets it, so a whole soak replays).
// A failing chunk prints its seed and fast-check's path, which replay that one sequence:
//   BILLING_PROPERTY_RUNS=1 BILLING_PROPERTY_SEED=<seed> BILLING_PROPERTY_PATH=<path> \
//     npx vitest run --project integration packages/api/src/billing/exactly-once.property.integration.test.ts
// and the rest of that chunk runs on with the next unused seed, so the soak still draws its number of
// sequences and shows every failure it meets (BILLING_SOAK_STOP=1: stop at the first). At the end:
// sequences held, steps, invoices and the time; exit 1 when any sequence failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = join(import.meta.dirname, '..');
const ORACLE = 'packages/api/src/billing/exactly-once.property.integration.test.ts';
const TOTAL = Number(process.env.BILLING_PROPERTY_RUNS ?? 1000);
const SHARDS = Math.max(1, Number(process.env.BILLING_SOAK_SHARDS ?? 3));
const CHUNK = Math.max(1, Number(process.env.BILLING_SOAK_CHUNK ?? 50));
const STOP_ON_FAILURE = process.env.BILLING_SOAK_STOP === '1';
const BASE_SEED = process.env.BILLING_PROPERTY_SEED
  ? Number(process.env.BILLING_PROPERTY_SEED)
  : Math.floor(Math.random() * 2 ** 30);

const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const started = performance.now();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(0);

type Chunk = { seed: number; runs: number };
type Failure = { seed: number; path: string | null; message: string; log: string };
/** Each failing chunk's whole output (the counterexample alone can fill the lines printed here). */
const LOGS = mkdtempSync(join(tmpdir(), 'billing-soak-'));
const totals = { held: 0, steps: 0, invoices: 0, planInvoices: 0 };
const failures: Failure[] = [];
let nextSeed = BASE_SEED;
let toDraw = TOTAL;
let stopping = false;
const running = new Set<ReturnType<typeof spawn>>();

/** The next chunk of sequences to run, with a seed of its own; null when all are drawn. */
function takeChunk(runs = CHUNK): Chunk | null {
  if (stopping || toDraw <= 0) return null;
  const chunk = { seed: nextSeed, runs: Math.min(runs, toDraw) };
  nextSeed += 1;
  toDraw -= chunk.runs;
  return chunk;
}

function runChunk(chunk: Chunk): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'integration', ORACLE], {
      cwd: ROOT,
      env: {
        ...process.env,
        BILLING_PROPERTY_RUNS: String(chunk.runs),
        BILLING_PROPERTY_SEED: String(chunk.seed),
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    child.on('close', (code) => {
      running.delete(child);
      resolve(`${output.replace(COLOUR_CODES, '')}\nexit code ${code}`);
    });
  });
}

/** The failure a chunk's output shows: fast-check's seed and path and the oracle's message. */
function failureOf(chunk: Chunk, output: string): Failure {
  const replay = /seed: (-?\d+), path: "([^"]+)"/.exec(output);
  // The oracle's message and what happened in the sequence (after the long counterexample).
  const start = output.indexOf('Caused by: Error');
  const from = start >= 0 ? start : Math.max(0, output.length - 4000);
  const message = output.slice(from, output.indexOf('\n ❯', from) > 0 ? output.indexOf('\n ❯', from) : from + 6000);
  const seed = replay ? Number(replay[1]) : chunk.seed;
  const log = join(LOGS, `seed-${seed}-path-${replay?.[2] ?? 'none'}.log`);
  writeFileSync(log, output);
  return { seed, path: replay?.[2] ?? null, message: message.trim(), log };
}

async function shard(index: number): Promise<void> {
  for (let chunk = takeChunk(); chunk; chunk = takeChunk()) {
    const chunkStarted = performance.now();
    const output = await runChunk(chunk);
    const summary = /billing oracle: (\d+) sequences, (\d+) steps, (\d+) invoices in QuickBooks \((\d+) of/.exec(
      output,
    );
    const held = summary ? Number(summary[1]) : 0;
    totals.held += held;
    totals.steps += summary ? Number(summary[2]) : 0;
    totals.invoices += summary ? Number(summary[3]) : 0;
    totals.planInvoices += summary ? Number(summary[4]) : 0;
    const seconds = ((performance.now() - chunkStarted) / 1000).toFixed(0);
    const passed = /exit code 0$/.test(output) && held === chunk.runs;
    console.log(
      `[${elapsed()} s] shard ${index}: seed ${chunk.seed}: ${held} of ${chunk.runs} held in ${seconds} s` +
        ` (${totals.held} held so far, ${failures.length + (passed ? 0 : 1)} failed)`,
    );
    if (passed) continue;
    const failure = failureOf(chunk, output);
    failures.push(failure);
    console.log(
      `\nFAILED: seed ${failure.seed}, path ${failure.path ?? '(none: the run did not get to a sequence)'}\n` +
        `replay: BILLING_PROPERTY_RUNS=1 BILLING_PROPERTY_SEED=${failure.seed}` +
        `${failure.path ? ` BILLING_PROPERTY_PATH=${failure.path}` : ''} npx vitest run --project integration ${ORACLE}\n` +
        `${failure.message}\n(the whole output: ${failure.log})\n`,
    );
    if (STOP_ON_FAILURE) {
      stopping = true;
      for (const child of running) process.kill(-child.pid!, 'SIGTERM');
      return;
    }
    // The sequences the failure left undrawn run on with a new seed (the failed one is not retried).
    toDraw += chunk.runs - held - 1;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

console.log(
  `billing soak: ${TOTAL} sequences, ${SHARDS} vitest processes at once, chunks of ${CHUNK}; ` +
    `base seed ${BASE_SEED} (chunk k draws from seed ${BASE_SEED} + k; BILLING_PROPERTY_SEED=${BASE_SEED} replays this soak)`,
);
await Promise.all(Array.from({ length: SHARDS }, (_, index) => shard(index + 1)));
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nbilling soak (base seed ${BASE_SEED}): ${totals.held} sequences held, ${failures.length} failed; ` +
    `${totals.steps} steps, ${totals.invoices} invoices in QuickBooks (${totals.planInvoices} of customers on a rate plan); ` +
    `${seconds.toFixed(0)} s (${(seconds / Math.max(1, totals.held + failures.length)).toFixed(1)} s a sequence over ${SHARDS} processes)`,
);
for (const failure of failures)
  console.log(`  failed: BILLING_PROPERTY_SEED=${failure.seed} BILLING_PROPERTY_PATH=${failure.path ?? '?'}`);
process.exit(failures.length > 0 ? 1 : 0);
