import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import { createRegionDemoData } from './regions';

// The regions area on a real start: the Genesys simulator's queues, and the demo data made from them.

let server: TestServer;
let admin: RestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(() => server?.stop());

type Assignment = { queueId: string; queueName: string; team: { name: string; region: { name: string } } };

async function screenData() {
  const [regions, assignments, unassigned] = await Promise.all([
    admin.get('/api/v1/regions'),
    admin.get('/api/v1/queue-assignments'),
    admin.get('/api/v1/queue-assignments/unassigned'),
  ]);
  return {
    regions: regions.body.data as Array<{
      name: string;
      isActive: boolean;
      teams: Array<{ name: string; isActive: boolean; queueAssignments: unknown[] }>;
    }>,
    assignments: assignments.body.data as Assignment[],
    unassigned: unassigned.body.data as Array<{ id: string; name: string }>,
  };
}

describe('regions demo data on the Genesys simulator', () => {
  it('starts with two active regions whose teams hold most simulated queues, a few left unassigned', async () => {
    const genesysQueues = await server.server.services.integrations.genesys!.listQueues();
    expect(genesysQueues.length).toBeGreaterThanOrEqual(6);

    const { regions, assignments, unassigned } = await screenData();
    expect(regions.map((region) => region.name).sort()).toEqual(['Europe', 'North America']);
    expect(
      regions.every(
        (region) => region.isActive && region.teams.length >= 2 && region.teams.every((team) => team.isActive),
      ),
    ).toBe(true);

    // Unassigned is exactly the Genesys queues that no assignment holds.
    const held = new Set(assignments.map((assignment) => assignment.queueId));
    expect(unassigned.map((queue) => queue.id).sort()).toEqual(
      genesysQueues
        .filter((queue) => !held.has(queue.id))
        .map((queue) => queue.id)
        .sort(),
    );
    expect(assignments.length + unassigned.length).toBe(genesysQueues.length);
    expect(unassigned.length).toBeGreaterThan(0);
    expect(assignments.length).toBeGreaterThan(unassigned.length);
    // Assignments carry the Genesys names.
    const names = new Map(genesysQueues.map((queue) => [queue.id, queue.name]));
    expect(assignments.every((assignment) => names.get(assignment.queueId) === assignment.queueName)).toBe(true);
  });

  it('is made only when there are no regions, and only on the simulator', async () => {
    const { services } = server.server;
    expect(await createRegionDemoData(services)).toBe(false);
    expect((await screenData()).regions).toHaveLength(2);

    await services.db.region.deleteMany();
    const empty = await screenData();
    expect(empty.assignments).toHaveLength(0);
    expect(
      await createRegionDemoData({
        ...services,
        config: { ...services.config, simulated: { ...services.config.simulated, genesys: false } },
      }),
    ).toBe(false);
    expect((await screenData()).regions).toHaveLength(0);

    expect(await createRegionDemoData(services)).toBe(true);
    const again = await screenData();
    expect(again.regions).toHaveLength(2);
    expect(again.assignments.length + again.unassigned.length).toBe(empty.unassigned.length);
  });
});
