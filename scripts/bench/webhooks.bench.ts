// QuickBooks webhooks and the invoice sync (issue 22), on a scratch database, the app as its own
// process (apps/server/src/main.ts, simulated QuickBooks mounted at /sim/qbo):
//  1. intake: signed notifications POSTed by autocannon (50 connections, one changed entity per
//     delivery, each body different); goal ≥ 1,000 notifications/s with p99 under Intuit's 3 s;
//  2. convergence with webhooks: a payment recorded in QuickBooks until the app's Invoices list
//     shows it; goal within 60 s;
//  3. convergence with every webhook dropped: the same, found by change data capture; goal within
//     one sync interval (BENCH_SYNC_SECONDS, default 20, given to the app as QBO_SYNC_INTERVAL_SECONDS).
//   npm run bench -- webhooks     BENCH_WEBHOOK_SECONDS (10) per intake round, BENCH_WEBHOOK_ROUNDS (2),
//                                 BENCH_WEBHOOK_INVOICES (20), BENCH_SYNC_SECONDS (20)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { hashToken } from '../../packages/api/src/auth/tokens';
import { seedDatabase } from '../../packages/api/src/seed';
import {
  createMemoryTokenStore,
  QboClient,
  QboOAuth,
  signWebhookBody,
} from '../../packages/integrations/src/qbo/index';
import { spawn } from 'node:child_process';
import { freePort, REPO_ROOT, spawnApp, waitUntilReady, type AppProcess } from '../../test/app-process';

/** The bare server of the API bench, which also answers POST /webhooks/quickbooks. */
function spawnBare(databaseUrl: string, port: number): AppProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/api/bare-server.ts', databaseUrl, String(port)],
    { cwd: REPO_ROOT, env: { PATH: process.env.PATH, NODE_ENV: 'production' }, stdio: 'ignore' },
  );
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => '',
    exited: () => exit,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
  };
}
import { createScratchDatabase } from './scratch-database';

const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 10);
const INVOICES = Number(process.env.BENCH_WEBHOOK_INVOICES ?? 20);
const SYNC_SECONDS = Number(process.env.BENCH_SYNC_SECONDS ?? 20);
const TOKEN = 'bench-verifier-token';
const API_TOKEN = 'pbt_benchwebhooks000000000000000000000';
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 2);

type Row = { qboId: string; status: string; balance: number };

/** Signs in to the mounted simulator's consent page as a second app grant, to create invoices. */
async function simulatorClient(base: string): Promise<QboClient> {
  const config = {
    clientId: 'sim-qbo-client',
    clientSecret: 'sim-qbo-secret',
    environment: 'sandbox' as const,
    redirectUri: 'http://localhost/bench',
    simulatorBaseUrl: `${base}/sim/qbo`,
  };
  const html = await (await fetch(new QboOAuth(config).authorizeUrl('bench'))).text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
    ]),
  );
  const approved = await fetch(`${base}/sim/qbo/connect/oauth2`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, decision: 'approve' }),
  });
  const client = new QboClient({ config, tokenStore: createMemoryTokenStore() });
  await client.connect(approved.headers.get('location')!);
  return client;
}

export default async function webhooksBench(): Promise<void> {
  const scratch = await createScratchDatabase('webhooks');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-webhooks-'));
  let app: AppProcess | null = null;
  let bare: AppProcess | null = null;
  try {
    await seedDatabase(scratch.db, { adminEmail: 'admin@example.com', adminPassword: 'bench-password-1' });
    const admin = await scratch.db.user.findFirstOrThrow();
    await scratch.db.apiToken.create({ data: { userId: admin.id, name: 'bench', tokenHash: hashToken(API_TOKEN) } });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = spawnApp('server', {
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      DEMO_DATA: '0',
      GENESYS_HISTORY_DAYS: '0',
      QBO_WEBHOOK_VERIFIER_TOKEN: TOKEN,
      QBO_SYNC_INTERVAL_SECONDS: String(SYNC_SECONDS),
    });
    await waitUntilReady(app, `${base}/readyz`);
    const api = async (pathAndQuery: string, init: RequestInit = {}) => {
      const response = await fetch(`${base}${pathAndQuery}`, {
        ...init,
        headers: { authorization: `Bearer ${API_TOKEN}`, 'content-type': 'application/json', ...init.headers },
      });
      return (await response.json()) as Record<string, any>;
    };

    // ---- 1. intake, beside the same work done by bare Fastify + node-postgres (api/bare-server.ts),
    //         in alternating rounds
    const barePort = await freePort();
    bare = spawnBare(scratch.url, barePort);
    await waitUntilReady(bare, `http://127.0.0.1:${barePort}/billing/jobs`);
    const realm = '9341453050000000';
    let sequence = 0;
    const intake = async (url: string) => {
      const result = await autocannon({
        url,
        method: 'POST',
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (request: autocannon.Request) => {
              sequence += 1;
              const body = JSON.stringify({
                eventNotifications: [
                  {
                    realmId: realm,
                    dataChangeEvent: {
                      entities: [
                        {
                          name: 'Invoice',
                          id: String(100_000 + sequence),
                          operation: 'Update',
                          lastUpdated: new Date().toISOString(),
                        },
                      ],
                    },
                  },
                ],
              });
              return {
                ...request,
                body,
                headers: { 'content-type': 'application/json', 'intuit-signature': signWebhookBody(TOKEN, body) },
              };
            },
          },
        ],
      });
      return {
        perSecond: result.requests.total / SECONDS,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors + result.timeouts,
      };
    };
    type Round = Awaited<ReturnType<typeof intake>>;
    const appRounds: Round[] = [];
    const bareRounds: Round[] = [];
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      appRounds.push(await intake(`${base}/api/v1/webhooks/quickbooks`));
      bareRounds.push(await intake(`http://127.0.0.1:${barePort}/webhooks/quickbooks`));
      loads.push(loadavg()[0]!);
    }
    const summary = (rounds: typeof appRounds) => ({
      perSecond: rounds.reduce((sum, round) => sum + round.perSecond, 0) / rounds.length,
      p99: Math.max(...rounds.map((round) => round.p99)),
      p50: rounds.map((round) => round.p50).sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!,
      failures: rounds.reduce((sum, round) => sum + round.failures, 0),
    });
    const a = summary(appRounds);
    const b = summary(bareRounds);
    const stored = await scratch.db.qboWebhookEvent.count();
    console.log(
      `intake, app:  ${a.perSecond.toFixed(0)} signed notifications/s (${(a.perSecond / 1000).toFixed(2)}× the goal of 1,000; ${(a.perSecond / b.perSecond).toFixed(2)}× bare), ` +
        `p50 ${a.p50} ms, p99 ${a.p99} ms (${(a.p99 / 3000).toFixed(3)}× Intuit's 3 s), ${a.failures} failed  ${a.perSecond >= 1000 && a.p99 < 3000 && a.failures === 0 ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `intake, bare: ${b.perSecond.toFixed(0)} notifications/s, p50 ${b.p50} ms, p99 ${b.p99} ms, ${b.failures} failed; ${stored.toLocaleString('en-US')} events stored in all`,
    );
    console.log(
      `load average (1 min) while measuring: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    );
    bare.child.kill('SIGTERM');

    // ---- 2 and 3. convergence: invoices the app created, a payment recorded in QuickBooks
    const connect = await fetch(`${base}/api/v1/qbo/auth`, { headers: { authorization: `Bearer ${API_TOKEN}` } });
    const authUrl = ((await connect.json()) as { data: { authUrl: string } }).data.authUrl;
    const consent = await (await fetch(authUrl)).text();
    const hidden = Object.fromEntries(
      [...consent.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
        match[1]!,
        match[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
      ]),
    );
    const approved = await fetch(new URL('oauth2', authUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...hidden, decision: 'approve' }),
    });
    const redirect = new URL(approved.headers.get('location')!);
    await api(
      `/api/v1/qbo/callback?${new URLSearchParams({ code: redirect.searchParams.get('code')!, state: redirect.searchParams.get('state')!, realmId: redirect.searchParams.get('realmId')! })}`,
    );
    const client = await simulatorClient(base);
    const profile = await scratch.db.customerProfile.create({
      data: { qboDisplayName: 'Bench Customer', genesysQueueNames: [], qboCustomerId: '1' },
    });
    const ids: string[] = [];
    for (let index = 0; index < 2 * INVOICES; index += 1) {
      const requestId = randomUUID();
      const invoice = await client.createInvoice(
        {
          CustomerRef: { value: '1' },
          Line: [{ DetailType: 'SalesItemLineDetail', Amount: 100, SalesItemLineDetail: { ItemRef: { value: '21' } } }],
        },
        { requestId },
      );
      await scratch.db.invoiceLedgerEntry.create({
        data: {
          profileId: profile.id,
          periodStart: new Date('2026-10-01'),
          periodEnd: new Date('2026-10-31'),
          billingJobId: randomUUID(),
          docNumber: `BENCH-${invoice.Id}`,
          requestId,
          qboInvoiceId: invoice.Id,
          amount: '100.00',
          state: 'CREATED',
          qboStatus: 'active',
        },
      });
      ids.push(invoice.Id);
    }
    const rows = async () => (await api('/api/v1/invoices?limit=500')).data as Row[];
    // The app notices new ledger entries within seconds; wait until it has read them all.
    for (
      let waited = 0;
      (await rows()).filter((row) => row.status === 'OPEN').length < ids.length && waited < 60;
      waited += 1
    )
      await new Promise((resolve) => setTimeout(resolve, 1000));

    const converge = async (batch: string[], label: string, goalSeconds: number) => {
      const started = Date.now();
      const paidAt = new Map<string, number>();
      for (const id of batch)
        await fetch(`${base}/sim/qbo/_control/invoices/${id}/payments`, {
          method: 'POST',
          body: JSON.stringify({ amount: 40 }),
        });
      while (paidAt.size < batch.length && Date.now() - started < (goalSeconds + 60) * 1000) {
        for (const row of await rows())
          if (
            batch.includes(row.qboId) &&
            row.status === 'PARTIALLY_PAID' &&
            row.balance === 60 &&
            !paidAt.has(row.qboId)
          )
            paidAt.set(row.qboId, Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const times = [...paidAt.values()].sort((a, b) => a - b);
      const worst = times.length === batch.length ? times.at(-1)! / 1000 : Infinity;
      const median = times.length ? times[Math.floor(times.length / 2)]! / 1000 : Infinity;
      console.log(
        `${label}: ${times.length}/${batch.length} invoices converged, median ${median.toFixed(1)} s, slowest ${worst.toFixed(1)} s (${(worst / goalSeconds).toFixed(2)}× the goal of ${goalSeconds} s)  ${worst <= goalSeconds ? 'ok' : 'MISSED'}`,
      );
    };
    await converge(ids.slice(0, INVOICES), 'with webhooks', 60);
    await fetch(`${base}/sim/qbo/_control/webhooks`, { method: 'POST', body: JSON.stringify({ mode: 'drop' }) });
    await converge(ids.slice(INVOICES), `every webhook dropped (sync every ${SYNC_SECONDS} s)`, SYNC_SECONDS);
  } finally {
    for (const process of [app, bare]) {
      if (!process?.running) continue;
      process.child.kill('SIGTERM');
      await process.exited();
    }
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.dispose();
  }
}
