import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, refusal, TEST_ADMIN_EMAIL, type Caller, type TestApi } from '../../../../test/caller';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import type { GenesysQueueSummary, GenesysService } from '../integrations';

// Regions, teams and queue assignments (API.md; spec 001 §4–§5): the rules through the procedures
// on a real database, and the REST answers to bad input over HTTP. The Genesys queue list is a
// stand-in we control, so "unassigned" can be checked against it as it changes.

let genesysQueues: GenesysQueueSummary[];

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

describe('regions, teams and queue assignments', () => {
  let api: TestApi;
  let admin: Caller;

  beforeAll(async () => {
    genesysQueues = [1, 2, 3, 4, 5, 6].map(queue);
    api = await createTestApi({ integrations: { genesys: fakeGenesys() } });
    admin = api.admin;
  });
  afterAll(async () => {
    await api?.close();
  });

  const unassignedNames = async () => (await admin.regions.listUnassigned()).data.map((q) => q.name);
  const createRegion = async (name: string) =>
    (await admin.regions.createRegion({ name, description: `${name} region` })).data;
  const createTeam = async (name: string, regionId: string) =>
    (await admin.regions.createTeam({ name, regionId })).data;
  const assign = async (q: GenesysQueueSummary, teamId: string, extra: { notes?: string } = {}) =>
    (await admin.regions.assignQueue({ queueId: q.id, queueName: q.name, teamId, ...extra })).data;

  it('creates regions and teams active by default, and lists them with their teams and queues', async () => {
    const region = await createRegion('Pacific');
    expect(region).toMatchObject({ name: 'Pacific', description: 'Pacific region', isActive: true });
    const team = await createTeam('Seattle Care', region.id);
    expect(team).toMatchObject({
      name: 'Seattle Care',
      isActive: true,
      regionId: region.id,
      region: { name: 'Pacific' },
      queueAssignments: [],
    });
    await assign(queue(1), team.id);

    const regions = await admin.regions.listRegions();
    expect(regions.success).toBe(true);
    const pacific = regions.data.find((r) => r.id === region.id)!;
    expect(pacific.teams).toHaveLength(1);
    expect(pacific.teams[0]!.queueAssignments.map((a) => a.queueName)).toEqual(['Test Queue 01']);
    expect(new Date(pacific.createdAt).toISOString()).toBe(pacific.createdAt);

    const teams = (await admin.regions.listTeams()).data;
    expect(teams.find((t) => t.id === team.id)).toMatchObject({
      region: { name: 'Pacific' },
      queueAssignments: [{ queueId: queue(1).id }],
    });

    const edited = await admin.regions.updateRegion({
      id: region.id,
      name: 'Pacific Northwest',
      description: '',
      isActive: false,
    });
    expect(edited.data).toMatchObject({ name: 'Pacific Northwest', description: null, isActive: false });
    const editedTeam = await admin.regions.updateTeam({
      id: team.id,
      name: 'Seattle Care',
      regionId: region.id,
      isActive: false,
    });
    expect(editedTeam.data).toMatchObject({ isActive: false, region: { name: 'Pacific Northwest' } });
  });

  it('refuses unknown ids, queues Genesys does not list, and a region name already taken in any case', async () => {
    const region = await createRegion('Validation');
    const team = await createTeam('Validation Team', region.id);
    expect((await refusal(admin.regions.updateRegion({ id: 'not-a-uuid', name: 'A' }))).code).toBe('NOT_FOUND');
    expect((await refusal(admin.regions.deleteTeam({ id: '00000000-0000-4000-8000-000000000000' }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await refusal(admin.regions.createTeam({ name: 'T', regionId: '00000000-0000-4000-8000-000000000000' }))).code,
    ).toBe('NOT_FOUND');
    expect((await refusal(assign(queue(99), team.id))).code).toBe('NOT_FOUND');
    expect((await refusal(admin.regions.createRegion({ name: 'validation' }))).code).toBe('CONFLICT');
  });

  it('assigns a queue to one team only: a second assignment is a conflict naming the holder', async () => {
    const region = await createRegion('Conflict');
    const first = await createTeam('First', region.id);
    const second = await createTeam('Second', region.id);

    const assigned = await assign(queue(3), first.id, { notes: 'main line' });
    // Assigned-by defaults to the signed-in user's name.
    expect(assigned).toMatchObject({
      queueName: 'Test Queue 03',
      assignedBy: 'Administrator',
      notes: 'main line',
      team: { name: 'First', region: { name: 'Conflict' } },
    });

    expect(await refusal(assign(queue(3), second.id))).toEqual({
      code: 'CONFLICT',
      message: 'Queue "Test Queue 03" is already assigned to team First (Conflict)',
    });
    expect((await refusal(assign(queue(3), first.id))).code).toBe('CONFLICT');

    const list = (await admin.regions.listAssignments()).data.filter((a) => a.queueId === queue(3).id);
    expect(list).toHaveLength(1);
    expect(list[0]!.teamId).toBe(first.id);

    // Moving it is an edit: new team, new notes, explicit assigned-by.
    const moved = await admin.regions.updateAssignment({
      id: assigned.id,
      teamId: second.id,
      notes: 'moved',
      assignedBy: 'Dana',
    });
    expect(moved.data).toMatchObject({
      teamId: second.id,
      notes: 'moved',
      assignedBy: 'Dana',
      team: { name: 'Second' },
    });

    await admin.regions.deleteAssignment({ id: assigned.id });
    expect(await unassignedNames()).toContain('Test Queue 03');
  });

  it('lists as unassigned exactly the Genesys queues that no team holds, following the Genesys list', async () => {
    const assignedIds = new Set((await admin.regions.listAssignments()).data.map((a) => a.queueId));
    const expected = genesysQueues
      .filter((q) => !assignedIds.has(q.id))
      .map((q) => q.name)
      .sort();
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
    await assign(q8, team.id);
    await assign(q9, team.id);

    genesysQueues = genesysQueues
      .filter((q) => q.id !== q9.id)
      .map((q) => (q.id === q8.id ? { ...q, name: 'Renamed Queue 08' } : q));
    const assignments = (await admin.regions.listAssignments()).data;
    expect(assignments.find((a) => a.queueId === q8.id)).toMatchObject({
      queueName: 'Renamed Queue 08',
      inGenesys: true,
    });
    expect(assignments.find((a) => a.queueId === q9.id)).toMatchObject({
      queueName: 'Test Queue 09',
      inGenesys: false,
    });
    // The stored name changed, so the tree shows the new name too.
    const regionAnswer = (await admin.regions.listRegions()).data.find((r) => r.id === region.id)!;
    expect(regionAnswer.teams[0]!.queueAssignments.map((a) => a.queueName).sort()).toEqual([
      'Renamed Queue 08',
      'Test Queue 09',
    ]);
    await admin.regions.deleteRegion({ id: region.id });
    expect(await unassignedNames()).toContain('Renamed Queue 08');
    expect(await unassignedNames()).not.toContain('Test Queue 09');
  });

  it('deleting a team unassigns its queues; deleting a region deletes its teams and unassigns theirs', async () => {
    const region = await createRegion('Cascade');
    const keep = await createTeam('Keep', region.id);
    const drop = await createTeam('Drop', region.id);
    await assign(queue(4), keep.id);
    await assign(queue(5), drop.id);
    expect(await unassignedNames()).not.toContain('Test Queue 05');

    await admin.regions.deleteTeam({ id: drop.id });
    expect(await unassignedNames()).toContain('Test Queue 05');
    expect(await unassignedNames()).not.toContain('Test Queue 04');
    const teamsAfter = (await admin.regions.listTeams()).data.map((t) => t.id);
    expect(teamsAfter).toContain(keep.id);
    expect(teamsAfter).not.toContain(drop.id);

    await admin.regions.deleteRegion({ id: region.id });
    expect((await admin.regions.listRegions()).data.map((r) => r.id)).not.toContain(region.id);
    expect((await admin.regions.listTeams()).data.map((t) => t.id)).not.toContain(keep.id);
    expect(await unassignedNames()).toEqual(expect.arrayContaining(['Test Queue 04', 'Test Queue 05']));
    expect((await admin.regions.listAssignments()).data.map((a) => a.queueId)).not.toContain(queue(4).id);
    expect((await refusal(admin.regions.deleteRegion({ id: region.id }))).code).toBe('NOT_FOUND');

    // The audit log names who did each of it, newest first.
    const audit = (await admin.accessControl.auditLog({ limit: 100 })).data;
    const about = (target: string) =>
      audit
        .filter((entry) => entry.target === target)
        .map(({ action, actor, details }) => ({ action, actor, details }));
    expect(about('Cascade')).toEqual([
      {
        action: 'regions.region-deleted',
        actor: TEST_ADMIN_EMAIL,
        details: { id: region.id, teamsDeleted: 1, queuesUnassigned: 1 },
      },
      { action: 'regions.region-created', actor: TEST_ADMIN_EMAIL, details: { id: region.id } },
    ]);
    expect(about('Drop').map(({ action }) => action)).toEqual(['regions.team-deleted', 'regions.team-created']);
    expect(about('Test Queue 05')).toEqual([
      {
        action: 'regions.queue-assigned',
        actor: TEST_ADMIN_EMAIL,
        details: { queueId: queue(5).id, team: 'Drop', region: 'Cascade' },
      },
    ]);
  });

  it('checks region:manage for regions and team:manage for teams and assignments', async () => {
    const teamsOnly = (await api.userWith(['team:manage'], 'Team Lead')).caller;
    const regionsOnly = (await api.userWith(['region:manage'], 'Region Lead')).caller;
    const viewer = (await api.userWith(['dashboard:view'], 'Viewer Person')).caller;

    for (const caller of [teamsOnly, regionsOnly]) {
      await caller.regions.listRegions();
      await caller.regions.listTeams();
      await caller.regions.listAssignments();
      await caller.regions.listUnassigned();
    }
    expect((await refusal(viewer.regions.listRegions())).code).toBe('FORBIDDEN');
    expect((await refusal(viewer.regions.listUnassigned())).code).toBe('FORBIDDEN');
    expect((await refusal(api.anonymous.regions.listTeams())).code).toBe('UNAUTHORIZED');

    expect((await refusal(teamsOnly.regions.createRegion({ name: 'Nope' }))).code).toBe('FORBIDDEN');
    const region = (await regionsOnly.regions.createRegion({ name: 'Managed' })).data;
    expect((await refusal(regionsOnly.regions.createTeam({ name: 'Nope', regionId: region.id }))).code).toBe(
      'FORBIDDEN',
    );
    const team = (await teamsOnly.regions.createTeam({ name: 'Managed Team', regionId: region.id })).data;
    const q = genesysQueues.find((candidate) => candidate.name === 'Test Queue 06')!;
    expect(
      (await refusal(regionsOnly.regions.assignQueue({ queueId: q.id, queueName: q.name, teamId: team.id }))).code,
    ).toBe('FORBIDDEN');
    const assigned = (await teamsOnly.regions.assignQueue({ queueId: q.id, queueName: q.name, teamId: team.id })).data;
    expect(assigned.assignedBy).toBe('Team Lead');
    expect((await refusal(teamsOnly.regions.deleteRegion({ id: region.id }))).code).toBe('FORBIDDEN');
  });
});

describe('regions over REST', () => {
  let server: TestServer;
  let admin: RestClient;
  let originalGenesys: GenesysService | undefined;

  beforeAll(async () => {
    genesysQueues = [1, 2, 3].map(queue);
    server = await startTestServer();
    originalGenesys = server.server.services.integrations.genesys;
    server.server.services.integrations.genesys = fakeGenesys();
    admin = await server.admin();
  });
  afterAll(async () => {
    if (server) server.server.services.integrations.genesys = originalGenesys;
    await server?.stop();
  });

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
  const assign = (q: GenesysQueueSummary, teamId: string) =>
    admin.post('/api/v1/queue-assignments', { queueId: q.id, queueName: q.name, teamId });

  it('answers with the spec messages for bad input, and 404 for unknown ids', async () => {
    const noName = await admin.post('/api/v1/regions', { name: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ success: false, error: 'Region name is required' });
    expect((await admin.post('/api/v1/teams', { name: 'X' })).body.error).toBe('Please select a region');
    expect((await admin.post('/api/v1/teams', { name: '', regionId: 'x' })).body.error).toBe('Team name is required');
    const region = await createRegion('Validation');
    expect((await admin.post('/api/v1/queue-assignments', { queueId: queue(2).id, queueName: 'x' })).body.error).toBe(
      'Please select a team',
    );
    const team = await createTeam('Validation Team', region.id);
    expect((await admin.post('/api/v1/queue-assignments', { teamId: team.id })).body.error).toBe('No queue selected');

    expect((await admin.put('/api/v1/regions/not-a-uuid', { name: 'A' })).status).toBe(404);
    expect((await admin.delete('/api/v1/teams/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(
      (await admin.post('/api/v1/teams', { name: 'T', regionId: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
    expect((await assign({ ...queue(99) }, team.id)).status).toBe(404); // not a Genesys queue
    expect((await admin.post('/api/v1/regions', { name: 'validation' })).status).toBe(409); // same name, any case
  });

  it('answers a taken queue with 409 and the holder in the envelope, and a created one with 201', async () => {
    const region = await createRegion('Statuses');
    const team = await createTeam('Statuses Team', region.id);
    expect((await assign(queue(3), team.id)).status).toBe(201);
    const again = await assign(queue(3), team.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      error: 'Queue "Test Queue 03" is already assigned to team Statuses Team (Statuses)',
    });
    expect((await admin.delete(`/api/v1/regions/${region.id}`)).status).toBe(200);
    expect((await server.anonymous().get('/api/v1/regions')).status).toBe(401);
  });
});
