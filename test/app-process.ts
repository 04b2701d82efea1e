// Test kit: Phone Billing's entry points run as real processes (the way `npm start` and
// `npm run worker` run them), with their output kept for assertions.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, BUNDLE_NODE_FLAGS, serverBundleFile } from '../scripts/build-server-if-stale.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What each entry point runs: the server bundle that `npm start`, `npm run worker` and `npm run
 * simulators` run (scripts/build-server-if-stale.mjs, built from apps/server/src/main.ts,
 * apps/server/src/worker-main.ts and apps/server/src/cli/simulators.ts), or `npm start`'s
 * script itself.
 */
export const ENTRY_POINTS = {
  /** `npm start` without the web build step: the bundled apps/server/src/main.ts. */
  server: { bundle: 'main' },
  /** `npm run worker`. */
  worker: { bundle: 'worker-main' },
  /** `npm start` itself (builds the web app and the bundle when stale, then runs the bundled main.ts as a child). */
  start: { script: 'scripts/start.mjs' },
  /** `npm run simulators`. */
  simulators: { bundle: 'simulators' },
} as const;

/**
 * The node arguments that run an entry point. A bundled one is rebuilt first when its sources
 * changed: global-setup.ts has built it already in a normal run, and the check costs about 10 ms
 * of processor time, so a watch-mode rerun after an edit runs the edited code too. A build beside
 * another one (two vitest runs) is safe: each file is renamed into place whole.
 */
export function entryArguments(entry: keyof typeof ENTRY_POINTS): string[] {
  const target = ENTRY_POINTS[entry];
  if ('script' in target) return [path.join(REPO_ROOT, target.script)];
  buildServerIfStale();
  return [...BUNDLE_NODE_FLAGS, serverBundleFile(target.bundle)];
}

export interface AppProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited(): Promise<number | null>;
  readonly running: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns one entry point with exactly `env` (plus PATH and HOME), so nothing of the test runner's
 * environment leaks in. `ownProcessGroup` puts it in a group of its own, as a terminal does with
 * the command it runs, so a test can send a signal to the whole group like Ctrl+C does.
 */
export function spawnApp(
  entry: keyof typeof ENTRY_POINTS,
  env: NodeJS.ProcessEnv,
  options: { ownProcessGroup?: boolean } = {},
): AppProcess {
  const child = spawn(process.execPath, entryArguments(entry), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited: () => exit,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
  };
}

/** Polls `url` until it answers 2xx; throws with the process output when it exits or times out. */
export async function waitUntilReady(app: AppProcess, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!app.running) throw new Error(`the process exited before it was ready:\n${app.output().slice(-4000)}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms:\n${app.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The JSON log lines of an output at `error` level or above (pino: 50 and up), and any other text that says error. */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    const trimmed = line.trim();
    if (!trimmed) return false;
    if (trimmed.startsWith('{')) {
      try {
        return Number((JSON.parse(trimmed) as { level?: unknown }).level) >= 50;
      } catch {
        return /error/i.test(trimmed);
      }
    }
    return /error|exception|unhandled/i.test(trimmed);
  });
}
