// The scale-out scenario (issue 15): one fresh database, the shared simulators (`npm run
// simulators`), several servers (`npm start` with WORKERS=0) and worker processes (`npm run
// worker`), all real processes. Customers are created and billed through the REST API only;
// what happened is read back from the REST API, the simulators' state and the workers' logs, so
// the scenario does not depend on how billing works inside.
//
// The billing it drives: every customer owes a minimum of 1 minute at $1.50 per monthly period
// and has no calls (its queue is unknown to Genesys), so each of the two periods before the
// scheduled run owes exactly $1.50, whoever bills it and however invoices split it. Two servers
// start manual runs for the month before last at the same moment; every profile's scheduled run
// falls due shortly after (billing last month, and what is still unbilled); a third manual run
// for last month starts when the scheduled runs fall due. Meanwhile servers and workers are
// killed with SIGKILL at random and started again.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorLines, freePort, spawnApp, waitUntilReady, type AppProcess } from '../app-process';
import { RestClient } from '../rest-client';

export interface ScaleScenarioOptions {
  databaseUrl: string;
  servers: number;
  workers: number;
  customers: number;
  /** SIGKILLs during the run, at random among servers and workers, each followed by a restart. */
  kills: number;
  /** Everything must have ended by then. */
  timeoutMs: number;
  log?: (line: string) => void;
}

export interface ScaleReport {
  customers: number;
  periods: string[];
  invoices: number;
  /** DocNumbers found on more than one invoice. */
  duplicateDocNumbers: string[];
  /** Customers whose invoices do not add up to one minimum per period ($1.50 × periods). */
  wronglyBilledCustomers: Array<{ qboCustomerId: string; invoices: number; total: number }>;
  qbo: { apiRequests: number; tooManyRequestsSent: number; mostInFlight: number; busiestMinute: number };
  genesys: { requests: number; tooManyRequestsSent: number };
  /** Invoices created in the busiest 60 s, and on average while invoicing was going on. */
  invoicesPerMinute: { busiest: number; average: number };
  kills: { servers: number; workers: number };
  /** Billing jobs each worker (by slot: a restarted worker keeps its slot) worked on; a job resumed elsewhere counts for both. */
  jobsPerWorker: number[];
  jobs: { total: number; byType: Record<string, number>; byStatus: Record<string, number>; retried: number };
  /** Error lines (level error or worse) in the logs of processes that were not killed. */
  errorLines: string[];
  seconds: number;
}

const ADMIN = { email: 'scale-admin@example.com', password: 'scale-admin-password-1' };
const SECRET = 'scale-test-app-secret-0123456789abcdef';
const RATE = '1.50';
const MINIMUM_AMOUNT = 1.5;
const COMPANY_TIME_ZONE = 'America/Los_Angeles';

type Role = 'server' | 'worker';
type Member = {
  role: Role;
  slot: number;
  port: number;
  dataDir: string;
  process: AppProcess;
  /** Up and serving (false from its SIGKILL until its replacement is ready). */
  up: boolean;
  killed: AppProcess[];
  allOutput: string[];
};

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Calendar parts of an instant in the company's timezone. */
function zoned(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: COMPANY_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** First and last day of the month `back` months before (year, month). */
function monthBefore(year: number, month: number, back: number): { start: string; end: string } {
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

export async function runScaleScenario(options: ScaleScenarioOptions): Promise<ScaleReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const deadline = Date.now() + options.timeoutMs;
  const members: Member[] = [];
  let simulators: AppProcess | null = null;
  // Every process's DATA_DIR under one folder, removed at the end.
  const scratch = mkdtempSync(path.join(tmpdir(), 'pb-scale-'));
  const scratchDir = (name: string) => {
    const dir = path.join(scratch, name);
    mkdirSync(dir);
    return dir;
  };
  try {
    // ---- the shared simulators, then every server and worker at once on the fresh database
    const simulatorsPort = await freePort();
    const simulatorsUrl = `http://127.0.0.1:${simulatorsPort}`;
    simulators = spawnApp('simulators', {
      SIMULATORS_PORT: String(simulatorsPort),
      DATA_DIR: scratchDir('simulators'),
      QBO_SIMULATOR_CUSTOMERS: String(options.customers),
    });
    await waitUntilReady(simulators, `${simulatorsUrl}/healthz`, 60_000);

    const sharedEnv: NodeJS.ProcessEnv = {
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      GENESYS_SIMULATOR_URL: `${simulatorsUrl}/genesys`,
      QBO_SIMULATOR_URL: `${simulatorsUrl}/qbo`,
      DEMO_DATA: '0',
      GENESYS_HISTORY_DAYS: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // A killed worker's job is taken over after 10 s without a heartbeat (90 s by default).
      BILLING_STALE_SECONDS: '10',
      BILLING_SWEEP_SECONDS: '2',
    };
    const spawnMember = (member: Omit<Member, 'process' | 'up' | 'killed' | 'allOutput'>): Member => {
      const env = {
        ...sharedEnv,
        DATA_DIR: member.dataDir,
        ...(member.role === 'server' ? { WORKERS: '0', PORT: String(member.port), HOST: '127.0.0.1' } : {}),
      };
      return { killed: [], allOutput: [], ...member, up: false, process: spawnApp(member.role, env) };
    };
    for (let slot = 0; slot < options.servers; slot += 1) {
      members.push(
        spawnMember({ role: 'server', slot, port: await freePort(), dataDir: scratchDir(`server${slot + 1}`) }),
      );
    }
    for (let slot = 0; slot < options.workers; slot += 1) {
      members.push(spawnMember({ role: 'worker', slot, port: 0, dataDir: scratchDir(`worker${slot + 1}`) }));
    }
    const ready = (member: Member) =>
      member.role === 'server'
        ? waitUntilReady(member.process, `http://127.0.0.1:${member.port}/readyz`, 180_000)
        : waitForOutput(member.process, /Phone Billing worker running/, 180_000);
    await Promise.all(members.map(ready));
    for (const member of members) member.up = true;
    log(
      `${options.servers} servers and ${options.workers} workers ready after ${Math.round((performance.now() - started) / 1000)} s`,
    );

    const servers = () => members.filter((member) => member.role === 'server');
    const liveServers = () => servers().filter((member) => member.up);
    const clients = new Map<number, RestClient>();
    /** A signed-in client of server `slot` (signed in again after a restart: sessions live in the database, so no need). */
    const clientOf = async (slot: number) => {
      let client = clients.get(slot);
      if (!client) {
        client = new RestClient(`http://127.0.0.1:${servers()[slot]!.port}`);
        await client.signIn(ADMIN.email, ADMIN.password);
        clients.set(slot, client);
      }
      return client;
    };
    /** A REST call on a live server, on another one when the one asked is killed meanwhile. */
    const api = async <T>(call: (client: RestClient) => Promise<T>, preferred?: number): Promise<T> => {
      for (let attempt = 0; ; attempt += 1) {
        const candidates = liveServers();
        const member =
          candidates.find((candidate) => candidate.slot === preferred) ??
          candidates[attempt % Math.max(1, candidates.length)];
        try {
          if (!member) throw new Error('no server is running');
          return await call(await clientOf(member.slot));
        } catch (error) {
          if (attempt >= 20 || Date.now() > deadline) throw error;
          await sleep(500);
        }
      }
    };

    // ---- QuickBooks connected as a user would: authorize, approve on the consent page, callback
    await connectQuickBooks(await clientOf(0));

    // ---- customers, created through every server; their scheduled runs fall due at one minute
    const createdAt = new Date();
    // Due at the first whole minute after the customers are all created (about 50 ms each).
    const due = new Date(Math.ceil((createdAt.getTime() + 8_000 + options.customers * 50) / 60_000) * 60_000);
    const dueZoned = zoned(due);
    const lastMonth = monthBefore(dueZoned.year, dueZoned.month, 1);
    const monthBeforeLast = monthBefore(dueZoned.year, dueZoned.month, 2);
    // Whether profiles take a billing start date (billing from issue 12 bills nothing before it).
    const startDateField = await api(async (client) => profileFieldExists(client, 'billingStartDate'));
    const queueNames = Array.from(
      { length: options.customers },
      (_, index) => `Scale Queue ${String(index + 1).padStart(3, '0')}`,
    );
    // Eight requests at a time, spread over the servers, as an import script would send them.
    await inBatches(8, options.customers, async (index) => {
      const number = String(index + 1).padStart(3, '0');
      const body = {
        genesysQueueNames: [queueNames[index]!],
        qboDisplayName: `Customer ${number} Telecom`,
        qboCustomerId: String(index + 1),
        ratePerMinute: RATE,
        overageRatePerMinute: RATE,
        minimumMinutes: 1,
        billDate: dueZoned.day,
        billTime: dueZoned.time,
        billingPeriodStart: 1,
        billingPeriodEnd: 31,
        ...(startDateField ? { billingStartDate: monthBeforeLast.start } : {}),
      };
      await api(async (client) => {
        const answer = await client.post('/api/v1/customer-profiles', body);
        if (answer.status === 409) return; // created already by an attempt whose answer was lost
        if (answer.status !== 201 && answer.status !== 200)
          throw new Error(`creating a profile: ${answer.status} ${JSON.stringify(answer.body)}`);
      }, index % options.servers);
    });
    log(
      `${options.customers} customers created; scheduled runs due at ${due.toISOString()}; periods ${monthBeforeLast.start}..${lastMonth.end}`,
    );

    // ---- the runs, and the chaos
    const run = (slot: number, period: { start: string; end: string }) =>
      api(async (client) => {
        const answer = await client.post('/api/v1/billing/run', {
          billingPeriodStart: period.start,
          billingPeriodEnd: period.end,
          isDryRun: false,
          selectedQueues: queueNames,
        });
        if (answer.status !== 201) throw new Error(`manual run: ${answer.status} ${JSON.stringify(answer.body)}`);
      }, slot);
    const manualRuns = Promise.all([run(0, monthBeforeLast), run(1 % options.servers, monthBeforeLast)]);
    const lateManualRun = (async () => {
      await sleep(Math.max(0, due.getTime() - Date.now()));
      await run(2 % options.servers, lastMonth);
    })();

    const kills = { servers: 0, workers: 0 };
    const restarts: Array<Promise<void>> = [];
    const killAndRestart = async (member: Member) => {
      member.up = false;
      const victim = member.process;
      victim.child.kill('SIGKILL');
      await victim.exited();
      member.killed.push(victim);
      member.allOutput.push(victim.output());
      if (member.role === 'server') kills.servers += 1;
      else kills.workers += 1;
      await sleep(500 + Math.random() * 1500);
      member.process = spawnMember({
        role: member.role,
        slot: member.slot,
        port: member.port,
        dataDir: member.dataDir,
      }).process;
      await ready(member);
      member.up = true;
    };
    const chaos = (async () => {
      // The first victim is a worker as the scheduled runs fall due: its replacement's start-up
      // tick queues them at once (and its jobs must be taken over by the others).
      await sleep(Math.max(0, due.getTime() + 1_000 - Date.now()));
      for (let kill = 0; kill < options.kills && Date.now() < deadline; kill += 1) {
        // Any process that is up, a server only while another one serves.
        const upServers = members.filter((member) => member.role === 'server' && member.up).length;
        const candidates = members.filter((member) => member.up && (member.role === 'worker' || upServers > 1));
        const victim =
          kill === 0
            ? candidates.find((member) => member.role === 'worker')
            : candidates[Math.floor(Math.random() * candidates.length)];
        if (!victim) {
          await sleep(1_000);
          kill -= 1;
          continue;
        }
        log(`SIGKILL ${victim.role} ${victim.slot + 1}`);
        const restart = killAndRestart(victim);
        restart.catch(() => undefined); // awaited below; a failed restart fails the run there
        restarts.push(restart);
        await sleep(2_000 + Math.random() * 4_000);
      }
    })();
    await Promise.all([manualRuns, lateManualRun, chaos]);
    await Promise.all(restarts);
    log(`${kills.servers + kills.workers} kills done; waiting for every job to end`);

    // ---- until everything has ended: every profile past its scheduled run, every job ended,
    // and nothing new for a few seconds. Failed jobs are retried, as a user would.
    let retried = 0;
    let settledSince: number | null = null;
    let lastSignature = '';
    let jobs: JobView[] = [];
    for (;;) {
      if (Date.now() > deadline)
        throw new Error(`the run had not ended after ${options.timeoutMs} ms: ${summariseJobs(jobs)}`);
      jobs = await api(listJobs);
      const profilesWaiting = await api(async (client) => countProfilesDueBy(client, due));
      const running = jobs.filter((job) => job.status === 'PENDING' || job.status === 'IN_PROGRESS');
      const failed = jobs.filter((job) => job.status === 'FAILED');
      if (running.length === 0 && profilesWaiting === 0 && failed.length > 0) {
        for (const job of failed) {
          log(`retrying failed job ${job.jobId}: ${job.error ?? ''}`);
          await api((client) => client.post(`/api/v1/billing/retry/${job.id}`, {}));
          retried += 1;
        }
        settledSince = null;
        continue;
      }
      const signature = jobs.map((job) => `${job.id}:${job.status}`).join(',');
      if (running.length === 0 && profilesWaiting === 0 && signature === lastSignature) {
        settledSince ??= Date.now();
        if (Date.now() - settledSince > 6_000) break;
      } else settledSince = null;
      lastSignature = signature;
      await sleep(1_000);
    }

    // ---- what the simulators saw
    const stats = (await (await fetch(`${simulatorsUrl}/_control/stats`)).json()) as {
      qbo: ScaleReport['qbo'];
      genesys: ScaleReport['genesys'];
    };
    const invoices = (
      (await (await fetch(`${simulatorsUrl}/_control/qbo/invoices`)).json()) as { invoices: SimulatedInvoice[] }
    ).invoices;
    const docNumbers = new Map<string, number>();
    for (const invoice of invoices)
      if (invoice.DocNumber) docNumbers.set(invoice.DocNumber, (docNumbers.get(invoice.DocNumber) ?? 0) + 1);
    const perCustomer = new Map<string, { invoices: number; total: number }>();
    for (let index = 0; index < options.customers; index += 1)
      perCustomer.set(String(index + 1), { invoices: 0, total: 0 });
    for (const invoice of invoices) {
      const entry = perCustomer.get(invoice.CustomerRef.value) ?? { invoices: 0, total: 0 };
      entry.invoices += 1;
      entry.total = Math.round((entry.total + invoice.TotalAmt) * 100) / 100;
      perCustomer.set(invoice.CustomerRef.value, entry);
    }
    const owed = 2 * MINIMUM_AMOUNT;
    const wronglyBilled = [...perCustomer]
      .filter(([, entry]) => entry.total !== owed)
      .map(([qboCustomerId, entry]) => ({ qboCustomerId, ...entry }));

    const workerOutput = (slot: number) => {
      const member = members.find((candidate) => candidate.role === 'worker' && candidate.slot === slot)!;
      return [...member.allOutput, member.process.output()].join('\n');
    };
    const jobsPerWorker = Array.from({ length: options.workers }, (_, slot) =>
      countFinishedBillingJobs(workerOutput(slot)),
    );
    const survivorsErrors = members.flatMap((member) =>
      errorLines(member.process.output()).map((line) => `${member.role} ${member.slot + 1}: ${line}`),
    );

    const report: ScaleReport = {
      customers: options.customers,
      periods: [`${monthBeforeLast.start}..${monthBeforeLast.end}`, `${lastMonth.start}..${lastMonth.end}`],
      invoices: invoices.length,
      duplicateDocNumbers: [...docNumbers].filter(([, count]) => count > 1).map(([docNumber]) => docNumber),
      wronglyBilledCustomers: wronglyBilled,
      qbo: stats.qbo,
      genesys: stats.genesys,
      invoicesPerMinute: invoiceRates(invoices),
      kills,
      jobsPerWorker,
      jobs: {
        total: jobs.length,
        byType: countBy(jobs, (job) => job.type),
        byStatus: countBy(jobs, (job) => job.status),
        retried,
      },
      errorLines: survivorsErrors,
      seconds: Math.round((performance.now() - started) / 1000),
    };
    return report;
  } finally {
    for (const member of members) if (member.process.running) member.process.child.kill('SIGTERM');
    await Promise.all(members.map((member) => Promise.race([member.process.exited(), sleep(15_000)])));
    for (const member of members) if (member.process.running) member.process.child.kill('SIGKILL');
    if (simulators?.running) simulators.child.kill('SIGTERM');
    await simulators?.exited();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The report as people read it: the figures the issue asks for. */
export function describeReport(report: ScaleReport): string {
  const lines = [
    `customers ${report.customers}, periods ${report.periods.join(' and ')}`,
    `invoices ${report.invoices} (duplicate DocNumbers: ${report.duplicateDocNumbers.length}, customers not billed exactly once per period: ${report.wronglyBilledCustomers.length})`,
    `invoices per minute: ${report.invoicesPerMinute.busiest} in the busiest minute, ${report.invoicesPerMinute.average} on average while invoicing (QuickBooks ceiling: 500 requests a minute)`,
    `QuickBooks requests: ${report.qbo.apiRequests}, busiest minute ${report.qbo.busiestMinute}/500 (${Math.round((report.qbo.busiestMinute / 500) * 100)}%), most at once ${report.qbo.mostInFlight}/10, 429s ${report.qbo.tooManyRequestsSent}`,
    `Genesys requests: ${report.genesys.requests}, 429s ${report.genesys.tooManyRequestsSent}`,
    `SIGKILLs: ${report.kills.servers} servers, ${report.kills.workers} workers`,
    `billing jobs worked on per worker: ${report.jobsPerWorker.join(', ')}`,
    `jobs: ${report.jobs.total} (${Object.entries(report.jobs.byType)
      .map(([type, count]) => `${count} ${type}`)
      .join(', ')}; ${Object.entries(report.jobs.byStatus)
      .map(([status, count]) => `${count} ${status}`)
      .join(', ')}; retried ${report.jobs.retried})`,
    `took ${report.seconds} s`,
  ];
  return lines.join('\n');
}

type SimulatedInvoice = {
  DocNumber?: string;
  TotalAmt: number;
  CustomerRef: { value: string };
  MetaData?: { CreateTime?: string };
};
type JobView = { id: string; jobId: string; type: string; status: string; error: string | null };

function invoiceRates(invoices: SimulatedInvoice[]): ScaleReport['invoicesPerMinute'] {
  const times = invoices
    .map((invoice) => Date.parse(invoice.MetaData?.CreateTime ?? ''))
    .filter((time) => Number.isFinite(time))
    .sort((a, b) => a - b);
  if (times.length < 2) return { busiest: times.length, average: times.length };
  let busiest = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= 60_000) first += 1;
    busiest = Math.max(busiest, last - first + 1);
  }
  const minutes = (times.at(-1)! - times[0]!) / 60_000;
  return { busiest, average: Math.round(times.length / Math.max(minutes, 1 / 60)) };
}

/** Runs `task` for 0..count-1, `width` at a time. */
async function inBatches(width: number, count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

function summariseJobs(jobs: JobView[]): string {
  return JSON.stringify(countBy(jobs, (job) => `${job.type} ${job.status}`));
}

/** Billing jobs a worker worked on: distinct ids in the "job finished" lines of its JSON log. */
function countFinishedBillingJobs(output: string): number {
  const billingJobIds = new Set<string>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes('job finished')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; queue?: string; data?: { billingJobId?: string } };
      if (entry.msg === 'job finished' && entry.queue === 'billing.run-job' && entry.data?.billingJobId)
        billingJobIds.add(entry.data.billingJobId);
    } catch {
      // not a log line
    }
  }
  return billingJobIds.size;
}

async function waitForOutput(process: AppProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(process.output())) {
    if (!process.running) throw new Error(`the process exited before it was ready:\n${process.output().slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms:\n${process.output().slice(-4000)}`);
    await sleep(200);
  }
}

/** QBO Setup → Start OAuth Authorization → Approve, as the browser would do it. */
async function connectQuickBooks(admin: RestClient): Promise<void> {
  const auth = await admin.get('/api/v1/qbo/auth');
  const authUrl = new URL((auth.body as { data: { authUrl: string } }).data.authUrl);
  const form = new URLSearchParams(authUrl.searchParams);
  form.set('decision', 'approve');
  const consent = await fetch(`${authUrl.origin}${authUrl.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = consent.headers.get('location');
  if (consent.status !== 302 || !location) throw new Error(`the consent page answered ${consent.status}`);
  const callback = await admin.get(`/api/v1/qbo/callback${new URL(location).search}`);
  if (callback.status !== 200)
    throw new Error(`the QuickBooks callback answered ${callback.status}: ${JSON.stringify(callback.body)}`);
}

async function profileFieldExists(client: RestClient, field: string): Promise<boolean> {
  const document = (await client.get('/api/v1/openapi.json')).body as {
    paths?: Record<string, Record<string, unknown>>;
  };
  const text = JSON.stringify(document.paths?.['/customer-profiles']?.post ?? {});
  return text.includes(`"${field}"`);
}

async function listJobs(client: RestClient): Promise<JobView[]> {
  const answer = await client.get('/api/v1/billing/jobs?limit=500');
  if (answer.status !== 200) throw new Error(`listing jobs: ${answer.status}`);
  return (answer.body as { data: JobView[] }).data;
}

/** Active profiles whose next run is still at or before `due` (their scheduled run not yet taken). */
async function countProfilesDueBy(client: RestClient, due: Date): Promise<number> {
  let waiting = 0;
  for (let page = 1; ; page += 1) {
    const answer = await client.get(`/api/v1/customer-profiles?page=${page}&limit=100&isActive=true`);
    if (answer.status !== 200) throw new Error(`listing profiles: ${answer.status}`);
    const body = answer.body as { data: Array<{ nextRunAt: string | null }>; pagination?: { totalPages?: number } };
    waiting += body.data.filter(
      (profile) => profile.nextRunAt !== null && Date.parse(profile.nextRunAt) <= due.getTime(),
    ).length;
    if (body.data.length < 100) return waiting;
  }
}
