import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import { hashPassword } from '../auth/passwords';
import type { GenesysQueueSummary, GenesysService } from '../integrations';

// The REST contract of regions, teams and queue assignments (API.md; spec 001 §4–§5), against the
// real server. The Genesys queue list is a stand-in we control, so "unassigned" can be checked
// against it as it changes.

let server: TestServer;
let admin: RestClient;
let genesysQueues: GenesysQueueSummary[];
let originalGenesys: GenesysService | undefined;

const queue = (n: number): GenesysQueueSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Test Queue ${String(n).padStart(2, '0')}`,
  description: null,
  divisionName: 'Home',
});

function fakeGenesys(): GenesysService {
  return {
    simulated: true,
    listQueues: async () => genesysQueues.map((q) => ({ ...q })),
    ensureCallRecords: async () => undefined,
    status: async () => ({ isConnected: true, tokenExpiresAt: null, lastError: null }),
  };
}

async function signedInWith(permissions: string[], name: string): Promise<RestClient> {
  const db = server.server.services.db;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const actions = await db.action.findMany({ where: { key: { in: permissions } } });
  const role = await db.role.create({
    data: { name: `role-${name}`, description: name, actions: { create: actions.map((action) => ({ actionId: action.id })) } },
  });
  await db.user.create({
    data: { email, displayName: name, passwordHash: await hashPassword('password-123'), roles: { create: [{ roleId: role.id }] } },
  });
  const client = server.anonymous();
  await client.signIn(email, 'password-123');
  return client;
}

const unassignedNames = async () => ((await admin.get('/api/v1/queue-assignments/unassigned')).body.data as Array<{ name: string }>).map((q) => q.name);

async function createRegion(name: string) {
  const answer = await admin.post('/api/v1/regions', { name, description: `${name} region` });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: string; name: string; isActive: boolean };
}
async function createTeam(name: string, regionId: string) {
  const answer = await admin.post('/api/v1/teams', { name, regionId });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: string; name: string };
}
async function assign(q: GenesysQueueSummary, teamId: string, extra: object = {}) {
  return admin.post('/api/v1/queue-assignments', { queueId: q.id, queueName: q.name, teamId, ...extra });
}

beforeAll(async () => {
  server = await startTestServer();
  genesysQueues = [1, 2, 3, 4, 5, 6].map(queue);
  originalGenesys = server.server.services.integrations.genesys;
  server.server.services.integrations.genesys = fakeGenesys();
  // Start from no regions (the demo data may have made some on the simulator).
  await server.server.services.db.region.deleteMany();
  admin = await server.admin();
});
afterAll(async () => {
  if (server) server.server.services.integrations.genesys = originalGenesys;
  await server?.stop();
});

describe('regions, teams and queue assignments over REST', () => {
  it('creates regions and teams active by default, and lists them with their teams and queues', async () => {
    const region = await createRegion('Pacific');
    expect(region).toMatchObject({ name: 'Pacific', description: 'Pacific region', isActive: true });
    const team = await createTeam('Seattle Care', region.id);
    expect(team).toMatchObject({ name: 'Seattle Care', isActive: true, regionId: region.id, region: { name: 'Pacific' }, queueAssignments: [] });
    expect((await assign(queue(1), team.id)).status).toBe(201);

    const regions = (await admin.get('/api/v1/regions')).body;
    expect(regions.success).toBe(true);
    const pacific = regions.data.find((r: { id: string }) => r.id === region.id);
    expect(pacific.teams).toHaveLength(1);
    expect(pacific.teams[0].queueAssignments.map((a: { queueName: string }) => a.queueName)).toEqual(['Test Queue 01']);
    expect(new Date(pacific.createdAt).toISOString()).toBe(pacific.createdAt);

    const teams = (await admin.get('/api/v1/teams')).body.data;
    expect(teams.find((t: { id: string }) => t.id === team.id)).toMatchObject({ region: { name: 'Pacific' }, queueAssignments: [{ queueId: queue(1).id }] });

    const edited = await admin.put(`/api/v1/regions/${region.id}`, { name: 'Pacific Northwest', description: '', isActive: false });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Pacific Northwest', description: null, isActive: false });
    const editedTeam = await admin.put(`/api/v1/teams/${team.id}`, { name: 'Seattle Care', regionId: region.id, isActive: false });
    expect(editedTeam.body.data).toMatchObject({ isActive: false, region: { name: 'Pacific Northwest' } });
  });

  it('answers with the spec messages for bad input, and 404 for unknown ids', async () => {
    const noName = await admin.post('/api/v1/regions', { name: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ success: false, error: 'Region name is required' });
    expect((await admin.post('/api/v1/teams', { name: 'X' })).body.error).toBe('Please select a region');
    expect((await admin.post('/api/v1/teams', { name: '', regionId: 'x' })).body.error).toBe('Team name is required');
    const region = await createRegion('Validation');
    expect((await admin.post('/api/v1/queue-assignments', { queueId: queue(2).id, queueName: 'x' })).body.error).toBe('Please select a team');
    const team = await createTeam('Validation Team', region.id);
    expect((await admin.post('/api/v1/queue-assignments', { teamId: team.id })).body.error).toBe('No queue selected');

    expect((await admin.put('/api/v1/regions/not-a-uuid', { name: 'A' })).status).toBe(404);
    expect((await admin.delete('/api/v1/teams/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.post('/api/v1/teams', { name: 'T', regionId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await assign({ ...queue(99) }, team.id)).status).toBe(404); // not a Genesys queue
    expect((await admin.post('/api/v1/regions', { name: 'validation' })).status).toBe(409); // same name, any case
  });

  it('assigns a queue to one team only: a second assignment is a 409', async () => {
    const region = await createRegion('Conflict');
    const first = await createTeam('First', region.id);
    const second = await createTeam('Second', region.id);

    const assigned = await assign(queue(3), first.id, { notes: 'main line' });
    expect(assigned.status).toBe(201);
    // Assigned-by defaults to the signed-in user's name.
    expect(assigned.body.data).toMatchObject({ queueName: 'Test Queue 03', assignedBy: 'Administrator', notes: 'main line', team: { name: 'First', region: { name: 'Conflict' } } });

    const again = await assign(queue(3), second.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Queue "Test Queue 03" is already assigned to team First (Conflict)');
    const sameTeam = await assign(queue(3), first.id);
    expect(sameTeam.status).toBe(409);

    const list = (await admin.get('/api/v1/queue-assignments')).body.data.filter((a: { queueId: string }) => a.queueId === queue(3).id);
    expect(list).toHaveLength(1);
    expect(list[0].teamId).toBe(first.id);

    // Moving it is an edit: new team, new notes, explicit assigned-by.
    const moved = await admin.put(`/api/v1/queue-assignments/${assigned.body.data.id}`, { teamId: second.id, notes: 'moved', assignedBy: 'Dana' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ teamId: second.id, notes: 'moved', assignedBy: 'Dana', team: { name: 'Second' } });

    const unassign = await admin.delete(`/api/v1/queue-assignments/${assigned.body.data.id}`);
    expect(unassign.status).toBe(200);
    expect(await unassignedNames()).toContain('Test Queue 03');
  });

  it('lists as unassigned exactly the Genesys queues that no team holds, following the Genesys list', async () => {
    const assignedIds = new Set(((await admin.get('/api/v1/queue-assignments')).body.data as Array<{ queueId: string }>).map((a) => a.queueId));
    const expected = genesysQueues.filter((q) => !assignedIds.has(q.id)).map((q) => q.name).sort();
    expect(await unassignedNames()).toEqual(expected);

    genesysQueues.push(queue(7));
    expect(await unassignedNames()).toEqual([...expected, 'Test Queue 07']);

    genesysQueues = genesysQueues.filter((q) => q.name !== expected[0]);
    expect(await unassignedNames()).toEqual([...expected.slice(1), 'Test Queue 07']);
  });

  it('keeps assigned queue names in step with Genesys and flags queues Genesys no longer lists', async () => {
    const region = await createRegion('Renames');
    const team = await createTeam('Renames Team', region.id);
    const q8 = queue(8);
    const q9 = queue(9);
    genesysQueues.push(q8, q9);
    expect((await assign(q8, team.id)).status).toBe(201);
    expect((await assign(q9, team.id)).status).toBe(201);

    genesysQueues = genesysQueues.filter((q) => q.id !== q9.id).map((q) => (q.id === q8.id ? { ...q, name: 'Renamed Queue 08' } : q));
    const assignments = (await admin.get('/api/v1/queue-assignments')).body.data as Array<{ queueId: string; queueName: string; inGenesys: boolean | null }>;
    expect(assignments.find((a) => a.queueId === q8.id)).toMatchObject({ queueName: 'Renamed Queue 08', inGenesys: true });
    expect(assignments.find((a) => a.queueId === q9.id)).toMatchObject({ queueName: 'Test Queue 09', inGenesys: false });
    // The stored name changed, so the tree shows the new name too.
    const regionAnswer = (await admin.get('/api/v1/regions')).body.data.find((r: { id: string }) => r.id === region.id);
    expect(regionAnswer.teams[0].queueAssignments.map((a: { queueName: string }) => a.queueName).sort()).toEqual(['Renamed Queue 08', 'Test Queue 09']);
    expect((await admin.delete(`/api/v1/regions/${region.id}`)).status).toBe(200);
    expect(await unassignedNames()).toContain('Renamed Queue 08');
    expect(await unassignedNames()).not.toContain('Test Queue 09');
  });

  it('deleting a team unassigns its queues; deleting a region deletes its teams and unassigns theirs', async () => {
    const region = await createRegion('Cascade');
    const keep = await createTeam('Keep', region.id);
    const drop = await createTeam('Drop', region.id);
    expect((await assign(queue(4), keep.id)).status).toBe(201);
    expect((await assign(queue(5), drop.id)).status).toBe(201);
    expect(await unassignedNames()).not.toContain('Test Queue 05');

    expect((await admin.delete(`/api/v1/teams/${drop.id}`)).status).toBe(200);
    expect(await unassignedNames()).toContain('Test Queue 05');
    expect(await unassignedNames()).not.toContain('Test Queue 04');
    const teamsAfter = (await admin.get('/api/v1/teams')).body.data.map((t: { id: string }) => t.id);
    expect(teamsAfter).toContain(keep.id);
    expect(teamsAfter).not.toContain(drop.id);

    expect((await admin.delete(`/api/v1/regions/${region.id}`)).status).toBe(200);
    expect((await admin.get('/api/v1/regions')).body.data.map((r: { id: string }) => r.id)).not.toContain(region.id);
    expect((await admin.get('/api/v1/teams')).body.data.map((t: { id: string }) => t.id)).not.toContain(keep.id);
    expect(await unassignedNames()).toEqual(expect.arrayContaining(['Test Queue 04', 'Test Queue 05']));
    const assignments = (await admin.get('/api/v1/queue-assignments')).body.data.map((a: { queueId: string }) => a.queueId);
    expect(assignments).not.toContain(queue(4).id);
    expect((await admin.delete(`/api/v1/regions/${region.id}`)).status).toBe(404);
  });

  it('checks region:manage for regions and team:manage for teams and assignments', async () => {
    const teamsOnly = await signedInWith(['team:manage'], 'Team Lead');
    const regionsOnly = await signedInWith(['region:manage'], 'Region Lead');
    const viewer = await signedInWith(['dashboard:view'], 'Viewer Person');

    for (const path of ['/api/v1/regions', '/api/v1/teams', '/api/v1/queue-assignments', '/api/v1/queue-assignments/unassigned']) {
      expect((await teamsOnly.get(path)).status).toBe(200);
      expect((await regionsOnly.get(path)).status).toBe(200);
      expect((await viewer.get(path)).status).toBe(403);
      expect((await server.anonymous().get(path)).status).toBe(401);
    }

    expect((await teamsOnly.post('/api/v1/regions', { name: 'Nope' })).status).toBe(403);
    const region = await regionsOnly.post('/api/v1/regions', { name: 'Managed' });
    expect(region.status).toBe(201);
    expect((await regionsOnly.post('/api/v1/teams', { name: 'Nope', regionId: region.body.data.id })).status).toBe(403);
    const team = await teamsOnly.post('/api/v1/teams', { name: 'Managed Team', regionId: region.body.data.id });
    expect(team.status).toBe(201);
    const q = genesysQueues.find((candidate) => candidate.name === 'Test Queue 06')!;
    expect((await regionsOnly.post('/api/v1/queue-assignments', { queueId: q.id, queueName: q.name, teamId: team.body.data.id })).status).toBe(403);
    const assigned = await teamsOnly.post('/api/v1/queue-assignments', { queueId: q.id, queueName: q.name, teamId: team.body.data.id });
    expect(assigned.status).toBe(201);
    expect(assigned.body.data.assignedBy).toBe('Team Lead');
    expect((await teamsOnly.delete(`/api/v1/regions/${region.body.data.id}`)).status).toBe(403);
  });
});
