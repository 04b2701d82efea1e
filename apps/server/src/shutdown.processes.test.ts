import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorLines, freePort, spawnApp, waitUntilReady, type AppProcess } from '../../../test/app-process';

// Ctrl+C on `npm start`: the terminal sends SIGINT to its whole foreground process group at once.
// The app must drain, stop its workers, then stop its embedded PostgreSQL (which is in a group of
// its own, so the terminal's signal does not stop it too early), all within 10 s and quietly.
const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-shutdown-'));
chmodSync(dataDir, 0o755); // reachable by the postgres user when run as root
let app: AppProcess | null = null;

afterAll(async () => {
  if (app?.running) app.child.kill('SIGKILL');
  await app?.exited();
  rmSync(dataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Ctrl+C on npm start', () => {
  it(
    'stops everything, the embedded PostgreSQL last, within 10 s and without an error line',
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      app = spawnApp(
        'start',
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, GENESYS_HISTORY_DAYS: '7', LOG_LEVEL: 'info' },
        { ownProcessGroup: true },
      );
      await waitUntilReady(app, `http://127.0.0.1:${port}/readyz`, 200_000);
      const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(isAlive(postmaster)).toBe(true);

      const pressed = performance.now();
      process.kill(-app.child.pid!, 'SIGINT'); // what the terminal does: the whole group at once
      const code = await app.exited();
      const seconds = (performance.now() - pressed) / 1000;

      expect(code).toBe(0);
      expect(seconds).toBeLessThan(10);
      expect(errorLines(app.output())).toEqual([]);
      expect(app.output()).not.toMatch(/"client":|DatabaseError|terminating connection/);
      expect(isAlive(postmaster)).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      console.info(`Ctrl+C on npm start: stopped in ${seconds.toFixed(1)} s`);
    },
  );
});
