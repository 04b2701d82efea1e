import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('changing the company timezone', () => {
  it('moves every next run to the bill time in the new zone', async () => {
    const admin = await server.admin();
    const created = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Timezone Co',
      genesysQueueNames: ['Timezone Queue'],
      ratePerMinute: '0.05',
      billDate: 15,
      billTime: '02:00',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const before = new Date(created.body.data.nextRunAt as string);
    // 02:00 in Los Angeles is 09:00 or 10:00 UTC depending on daylight saving time.
    expect([9, 10]).toContain(before.getUTCHours());

    expect((await admin.put('/api/v1/settings', { timezone: 'UTC' })).status).toBe(200);
    const profile = await server.server.services.db.customerProfile.findUniqueOrThrow({ where: { id } });
    expect(profile.nextRunAt!.getUTCDate()).toBe(15);
    expect(profile.nextRunAt!.getUTCHours()).toBe(2);
    expect(profile.nextRunAt!.getUTCMinutes()).toBe(0);
  });
});
