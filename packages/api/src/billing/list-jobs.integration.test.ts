import { createDatabaseClient, type Database } from '@phone-billing/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import { jobView } from './job-views';
import { countJobs, listRecentJobs } from './list-jobs';

let db: Database;

beforeAll(async () => {
  db = createDatabaseClient(await createTestDatabase(), { max: 4 });
  const statuses = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
  const types = ['MONTHLY', 'MANUAL', 'DRY_RUN'] as const;
  for (let index = 0; index < 30; index++) {
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 7) + index * 3_600_123);
    await db.billingJob.create({
      data: {
        jobId: `BJ-T${String(index).padStart(5, '0')}`,
        status: statuses[index % statuses.length]!,
        type: types[index % types.length]!,
        queueName: index % 4 === 0 ? [] : ['Queue A', `Queue ${index}`],
        startDate: new Date(Date.UTC(2025, 11, 1 + (index % 28))),
        endDate: new Date(Date.UTC(2025, 11, 31)),
        createdAt,
        startedAt: index % 2 === 0 ? new Date(createdAt.getTime() + 1_001) : null,
        completedAt: index % 3 === 0 ? new Date(createdAt.getTime() + 65_432) : null,
        totalClients: index,
        processedClients: index % 5,
        totalInvoices: index % 7,
        successfulInvoices: index % 3,
        failedInvoices: index % 2,
        totalAmount: index % 2 === 0 ? `${index * 101}.05` : '0',
        error: index % 5 === 3 ? 'QuickBooks fault 6070' : null,
      },
    });
  }
});
afterAll(() => db?.$disconnect());

describe('the billing jobs list read in one statement', () => {
  it('answers exactly what the job view of each row says, newest first', async () => {
    const expected = (await db.billingJob.findMany({ orderBy: { createdAt: 'desc' }, take: 200 })).map(jobView);
    expect(await listRecentJobs(db)).toEqual(expected);
  });

  it('filters by status and by part of the job code (any case), and caps the count', async () => {
    const failed = await listRecentJobs(db, { status: 'FAILED' });
    expect(failed.map((job) => job.status)).toEqual(Array(6).fill('FAILED'));
    // BJ-T00010 … BJ-T00019, newest first.
    expect((await listRecentJobs(db, { search: 'bj-t0001' })).map((job) => job.jobId)).toEqual(
      Array.from({ length: 10 }, (_, index) => `BJ-T000${19 - index}`),
    );
    expect(await listRecentJobs(db, { limit: 3 })).toHaveLength(3);
    expect(await listRecentJobs(db, { limit: 0 })).toHaveLength(1);
  });

  it('pages: page 2 of 7 is the eighth to fourteenth newest, and the count is of all that match', async () => {
    const all = await listRecentJobs(db);
    expect((await listRecentJobs(db, { limit: 7, page: 2 })).map((job) => job.jobId)).toEqual(
      all.slice(7, 14).map((job) => job.jobId),
    );
    expect(await countJobs(db)).toBe(all.length);
    expect(await countJobs(db, { status: 'FAILED' })).toBe(6);
  });
});
