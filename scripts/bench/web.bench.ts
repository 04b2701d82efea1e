// The first load (issue 14): what /login and / (signed in, the dashboard) fetch, with each file's
// gzip size, beside the limit of 150 KB for the entry chunk plus the first screen's; then
// Lighthouse 12.2.3 (desktop preset) on /login, / and /customer-profiles signed in, beside the
// goal of 95 for performance, accessibility and best practices. The app runs in production mode
// on a scratch database with realistic rows; Chromium is Debian's (CHROMIUM_PATH), never one a
// tool downloads. Lighthouse is installed on first use into node_modules/.cache (npm registry).
//   npm run bench -- web
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seedDatabase } from '../../packages/api/src/seed';
import { freePort } from '../../test/app-process';
import { CHROMIUM_PATH, launchBrowser } from '../../test/browser';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { seedRealisticRows } from './realistic-rows';
import { createScratchDatabase } from './scratch-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIGHTHOUSE_VERSION = '12.2.3';
const LIGHTHOUSE_DIR = path.join(ROOT, 'node_modules/.cache/bench-lighthouse');
const FIRST_LOAD_LIMIT_KB = 150;
const SCORE_GOAL = 95;
const ADMIN = { email: 'admin@example.com', password: 'bench-password-1' };
const ROWS = { calls: 50_000, days: 60, profiles: 500, jobs: 2_000, ledgerEntries: 2_000, notifications: 200 };
/** The flags of test/browser.ts, for the Chromium Lighthouse drives. */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];

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
  const browser = await launchBrowser();
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
      if (response.url().startsWith(base) && ['document', 'script', 'stylesheet', 'font', 'image'].includes(type)) urls.push(response.url());
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

async function loadLighthouse() {
  const entry = path.join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/core/index.js');
  if (!existsSync(entry)) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(ROOT, LIGHTHOUSE_DIR)} (first run only)...`);
    execFileSync('npm', ['install', '--prefix', LIGHTHOUSE_DIR, '--no-save', '--no-audit', '--no-fund', '-E', `lighthouse@${LIGHTHOUSE_VERSION}`], { stdio: 'inherit' });
  }
  const lighthouse = (await import(pathToFileURL(entry).href)).default as (url: string, flags: object, config: object) => Promise<{ lhr: LighthouseResult }>;
  const desktop = (await import(pathToFileURL(path.join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/core/config/desktop-config.js')).href)).default as object;
  const chromeLauncher = await import(pathToFileURL(path.join(LIGHTHOUSE_DIR, 'node_modules/chrome-launcher/dist/index.js')).href);
  return { lighthouse, desktop, chromeLauncher: chromeLauncher as { launch(options: object): Promise<{ port: number; kill(): Promise<void> | void }> } };
}

interface LighthouseResult {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string; details?: { items?: Array<Record<string, unknown>> } }>;
}

/** The audits that cost a category points (or, for opportunities, could), with what they found. */
function shortfalls(lhr: LighthouseResult): string[] {
  const lines: string[] = [];
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    for (const { id } of auditRefs) {
      const audit = lhr.audits[id];
      if (!audit || audit.score === null || audit.score >= 0.9 || !['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      const items = (audit.details?.items ?? []).slice(0, 3).map((item) => String(item.description ?? item.url ?? item.source ?? JSON.stringify(item)).slice(0, 140));
      lines.push(`    ${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${items.length ? `: ${items.join(' | ')}` : ''}`);
    }
  }
  return lines;
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
    app = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
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
    for (let attempt = 0; !(await fetch(`${base}/readyz`).then((r) => r.ok, () => false)); attempt++) {
      if (attempt > 480 || app.exitCode !== null) throw new Error('the app did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const cookie = await signIn(base);

    console.log('First load (gzip sizes as sent to a browser that accepts gzip; Chromium itself gets Brotli, smaller):');
    await printFirstLoad(base, 'GET /login (signed out)', '/login', null);
    await printFirstLoad(base, 'GET / (signed in: the dashboard)', '/', cookie);

    const { lighthouse, desktop, chromeLauncher } = await loadLighthouse();
    const results: string[] = [];
    for (const pagePath of ['/login', '/', '/customer-profiles']) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
      try {
        const signedIn = pagePath !== '/login';
        const { lhr } = await lighthouse(
          `${base}${pagePath}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}) },
          desktop,
        );
        const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
        const scores = [score('performance'), score('accessibility'), score('best-practices')];
        const ms = (audit: string) => `${Math.round(lhr.audits[audit]?.numericValue ?? 0)} ms`;
        results.push(
          `${pagePath.padEnd(20)} ${scores.map((value) => String(value).padStart(13)).join('')}   FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}` +
            `  ${scores.every((value) => value >= SCORE_GOAL) ? 'ok' : 'MISSED'}`,
          ...shortfalls(lhr),
        );
      } finally {
        await chrome.kill();
      }
    }
    console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, desktop preset (goal ≥ ${SCORE_GOAL} each):`);
    console.log(`${'page'.padEnd(20)}${'performance'.padStart(13)}${'accessibility'.padStart(13)}${'best practices'.padStart(13)}`);
    for (const line of results) console.log(line);
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
