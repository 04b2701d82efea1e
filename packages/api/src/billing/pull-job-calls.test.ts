import { describe, expect, it } from 'vitest';
import type { AppServices } from '../services';
import { pullJobCalls, rangeRefreshPulledBefore, SCHEDULED_REFRESH_AFTER_MS } from './pull-job-calls';
import type { RatingRequest } from './rate-customers';

// What a billing job asks Genesys for before rating (DESIGN.md §4): a manual run (and its dry run)
// re-pulls its whole range however recently it was pulled; a scheduled run, and the late-usage
// window, only days last pulled more than ten minutes ago.

type Pull = { range: { startDate: string; endDate: string }; refreshPulledBefore: Date | null };

function recordingServices(pulls: Pull[]): AppServices {
  return {
    integrations: {
      genesys: {
        simulated: true,
        listQueues: async () => [],
        status: async () => ({ isConnected: true, tokenExpiresAt: null, lastError: null }),
        ensureCallRecords: async (range: Pull['range'], options?: { refreshPulledBefore?: Date }) => {
          pulls.push({ range, refreshPulledBefore: options?.refreshPulledBefore ?? null });
        },
      },
    },
  } as unknown as AppServices;
}

const request = (jobType: RatingRequest['jobType']): RatingRequest => ({
  jobType,
  start: '2026-10-01',
  end: '2026-10-31',
  referenceDay: '2026-11-26',
  customers: [],
});

describe('pullJobCalls', () => {
  it.each(['MANUAL', 'DRY_RUN'] as const)(
    'a %s job re-pulls its whole range, pulled however recently',
    async (jobType) => {
      const pulls: Pull[] = [];
      const before = Date.now();
      await pullJobCalls(recordingServices(pulls), request(jobType), {
        timeZone: 'America/Los_Angeles',
        incrementSeconds: 60,
        lateUsageWindowDays: 35,
      });
      const [missing, range, late] = pulls;
      expect(missing).toEqual({ range: { startDate: '2026-10-01', endDate: '2026-10-31' }, refreshPulledBefore: null });
      expect(range!.range).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
      // Every day pulled before the job began is pulled again.
      expect(range!.refreshPulledBefore!.getTime()).toBeGreaterThanOrEqual(before);
      expect(late!.range).toEqual({ startDate: '2026-10-22', endDate: '2026-11-25' });
      expect(late!.refreshPulledBefore!.getTime()).toBeLessThanOrEqual(Date.now() - SCHEDULED_REFRESH_AFTER_MS);
    },
  );

  it('a scheduled job re-pulls its range only where the last pull is ten minutes old', async () => {
    const pulls: Pull[] = [];
    const before = Date.now();
    await pullJobCalls(recordingServices(pulls), request('MONTHLY'), {
      timeZone: 'America/Los_Angeles',
      incrementSeconds: 60,
      lateUsageWindowDays: 35,
    });
    const refresh = pulls[1]!.refreshPulledBefore!.getTime();
    expect(refresh).toBeGreaterThanOrEqual(before - SCHEDULED_REFRESH_AFTER_MS);
    expect(refresh).toBeLessThanOrEqual(Date.now() - SCHEDULED_REFRESH_AFTER_MS);
  });

  it('counts "ten minutes ago" on the clock it is given (the billing oracle\'s simulated time)', async () => {
    const at = new Date('2025-03-04T20:00:00Z');
    for (const jobType of ['MANUAL', 'MONTHLY'] as const) {
      const pulls: Pull[] = [];
      await pullJobCalls(
        recordingServices(pulls),
        request(jobType),
        { timeZone: 'America/Los_Angeles', incrementSeconds: 60, lateUsageWindowDays: 35 },
        () => at,
      );
      expect(pulls[1]!.refreshPulledBefore).toEqual(jobType === 'MANUAL' ? at : new Date('2025-03-04T19:50:00Z'));
      expect(pulls[2]!.refreshPulledBefore).toEqual(new Date('2025-03-04T19:50:00Z'));
    }
  });

  it('the range refresh instant by job type', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    expect(rangeRefreshPulledBefore('MANUAL', at)).toEqual(at);
    expect(rangeRefreshPulledBefore('DRY_RUN', at)).toEqual(at);
    expect(rangeRefreshPulledBefore('MONTHLY', at)).toEqual(new Date('2026-11-26T09:50:00Z'));
  });
});
