import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/caller';
import { resendStrandedDueRuns } from './scheduled-runs';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe('scheduled runs whose message was lost', () => {
  it('are sent again after two minutes; recent, held and handled runs are left alone', async () => {
    const { db } = api;
    const now = new Date('2026-12-01T10:10:00Z');
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const stranded = await db.scheduledRun.create({
      data: { profileId: randomUUID(), dueAt: minutesAgo(10), state: 'DUE', createdAt: minutesAgo(5) },
    });
    await db.scheduledRun.create({
      data: { profileId: randomUUID(), dueAt: minutesAgo(1), state: 'DUE', createdAt: minutesAgo(1) },
    });
    await db.scheduledRun.create({
      data: { profileId: randomUUID(), dueAt: minutesAgo(10), state: 'HELD', createdAt: minutesAgo(5) },
    });
    await db.scheduledRun.create({
      data: { profileId: randomUUID(), dueAt: minutesAgo(10), state: 'DONE', createdAt: minutesAgo(5) },
    });

    const sent: Array<{ queue: string; data: object }> = [];
    const services = {
      ...api.services,
      jobs: { send: async (queue: string, data: object) => (sent.push({ queue, data }), null) },
    };
    expect(await resendStrandedDueRuns(services, 120, now)).toBe(1);
    expect(sent).toEqual([{ queue: 'billing.scheduled-run', data: { scheduledRunId: stranded.id } }]);
  });
});
