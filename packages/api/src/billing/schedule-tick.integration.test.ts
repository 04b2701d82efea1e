import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/server';
import { SCHEDULE_TICK } from './job-queues';

// Scheduled billing starts with the every-minute tick, which pg-boss's cron sends with the data
// stored beside the schedule. That data must be a payload the tick's worker accepts: stored as
// null, every tick failed validation and no profile's scheduled run was ever queued.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

describe('the schedule tick', () => {
  it('is scheduled every minute with a payload its worker accepts, and the job the cron sends completes', async () => {
    const { boss } = server.server;
    const [schedule] = await boss.getSchedules(SCHEDULE_TICK.name);
    expect(schedule?.cron).toBe('* * * * *');
    expect(SCHEDULE_TICK.payload.safeParse(schedule!.data ?? null).success).toBe(true);

    // What the cron does each minute: send the schedule's data and options to the queue.
    const id = await boss.send(SCHEDULE_TICK.name, schedule!.data as object, schedule!.options);
    await expect
      .poll(async () => (await boss.getJobById(SCHEDULE_TICK.name, id!))?.state, { timeout: 15_000, interval: 100 })
      .toMatch(/^(completed|failed|retry)$/);
    expect((await boss.getJobById(SCHEDULE_TICK.name, id!))?.state).toBe('completed');
  });
});
