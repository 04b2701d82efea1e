import type { AppServices, GenesysQueueSummary } from '@phone-billing/api';
import type { ServerArea } from './index';

/**
 * Demo data for the Region & Team Management screen: on the Genesys simulator, when no region
 * exists yet, two regions with a few teams holding most of the simulated queues; the last few
 * queues stay unassigned so the screen shows its "needs attention" state. Runs after the Genesys
 * area's prepare (areas run in order), so the simulated queues are known by then.
 */
export const regionsArea: ServerArea = {
  name: 'regions',
  async prepare({ services }) {
    await createRegionDemoData(services);
  },
};

const DEMO_REGIONS = [
  {
    name: 'North America',
    description: 'Contact centres serving customers in the United States and Canada',
    teams: [
      { name: 'Customer Care East', description: 'Support and helpdesk lines, Eastern time' },
      { name: 'Sales West', description: 'Order desks and renewals, Pacific time' },
    ],
  },
  {
    name: 'Europe',
    description: 'Contact centres serving customers in the UK and the EU',
    teams: [
      { name: 'Back Office London', description: 'Billing and claims lines' },
      { name: 'Technical Support Dublin', description: 'Second-line technical support' },
    ],
  },
] as const;

/** The demo team that would handle a queue, by its name and Genesys division. */
function demoTeamFor(queue: GenesysQueueSummary): string {
  if (/technical|helpdesk|service desk/i.test(queue.name)) return 'Technical Support Dublin';
  if (queue.divisionName === 'Sales') return 'Sales West';
  if (queue.divisionName === 'Back Office') return 'Back Office London';
  return 'Customer Care East';
}

/** How many queues the demo leaves unassigned (fewer when there are only a few queues). */
const LEFT_UNASSIGNED = 3;

async function simulatedQueues(services: AppServices): Promise<GenesysQueueSummary[]> {
  const genesys = services.integrations.genesys;
  if (genesys) {
    try {
      return await genesys.listQueues();
    } catch (error) {
      services.logger.warn({ err: error }, 'regions demo data: Genesys queues unavailable, using the stored copy');
    }
  }
  return services.db.genesysQueue.findMany({ orderBy: { name: 'asc' } });
}

/** Returns whether it created the demo regions (false when not simulated or regions exist). */
export async function createRegionDemoData(services: AppServices): Promise<boolean> {
  if (!services.config.simulated.genesys) return false;
  if ((await services.db.region.count()) > 0) return false;

  const queues = [...(await simulatedQueues(services))].sort((a, b) => a.name.localeCompare(b.name));
  const assignedCount =
    queues.length <= 1
      ? queues.length
      : Math.max(1, queues.length - Math.min(LEFT_UNASSIGNED, Math.floor(queues.length / 3)));
  const toAssign = queues.slice(0, assignedCount);

  const created = await services.db.$transaction(async (tx) => {
    // Another instance may be preparing at the same time; the first one wins.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('regions-demo-data'))`;
    if ((await tx.region.count()) > 0) return false;
    const teamIds = new Map<string, string>();
    for (const region of DEMO_REGIONS) {
      const regionRow = await tx.region.create({ data: { name: region.name, description: region.description } });
      for (const team of region.teams) {
        const row = await tx.team.create({
          data: { name: team.name, description: team.description, regionId: regionRow.id },
        });
        teamIds.set(team.name, row.id);
      }
    }
    const taken = new Set((await tx.queueAssignment.findMany({ select: { queueId: true } })).map((row) => row.queueId));
    for (const queue of toAssign) {
      if (taken.has(queue.id)) continue;
      await tx.queueAssignment.create({
        data: {
          queueId: queue.id,
          queueName: queue.name,
          teamId: teamIds.get(demoTeamFor(queue))!,
          assignedBy: 'Demo data',
          notes: null,
        },
      });
    }
    return true;
  });
  if (!created) return false;
  services.logger.info(
    { queuesAssigned: toAssign.length, queuesUnassigned: queues.length - toAssign.length },
    'regions demo data created',
  );
  return true;
}
