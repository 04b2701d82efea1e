import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../../test/server';

/**
 * Issue 24, "no lost updates": two people editing one record cannot undo each other's change.
 * Each versioned record is read twice (two tabs), saved from the first, then from the second: the
 * second gets 409 naming who changed it and nothing of theirs is lost; a script sending no version
 * keeps last-write-wins. The audit log says what changed, field by field.
 */

let server: TestServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DATA: '0' } });
  admin = await server.admin();
});
afterAll(() => server?.stop());

const STALE = new RegExp(
  `^Changed by ${TEST_ADMIN.email.replace('.', '\\.')} at [A-Z][a-z]{2} \\d{2}, \\d{4} \\d{2}:\\d{2}: reload to see their change$`,
);

function expectStale(answer: { status: number; body: any }) {
  expect(answer.status).toBe(409);
  expect(answer.body.error).toMatch(STALE);
}

describe('customer profiles', () => {
  const body = {
    genesysQueueNames: ['Versions Queue'],
    qboDisplayName: 'Versions Co',
    ratePerMinute: '0.05',
    notes: 'first',
  };
  let id: string;

  it('a save based on an older version is refused and the newer change stays', async () => {
    const created = await admin.post('/api/v1/customer-profiles', body);
    expect(created.status).toBe(201);
    expect(created.body.data.version).toBe(1);
    id = created.body.data.id;

    const tabA = await admin.put(`/api/v1/customer-profiles/${id}`, { ...body, ratePerMinute: '0.06', version: 1 });
    expect(tabA.status).toBe(200);
    expect(tabA.body.data).toMatchObject({ ratePerMinute: '0.06', version: 2 });

    const tabB = await admin.put(`/api/v1/customer-profiles/${id}`, { ...body, notes: 'only the notes', version: 1 });
    expectStale(tabB);
    const stored = (await admin.get(`/api/v1/customer-profiles?search=Versions`)).body.data[0];
    expect(stored).toMatchObject({ ratePerMinute: '0.06', notes: 'first', version: 2 });
  });

  it('without a version the last write wins (scripts)', async () => {
    const script = await admin.put(`/api/v1/customer-profiles/${id}`, { ...body, notes: 'from a script' });
    expect(script.status).toBe(200);
    expect(script.body.data).toMatchObject({ ratePerMinute: '0.05', notes: 'from a script', version: 3 });
  });

  it('the audit log shows what each update changed: field, old value, new value', async () => {
    const log = await admin.get('/api/v1/audit-log?page=1&limit=50');
    const updates = log.body.data.filter((entry: any) => entry.action === 'customer-profile.updated');
    expect(updates.map((entry: any) => entry.details.changes)).toEqual([
      [
        { field: 'ratePerMinute', from: '0.06', to: '0.05' },
        { field: 'notes', from: 'first', to: 'from a script' },
      ],
      [{ field: 'ratePerMinute', from: '0.05', to: '0.06' }],
    ]);
  });

  it('a version that is not a whole number is a 400, not a save', async () => {
    const answer = await admin.put(`/api/v1/customer-profiles/${id}`, { ...body, notes: 'x', version: '3' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('version must be a whole number (the version you read)');
  });
});

describe('numbers as typed reach REST the same way', () => {
  it('refuses "0,05" with the form message and saves nothing', async () => {
    const before = await admin.get('/api/v1/customer-profiles?search=Versions');
    const profile = before.body.data[0];
    const answer = await admin.put(`/api/v1/customer-profiles/${profile.id}`, {
      genesysQueueNames: profile.genesysQueueNames,
      qboDisplayName: profile.qboDisplayName,
      ratePerMinute: '0,05',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Use a point for decimals: 0.05');
    const minimum = await admin.put(`/api/v1/customer-profiles/${profile.id}`, {
      genesysQueueNames: profile.genesysQueueNames,
      qboDisplayName: profile.qboDisplayName,
      minimumMinutes: '1e3',
    });
    expect(minimum.status).toBe(400);
    expect(minimum.body.error).toBe('Minimum minutes must be a whole number of zero or more');
    const after = await admin.get('/api/v1/customer-profiles?search=Versions');
    expect(after.body.data[0]).toMatchObject({
      ratePerMinute: profile.ratePerMinute,
      minimumMinutes: profile.minimumMinutes,
      version: profile.version,
    });
  });
});

describe('settings, regions, teams and queue assignments', () => {
  it('settings: a stale PUT is a 409 and keeps the newer default rate; the audit names old and new', async () => {
    const read = (await admin.get('/api/v1/settings')).body.data;
    const first = await admin.put('/api/v1/settings', { defaultRatePerMinute: '0.07', version: read.version });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(read.version + 1);
    expectStale(await admin.put('/api/v1/settings', { defaultRatePerMinute: '0.09', version: read.version }));
    expect((await admin.get('/api/v1/settings')).body.data.defaultRatePerMinute).toBe('0.07');
    const log = await admin.get('/api/v1/audit-log?page=1&limit=50');
    const entry = log.body.data.find((row: any) => row.action === 'settings.updated');
    expect(entry.details.changes).toEqual([{ field: 'defaultRatePerMinute', from: '1', to: '0.07' }]);
  });

  it('regions, teams and assignments refuse a stale save the same way', async () => {
    const region = (await admin.post('/api/v1/regions', { name: 'West' })).body.data;
    expect(region.version).toBe(1);
    expect((await admin.put(`/api/v1/regions/${region.id}`, { name: 'West Coast', version: 1 })).status).toBe(200);
    expectStale(await admin.put(`/api/v1/regions/${region.id}`, { name: 'Western', version: 1 }));

    const team = (await admin.post('/api/v1/teams', { name: 'Team A', regionId: region.id })).body.data;
    expect(
      (await admin.put(`/api/v1/teams/${team.id}`, { name: 'Team Alpha', regionId: region.id, version: 1 })).status,
    ).toBe(200);
    expectStale(await admin.put(`/api/v1/teams/${team.id}`, { name: 'Team Apple', regionId: region.id, version: 1 }));

    const unassigned = (await admin.get('/api/v1/queue-assignments/unassigned')).body.data;
    expect(unassigned.length).toBeGreaterThan(0);
    const queue = unassigned[0];
    const assignment = (
      await admin.post('/api/v1/queue-assignments', { queueId: queue.id, queueName: queue.name, teamId: team.id })
    ).body.data;
    expect(
      (await admin.put(`/api/v1/queue-assignments/${assignment.id}`, { teamId: team.id, notes: 'first', version: 1 }))
        .status,
    ).toBe(200);
    expectStale(
      await admin.put(`/api/v1/queue-assignments/${assignment.id}`, { teamId: team.id, notes: 'second', version: 1 }),
    );
    expect(
      (await admin.put(`/api/v1/queue-assignments/${assignment.id}`, { teamId: team.id, notes: 'script' })).status,
    ).toBe(200);

    const regions = (await admin.get('/api/v1/regions')).body.data;
    expect(regions.find((row: any) => row.id === region.id)).toMatchObject({ name: 'West Coast', version: 2 });
  });
});
