import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryArguments } from '../../../../test/app-process';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import {
  connectQbo,
  createProfile,
  qboEnv,
  runJob,
  startQboSimulator,
  TEST_APP_SECRET,
  waitForJob,
} from '../../../../test/billing-kit';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CUSTOMERS = 60;
const KILLS = 12;

/**
 * The crash test: `npm run worker` processes (apps/server/src/worker-main.ts, bundled, run the way
 * the npm script runs it) share the test's database; each is killed with SIGKILL at a random moment of
 * the run, at least 10 times, and a new one started. In the end QuickBooks holds exactly one
 * invoice per customer.
 */
describe('billing survives worker crashes', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    sim = await startQboSimulator();
    // The web server queues; only the worker processes run jobs.
    test = await startTestServer({ env: qboEnv(sim.simulator, sim.url), runWorkers: false });
    admin = await test.admin();
    expect(await connectQbo(test, admin, sim.simulator, sim.url)).toBe('product');
    const { db } = test.server.services;
    for (let index = 0; index < CUSTOMERS; index += 1) {
      // A 1-minute minimum at $1.50: every customer gets a $1.50 invoice without any calls.
      await createProfile(db, {
        name: `Crash ${String(index).padStart(3, '0')}`,
        queues: ['Crash Queue'],
        rate: '1.50',
        minimum: 1,
        qboCustomerId: String(1 + (index % 12)),
      });
    }
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await test?.stop();
    await sim?.close();
  });

  function startWorker(): ChildProcess {
    const { config } = test.server;
    const child = spawn(process.execPath, entryArguments('worker'), {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: config.databaseUrl,
        DATA_DIR: config.dataDir,
        APP_SECRET: TEST_APP_SECRET,
        LOG_LEVEL: 'error',
        BILLING_STALE_SECONDS: '2',
        BILLING_SWEEP_SECONDS: '0.5',
        // Two invoices at a time, so that each worker lives through only a few before it is killed.
        BILLING_INVOICE_CONCURRENCY: '2',
        ...qboEnv(sim.simulator, sim.url),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    return child;
  }

  it(
    `a run over ${CUSTOMERS} customers, its worker killed ${KILLS} times, invoices every customer exactly once`,
    // Beside the other projects on a busy 2-core machine it has taken 219 s (85 s when quiet): room, not a speed check.
    { timeout: 420_000 },
    async () => {
      const { db } = test.server.services;
      sim.simulator.faults.latencyMs = 150;
      const { id, jobId } = await runJob(admin, {
        billingPeriodStart: '2026-01-01',
        billingPeriodEnd: '2026-01-31',
        selectedQueues: ['Crash Queue'],
      });
      const progress = async () => {
        const job = await db.billingJob.findUniqueOrThrow({ where: { id } });
        return {
          status: job.status,
          invoices: sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId)).length,
        };
      };

      let kills = 0;
      let killedMidRun = 0;
      while (kills < KILLS) {
        const before = await progress();
        if (before.status !== 'PENDING' && before.status !== 'IN_PROGRESS') break;
        const child = startWorker();
        // Wait until this worker has made progress (or a while), then kill it at a random moment.
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline && (await progress()).invoices === before.invoices)
          await new Promise((resolve) => setTimeout(resolve, 25));
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 400)));
        const at = await progress();
        if (at.status === 'IN_PROGRESS') killedMidRun += 1;
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));
        kills += 1;
      }
      expect(kills).toBeGreaterThanOrEqual(10);
      expect(killedMidRun).toBeGreaterThanOrEqual(10);

      // A worker running again resumes the interrupted job and finishes it.
      const finalWorker = startWorker();
      const job = await waitForJob(test, admin, id, 120_000);
      finalWorker.kill('SIGTERM');
      expect(job.status).toBe('COMPLETED');

      const invoices = sim.simulator.invoices().filter((invoice) => invoice.PrivateNote?.includes(jobId));
      const docNumbers = invoices.map((invoice) => invoice.DocNumber);
      expect(new Set(docNumbers).size).toBe(docNumbers.length); // none twice
      expect(invoices).toHaveLength(CUSTOMERS); // none missing
      const customers = await db.billingJobCustomer.findMany({ where: { billingJobId: id } });
      expect(customers.every((customer) => customer.status === 'INVOICED')).toBe(true);
      expect(new Set(customers.map((customer) => customer.docNumber))).toEqual(new Set(docNumbers));
      expect(invoices.every((invoice) => invoice.TotalAmt === 1.5)).toBe(true);
      expect(await db.invoiceLedgerEntry.count({ where: { billingJobId: id, state: 'CREATED' } })).toBe(CUSTOMERS);
      console.info(
        `crash test: ${kills} SIGKILLs (${killedMidRun} mid-run), ${invoices.length} invoices, ${new Set(docNumbers).size} distinct`,
      );
    },
  );
});
