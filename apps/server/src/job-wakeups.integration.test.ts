import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_TICK } from '@phone-billing/api';
import { startTestServer, type TestServer } from '../../../test/server';

// A queue whose workers poll every few seconds still starts a job this process sends at once
// (job-wakeups.ts): the minute tick polls every QUIET_QUEUE_POLLING_SECONDS (5 s).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DATA: '0' } });
});

afterAll(async () => {
  await server?.stop();
});

describe('jobs sent in a process with workers', () => {
  it('start at once, not at the next poll: five ticks in a row each done within 1.5 s', async () => {
    const { boss } = server.server;
    const [schedule] = await boss.getSchedules(SCHEDULE_TICK.name);
    // Left to a 5 s poll, each would wait 0–5 s: five within 1.5 s each would be a 1-in-400 chance.
    for (let tick = 0; tick < 5; tick++) {
      const sent = performance.now();
      const id = await boss.send(SCHEDULE_TICK.name, (schedule?.data ?? {}) as object);
      await expect
        .poll(async () => (await boss.getJobById(SCHEDULE_TICK.name, id!))?.state, { timeout: 10_000, interval: 50 })
        .toBe('completed');
      expect(performance.now() - sent).toBeLessThan(1_500);
    }
  });
});
