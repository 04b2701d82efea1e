/**
 * Queue names for the profile form's suggestions: asked of Genesys (which keeps genesys_queues
 * fresh), or read from genesys_queues when Genesys is not available or fails.
 */
import type { AppServices } from '../services';

export type QueueSuggestion = { id: string; name: string; description: string | null; divisionName: string | null };

export async function listQueueSuggestions(
  services: Pick<AppServices, 'db' | 'integrations' | 'logger'>,
): Promise<{ data: QueueSuggestion[]; source: 'genesys' | 'stored' }> {
  const genesys = services.integrations.genesys;
  if (genesys) {
    try {
      const queues = await genesys.listQueues();
      return {
        data: sortByName(
          queues.map(({ id, name, description, divisionName }) => ({ id, name, description, divisionName })),
        ),
        source: 'genesys',
      };
    } catch (error) {
      services.logger.warn({ err: error }, 'Genesys queues unavailable; suggesting stored queue names');
    }
  }
  const stored = await services.db.genesysQueue.findMany({
    select: { id: true, name: true, description: true, divisionName: true },
  });
  return { data: sortByName(stored), source: 'stored' };
}

function sortByName(queues: QueueSuggestion[]): QueueSuggestion[] {
  return [...queues].sort((a, b) => a.name.localeCompare(b.name));
}
