import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../../test/database';
import { describeReport, runScaleScenario } from '../../../test/scale/scale-scenario';

// The short version of `npm run test:scale` (test/scale/scale-out.scale.test.ts): two servers
// and two workers on a fresh database, the shared simulators, 24 customers, three SIGKILLs. It runs
// beside the other projects; on a busy 2-core machine it has needed more than 200 s (141 s when quiet), so it
// has room: what it checks is that every customer is billed once, not how fast.
describe('several servers and workers on one database, killed at random', () => {
  it(
    'bill every customer once per period, within QuickBooks limits, the jobs spread over the workers',
    { timeout: 420_000 },
    async () => {
      const report = await runScaleScenario({
        databaseUrl: await createEmptyDatabase(),
        servers: 2,
        workers: 2,
        customers: 24,
        kills: 3,
        timeoutMs: 360_000,
      });
      console.info(`scale-out (CI size)\n${describeReport(report)}`);

      expect(report.wronglyBilledCustomers).toEqual([]);
      expect(report.invoices).toBeGreaterThanOrEqual(24);
      expect(report.duplicateDocNumbers).toEqual([]);
      expect(report.qbo.tooManyRequestsSent).toBe(0);
      expect(report.qbo.mostInFlight).toBeLessThanOrEqual(10);
      expect(report.kills.servers + report.kills.workers).toBe(3);
      expect(report.jobsPerWorker.every((count) => count > 0)).toBe(true);
      expect(report.jobs.byStatus).toEqual({ COMPLETED: report.jobs.total });
      expect(report.errorLines).toEqual([]);
    },
  );
});
