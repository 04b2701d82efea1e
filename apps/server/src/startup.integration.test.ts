import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryArguments, freePort } from '../../../test/app-process';
import { RestClient } from '../../../test/rest-client';

// Starts the real entry point the way `npm start` does, on the embedded PostgreSQL (no
// DATABASE_URL), to check what a newcomer relies on: data survives restarts and a killed run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-startup-'));
// Reachable by the postgres user when run as root, so the cluster lives inside DATA_DIR itself.
chmodSync(dataDir, 0o755);
const admin = { email: 'owner@example.com', password: 'owner-password-1' };
const running = new Set<ChildProcess>();

async function startApp() {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, entryArguments('server'), {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited during start:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the app was not ready within 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  const done = child.exitCode !== null || child.signalCode !== null;
  return done ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all([...running].map(exited));
  // A SIGKILLed run may have left its postgres; the last clean stop shut it down.
  rmSync(dataDir, { recursive: true, force: true });
});

describe('starting on an empty DATA_DIR with the embedded PostgreSQL', () => {
  it('keeps data across a clean restart and recovers after the process is killed', async () => {
    const first = await startApp();
    const client = new RestClient(first.url);
    await client.signIn(admin.email, admin.password);
    expect((await client.patch('/api/v1/auth/users/me/profile', { name: 'Kept Across Restarts' })).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);

    const second = await startApp();
    const again = new RestClient(second.url);
    const signIn = await again.signIn(admin.email, admin.password);
    expect(signIn.body.user.name).toBe('Kept Across Restarts');
    const postmasterPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    second.child.kill('SIGKILL');
    await exited(second.child);
    // The killed run's postgres is still running with the cluster locked.
    expect(() => process.kill(postmasterPid, 0)).not.toThrow();

    const third = await startApp();
    expect(third.output()).toMatch(/stopping an orphaned server/);
    const afterKill = new RestClient(third.url);
    expect((await afterKill.signIn(admin.email, admin.password)).body.user.name).toBe('Kept Across Restarts');
    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);
  }, 240_000);
});
