// `npm test`: lint (ESLint's import directions + the type check), then unit, integration (real
// PostgreSQL: embedded, or DATABASE_URL), browser (Debian's chromium through playwright-core) and
// whole-process tests. ESLint, the type check and the web build (for the browser tests, when its
// sources changed) run side by side first, each printing its output when done. With arguments
// (`npm test -- path/to/file.test.ts`) only the web build and vitest run, for quick iterations.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(
    `\nNo Chromium found at ${chromium} (set CHROMIUM_PATH, or apt-get install chromium): browser tests will be reported as skipped.\n`,
  );
}

/** Runs a command with its output kept; resolves when it ends, with the output to print. */
function run(label, command, args, env = process.env) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      resolve({
        label,
        ok: code === 0,
        report: `\n== ${label}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`,
      });
    });
  });
}

/** Runs a command with the terminal's output; resolves with its exit code. */
function runInTerminal(command, args, env) {
  return new Promise((resolve) =>
    spawn(command, args, { stdio: 'inherit', env }).on('close', (code) => resolve(code ?? 1)),
  );
}

const args = process.argv.slice(2);
const steps = [run('web build (when stale)', 'node', ['scripts/build-web-if-stale.mjs'])];
if (args.length === 0) {
  steps.push(
    run('format (prettier --check; npm run format fixes it)', 'npx', [
      'prettier',
      '--check',
      '.',
      '--log-level',
      'warn',
    ]),
    run('eslint', 'npx', ['eslint', '.']),
    run('type check', 'npx', ['tsc', '-p', 'tsconfig.json']),
  );
}
const results = await Promise.all(steps);
for (const step of results) process.stdout.write(step.report);
const failed = results.filter((step) => !step.ok);
if (failed.length > 0) {
  console.error(`\n${failed.map((step) => step.label).join(', ')} failed: fix the problems above (tests did not run).`);
  process.exit(1);
}

const vitestEnv = { ...process.env, NODE_ENV: 'test', TURBO_TELEMETRY_DISABLED: '1' };
if (args.length > 0) process.exit(await runInTerminal('npx', ['vitest', 'run', ...args], vitestEnv));

// The whole-process tests spend most of their time waiting for the processes they start (servers,
// workers, an embedded PostgreSQL), one file at a time: they run beside the other projects, in a
// vitest of their own, and print their report after the others'.
const started = performance.now();
const processes = run(
  'whole-process tests (run beside the others)',
  'npx',
  ['vitest', 'run', '--project', 'processes'],
  vitestEnv,
);
const othersCode = await runInTerminal(
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'integration', '--project', 'browser'],
  vitestEnv,
);
const processesResult = await processes;
process.stdout.write(processesResult.report);
const passed = othersCode === 0 && processesResult.ok;
console.log(
  `\nnpm test: ${passed ? 'passed' : 'FAILED'} (tests took ${((performance.now() - started) / 1000).toFixed(0)} s after the lint)`,
);
process.exit(passed ? 0 : 1);
