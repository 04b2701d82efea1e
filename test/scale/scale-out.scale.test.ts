import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../database';
import { describeReport, runScaleScenario } from './scale-scenario';

// `npm run test:scale`: three servers (WORKERS=0) and three workers (`npm run worker`) on a fresh
// database with the shared simulators; 200 customers billed by concurrent manual runs from two
// servers and their scheduled runs over overlapping periods, while servers and workers are
// killed with SIGKILL at random and started again. Prints the figures.
const CUSTOMERS = Number(process.env.SCALE_CUSTOMERS ?? 200);
const KILLS = Number(process.env.SCALE_KILLS ?? 10);

describe('scale-out', () => {
  it(
    `3 servers and 3 workers bill ${CUSTOMERS} customers once per period through ${KILLS} SIGKILLs, within QuickBooks limits`,
    { timeout: 15 * 60_000 },
    async () => {
      const report = await runScaleScenario({
        databaseUrl: await createEmptyDatabase(),
        servers: 3,
        workers: 3,
        customers: CUSTOMERS,
        kills: KILLS,
        timeoutMs: 12 * 60_000,
        log: (line) => console.info(`[scale] ${line}`),
      });
      console.info(`\nscale-out figures\n${describeReport(report)}\n`);

      expect(report.wronglyBilledCustomers).toEqual([]);
      expect(report.duplicateDocNumbers).toEqual([]);
      expect(report.qbo.tooManyRequestsSent).toBe(0);
      expect(report.qbo.mostInFlight).toBeLessThanOrEqual(10);
      expect(report.kills.servers + report.kills.workers).toBe(KILLS);
      expect(report.jobsPerWorker.every((count) => count > 0)).toBe(true);
      expect(report.jobs.byStatus).toEqual({ COMPLETED: report.jobs.total });
      expect(report.errorLines).toEqual([]);
    },
  );
});
