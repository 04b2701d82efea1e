import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/caller';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

describe('changing the company timezone', () => {
  it('moves every next run to the bill time in the new zone', async () => {
    const created = await api.admin.customerProfiles.create({
      qboDisplayName: 'Timezone Co',
      genesysQueueNames: ['Timezone Queue'],
      ratePerMinute: '0.05',
      billDate: 15,
      billTime: '02:00',
    });
    const before = new Date(created.data.nextRunAt!);
    // 02:00 in Los Angeles is 09:00 or 10:00 UTC depending on daylight saving time.
    expect([9, 10]).toContain(before.getUTCHours());

    await api.admin.settings.update({ timezone: 'UTC' });
    const profile = (await api.admin.customerProfiles.list({})).data.find((listed) => listed.id === created.data.id)!;
    const after = new Date(profile.nextRunAt!);
    expect(after.getUTCDate()).toBe(15);
    expect(after.getUTCHours()).toBe(2);
    expect(after.getUTCMinutes()).toBe(0);
  });
});
