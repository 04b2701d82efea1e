// `npm test`: the web build (for the browser tests) and the server bundle (for the whole-process
// tests), each when its sources changed, then unit, integration (real PostgreSQL: embedded, or
// DATABASE_URL), browser (Debian's chromium through playwright-core) and whole-process tests, with
// the format check, ESLint (import directions) and the type check running beside them at a lower
// priority: the tests spend most of their time waiting (pg-boss, servers, the browser), so the
// checks use the idle processor instead of making the tests wait for them. A failed check stops
// the tests at once and prints why. With arguments (`npm test -- path/to/file.test.ts`) only the
// builds and vitest run, for quick iterations.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { TEST_CHROMIUM_IS_HEADLESS_SHELL, TEST_CHROMIUM_PATH } from './test-chromium.mjs';

if (!existsSync(TEST_CHROMIUM_PATH)) {
  console.log(
    `\nNo Chromium found at ${TEST_CHROMIUM_PATH} (set CHROMIUM_PATH, or apt-get install chromium-headless-shell): browser tests will be reported as skipped.\n`,
  );
} else if (!TEST_CHROMIUM_IS_HEADLESS_SHELL) {
  console.log(
    `\nBrowser tests use ${TEST_CHROMIUM_PATH}; apt-get install chromium-headless-shell makes them about a third faster.\n`,
  );
}

/** Children in their own process groups, so a failed check or Ctrl+C stops them with all they started. */
const children = new Set();
function startChild(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.on('close', () => children.delete(child));
  return child;
}
function stopChildren() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopChildren();
    process.exit(130);
  });
}

/** Runs a command with its output kept; resolves when it ends, with the output to print. */
function run(label, command, args, env = process.env) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = startChild(command, args, {
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
    startChild(command, args, { stdio: 'inherit', env }).on('close', (code) => resolve(code ?? 1)),
  );
}

const args = process.argv.slice(2);
// The server bundle the whole-process tests start: built here, once, rather than by the two
// vitest runs below at the same moment.
for (const [label, script] of [
  ['web build (when stale)', 'scripts/build-web-if-stale.mjs'],
  ['server bundle (when stale)', 'scripts/build-server-if-stale.mjs'],
]) {
  const build = await run(label, 'node', [script]);
  process.stdout.write(build.report);
  if (!build.ok) {
    console.error(`\nThe ${label} failed: fix the problems above (tests did not run).`);
    process.exit(1);
  }
}

const vitestEnv = { ...process.env, NODE_ENV: 'test', TURBO_TELEMETRY_DISABLED: '1' };
if (args.length > 0) process.exit(await runInTerminal('npx', ['vitest', 'run', ...args], vitestEnv));

const started = performance.now();
// `nice`: on a busy machine the tests' servers and browsers come first, the checks take what is left.
const checks = [
  run('format (prettier --check; npm run format fixes it)', 'nice', [
    'npx',
    'prettier',
    '--check',
    '.',
    '--log-level',
    'warn',
  ]),
  run('eslint', 'nice', ['npx', 'eslint', '.']),
  // TypeScript 7 (the native compiler): the same check in about half tsc 5.9's processor time.
  run('type check', 'nice', ['node', 'node_modules/typescript-7/bin/tsc', '-p', 'tsconfig.json']),
];
const checksDone = Promise.all(checks).then((results) => {
  const failed = results.filter((step) => !step.ok);
  if (failed.length > 0) {
    stopChildren();
    for (const step of failed) process.stdout.write(step.report);
    console.error(`\n${failed.map((step) => step.label).join(', ')} failed: fix the problems above (tests stopped).`);
    process.exit(1);
  }
  return results;
});

// The whole-process tests spend most of their time waiting for the processes they start (servers,
// workers, an embedded PostgreSQL), one file at a time: they run beside the other projects, in a
// vitest of their own, and print their report after the others'.
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
for (const step of await checksDone) process.stdout.write(step.report);
const passed = othersCode === 0 && processesResult.ok;
console.log(
  `\nnpm test: ${passed ? 'passed' : 'FAILED'} (${((performance.now() - started) / 1000).toFixed(0)} s after the web build)`,
);
process.exit(passed ? 0 : 1);
