import { AppError } from '../errors';
import type { AppServices } from '../services';
import { isGenesysArea, requireGenesys } from './genesys-status';

export interface PageRequest {
  page: number;
  limit: number;
}

export function pageInfo(paging: PageRequest, total: number) {
  return { page: paging.page, limit: paging.limit, total, pages: Math.ceil(total / paging.limit) };
}

/** Queues and users are synced with the queue listing; a failure with nothing stored is a 502. */
async function ensureDirectory(services: AppServices): Promise<void> {
  try {
    await requireGenesys(services).listQueues();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const stored = await services.db.genesysQueue.count();
    if (stored === 0) throw new AppError('BAD_GATEWAY', `Could not reach Genesys Cloud: ${(error as Error).message}`);
  }
}

/** One page of Genesys users, by name, from the stored directory (synced first when stale). */
export async function listGenesysUsersPage(services: AppServices, paging: PageRequest) {
  await ensureDirectory(services);
  const { db } = services;
  const [users, total] = await Promise.all([
    db.genesysUser.findMany({
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (paging.page - 1) * paging.limit,
      take: paging.limit,
    }),
    db.genesysUser.count(),
  ]);
  return {
    data: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      department: user.department,
      division: { name: user.divisionName },
    })),
    pagination: pageInfo(paging, total),
  };
}

/** One page of Genesys queues, by name, from the stored directory (synced first when stale). */
export async function listGenesysQueuesPage(services: AppServices, paging: PageRequest) {
  await ensureDirectory(services);
  const { db } = services;
  const [queues, total] = await Promise.all([
    db.genesysQueue.findMany({
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (paging.page - 1) * paging.limit,
      take: paging.limit,
    }),
    db.genesysQueue.count(),
  ]);
  return {
    data: queues.map((queue) => ({
      id: queue.id,
      name: queue.name,
      description: queue.description,
      division: { name: queue.divisionName },
    })),
    pagination: pageInfo(paging, total),
  };
}

/** Wrap-up codes (id and name) to name the codes on call records; none without the Genesys area. */
export async function listGenesysWrapUpCodes(services: AppServices): Promise<Array<{ id: string; name: string }>> {
  const service = requireGenesys(services);
  if (!isGenesysArea(service)) return [];
  try {
    return await service.listWrapUpCodes();
  } catch (error) {
    throw new AppError('BAD_GATEWAY', `Could not list wrap-up codes from Genesys Cloud: ${(error as Error).message}`);
  }
}
