import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { listenForChanges, type ChangeListener } from './change-listener';

// The request cache promises that a change committed in one process applies to the very next
// request in every other. That rests on catchUp: after it, every notification committed before it
// was called has been delivered, however busy this process is.
let listener: ChangeListener | undefined;
let writer: pg.Client | undefined;
afterAll(async () => {
  await listener?.stop();
  await writer?.end();
});

describe('the change listener', () => {
  it('has heard every change committed before catchUp was called, each time', { timeout: 60_000 }, async () => {
    const databaseUrl = await createTestDatabase();
    const heard = new Set<string>();
    let listening = false;
    listener = listenForChanges(databaseUrl, 'catch_up_test', {
      onNotification: (payload) => heard.add(payload),
      onListeningChange: (value) => (listening = value),
    });
    writer = new pg.Client({ connectionString: databaseUrl });
    await writer.connect();
    await expect.poll(() => listening).toBe(true);

    let heardWithoutWaiting = 0;
    const rounds = 300;
    for (let round = 0; round < rounds; round += 1) {
      await writer.query(`SELECT pg_notify('catch_up_test', $1)`, [`change ${round}`]);
      if (heard.has(`change ${round}`)) heardWithoutWaiting += 1;
      expect(await listener.catchUp()).toBe(true);
      expect(heard.has(`change ${round}`)).toBe(true);
    }
    // Shows the race catchUp closes: most changes have not arrived when the writer's commit returns.
    expect(heardWithoutWaiting).toBeLessThan(rounds);
  });

  it('shares one round trip among concurrent callers and says false once stopped', async () => {
    const databaseUrl = await createTestDatabase();
    let listening = false;
    const own = listenForChanges(databaseUrl, 'catch_up_test', {
      onNotification: () => undefined,
      onListeningChange: (value) => (listening = value),
    });
    await expect.poll(() => listening).toBe(true);
    expect(await Promise.all(Array.from({ length: 50 }, () => own.catchUp()))).toEqual(
      Array.from({ length: 50 }, () => true),
    );
    await own.stop();
    expect(await own.catchUp()).toBe(false);
  });
});
