// The first load (issue 14): what /login and / (signed in, the dashboard) fetch, with each file's
// gzip size, beside the limit of 150 KB for the entry chunk plus the first screen's; then
// Lighthouse 12.2.3 (a devDependency) on /login, and on /, /customer-profiles and /billing-jobs
// signed in, with its mobile preset (simulated slow 4G and a 4× slower CPU; issue 24) and its
// desktop preset (issue 14), beside the goal of 95 for performance, accessibility, best practices
// and SEO. The app runs in production mode on a scratch database with realistic rows; Chromium is
// Debian's (CHROMIUM_PATH), never one a tool downloads.
//   npm run bench -- web              both presets
//   BENCH_LIGHTHOUSE=mobile npm run bench -- web   one of them (mobile or desktop)
//   BENCH_LIGHTHOUSE_RUNS=3, BENCH_LIGHTHOUSE_PAGES=/,/billing-jobs, BENCH_LIGHTHOUSE_JSON=dir:
//   see lighthouse-runs.ts (medians of several runs, raw figures, full reports)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '../../packages/api/src/seed';
import { entryArguments, freePort } from '../../test/app-process';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../test/browser';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { printLighthouse } from './lighthouse-runs';
import { seedRealisticRows } from './realistic-rows';
import { createScratchDatabase } from './scratch-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = ['/login', '/', '/customer-profiles', '/billing-jobs'];
const FIRST_LOAD_LIMIT_KB = 150;
const ADMIN = { email: 'admin@example.com', password: 'bench-password-1' };
const ROWS = { calls: 50_000, days: 60, profiles: 500, jobs: 2_000, ledgerEntries: 2_000, notifications: 200 };
/** The flags of test/browser.ts, for the Chromium Lighthouse drives. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** Size in bytes of `url` as sent to a browser that accepts only gzip. */
function gzipSize(url: string, cookie: string | null): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'none') }));
    })
      .on('error', reject)
      .end();
  });
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ ...ADMIN, rememberMe: true }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('pb_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

/** The app's own files a page fetches until the network is quiet (HTML, scripts, styles). */
async function filesFetched(base: string, pagePath: string, cookie: string | null): Promise<string[]> {
  // A Chromium of its own, closed afterwards: test/browser.ts's shared one stays up for the next
  // test file, and here it kept `npm run bench` from exiting after its table.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless=new'),
  });
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url: base }]);
    }
    const page = await context.newPage();
    const urls: string[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (response.url().startsWith(base) && ['document', 'script', 'stylesheet', 'font', 'image'].includes(type))
        urls.push(response.url());
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    return [...new Set(urls)];
  } finally {
    await browser.close();
  }
}

async function printFirstLoad(base: string, label: string, pagePath: string, cookie: string | null) {
  const urls = await filesFetched(base, pagePath, cookie);
  let scripts = 0;
  let total = 0;
  const lines: string[] = [];
  for (const url of urls) {
    const { bytes, encoding } = await gzipSize(url, cookie);
    total += bytes;
    if (url.endsWith('.js')) scripts += bytes;
    lines.push(`    ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${encoding.padEnd(4)} ${new URL(url).pathname}`);
  }
  const ok = scripts / 1024 <= FIRST_LOAD_LIMIT_KB;
  console.log(
    `${label}: scripts ${(scripts / 1024).toFixed(1)} KB gzip (limit ${FIRST_LOAD_LIMIT_KB} KB) ${ok ? 'ok' : 'OVER'}; everything ${(total / 1024).toFixed(1)} KB in ${urls.length} files`,
  );
  for (const line of lines) console.log(line);
}

export default async function webBench(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`No Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH): the web bench needs one.`);
    return;
  }
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-web-if-stale.mjs')], { stdio: 'inherit' });
  const scratch = await createScratchDatabase('web');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-web-'));
  let app: ChildProcess | null = null;
  try {
    await seedDatabase(scratch.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    await seedRealisticRows(scratch.db, ROWS);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...entryArguments('server')], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: scratch.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_ORIGIN: base,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        WORKERS: '0',
        DEMO_DATA: '0',
        GENESYS_HISTORY_DAYS: '0',
      },
    });
    for (
      let attempt = 0;
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ));
      attempt++
    ) {
      if (attempt > 480 || app.exitCode !== null) throw new Error('the app did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const cookie = await signIn(base);

    console.log(
      'First load (gzip sizes as sent to a browser that accepts gzip; Chromium itself gets Brotli, smaller):',
    );
    await printFirstLoad(base, 'GET /login (signed out)', '/login', null);
    await printFirstLoad(base, 'GET / (signed in: the dashboard)', '/', cookie);

    const pages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? PAGES;
    for (const preset of (process.env.BENCH_LIGHTHOUSE ?? 'mobile,desktop').split(',')) {
      await printLighthouse({
        base,
        cookie,
        pages,
        preset,
        chromiumPath: CHROMIUM_PATH,
        chromiumFlags: CHROMIUM_FLAGS,
      });
    }
  } finally {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.dispose();
  }
}
