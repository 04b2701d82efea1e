import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/server';

/** `npm start` on the simulators: demo profiles tie the simulated queues to the simulated QuickBooks customers. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DATA: '1' } });
});
afterAll(async () => {
  await server?.stop();
});

describe('demo customer profiles', () => {
  it('creates one profile per simulated queue with varied terms, one unmapped and one inactive', async () => {
    const admin = await server.admin();
    const answer = await admin.get('/api/v1/customer-profiles?limit=100');
    expect(answer.status).toBe(200);
    const profiles = answer.body.data as Array<{
      qboDisplayName: string;
      qboCustomerId: string | null;
      isActive: boolean;
      genesysQueueNames: string[];
      billingPeriodStart: number;
      billingPeriodEnd: number;
      minimumMinutes: number;
      ratePerMinute: string;
      nextRunAt: string | null;
    }>;
    // The Genesys simulator has 12 queues; each becomes one profile.
    expect(profiles).toHaveLength(12);
    const queueNames = profiles.flatMap((profile) => profile.genesysQueueNames);
    expect(new Set(queueNames).size).toBe(12);
    expect(queueNames).toContain('Acme Support');
    // QuickBooks simulator customers, by their simulator ids.
    expect(profiles.find((profile) => profile.qboDisplayName === "Amy's Bird Sanctuary")?.qboCustomerId).toBe('1');
    expect(profiles.filter((profile) => !profile.qboCustomerId)).toHaveLength(1);
    expect(profiles.filter((profile) => !profile.isActive)).toHaveLength(1);
    expect(profiles.some((profile) => profile.billingPeriodStart === 1 && profile.billingPeriodEnd === 31)).toBe(true);
    expect(profiles.some((profile) => profile.billingPeriodStart === 16 && profile.billingPeriodEnd === 15)).toBe(true);
    expect(new Set(profiles.map((profile) => profile.ratePerMinute)).size).toBeGreaterThan(3);
    expect(profiles.some((profile) => profile.minimumMinutes > 0)).toBe(true);
    expect(
      profiles.every((profile) => (profile.isActive ? profile.nextRunAt !== null : profile.nextRunAt === null)),
    ).toBe(true);
  });
});
