import { trpc } from '../../../lib/trpc';

type Page = { page: number; limit: number };

/** A page of Genesys users (GET /genesys/users). */
export function useGenesysUsers(page: Page) {
  return trpc.genesys.users.useQuery(page, { placeholderData: (previous) => previous });
}

/** A page of Genesys queues (GET /genesys/queues). */
export function useGenesysQueues(page: Page) {
  return trpc.genesys.queues.useQuery(page, { placeholderData: (previous) => previous });
}
