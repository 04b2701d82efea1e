import { Prisma, type Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import { changedFields } from '../auth/audit-changes';
import { AppError } from '../errors';
import { equalsIgnoringCase } from '../literal-search';
import { lockForVersionedSave, versionStamp } from '../row-versions';
import type { TRegion, TRegionFormValues } from '../shared/regions';
import { byName, isUuid, type Actor } from './common';
import { teamFieldsOut } from './teams';

/** Regions: each holds teams; deleting one deletes its teams and so unassigns their queues. */

const regionInclude = {
  teams: { orderBy: { name: 'asc' }, include: { queueAssignments: { orderBy: { queueName: 'asc' } } } },
} satisfies Prisma.RegionInclude;

type RegionRow = Prisma.RegionGetPayload<{ include: typeof regionInclude }>;

function regionOut(row: RegionRow): TRegion {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    teams: row.teams.map(teamFieldsOut),
  };
}

export async function listRegions(db: Database): Promise<TRegion[]> {
  const rows = await db.region.findMany({ include: regionInclude });
  return rows.map(regionOut).sort(byName);
}

async function findRegion(db: Database, id: string): Promise<RegionRow> {
  const row = isUuid(id) ? await db.region.findUnique({ where: { id }, include: regionInclude }) : null;
  if (!row) throw new AppError('NOT_FOUND', 'Region not found');
  return row;
}

async function assertRegionNameFree(db: Database, name: string, exceptId?: string) {
  const clash = await db.region.findFirst({
    where: { name: equalsIgnoringCase(name), ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash)
    throw new AppError('CONFLICT', `A region named "${clash.name}" already exists`, [
      { msg: `A region named "${clash.name}" already exists`, path: 'name' },
    ]);
}

export async function createRegion(db: Database, input: TRegionFormValues, actor: Actor | null): Promise<TRegion> {
  await assertRegionNameFree(db, input.name);
  const row = await db.region.create({
    data: { name: input.name, description: input.description, isActive: input.isActive },
    include: regionInclude,
  });
  await recordAudit(db, { actor, action: 'regions.region-created', target: row.name, details: { id: row.id } });
  return regionOut(row);
}

export async function updateRegion(
  db: Database,
  id: string,
  input: { name: string; description: string | null; isActive?: boolean; version?: number },
  actor: Actor | null,
): Promise<TRegion> {
  const before = await findRegion(db, id);
  await assertRegionNameFree(db, input.name, id);
  const row = await db.$transaction(async (tx) => {
    await lockForVersionedSave(tx, 'regions', id, input.version);
    return tx.region.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        ...versionStamp(actor),
      },
      include: regionInclude,
    });
  });
  const changes = changedFields(before, row, ['name', 'description', 'isActive']);
  await recordAudit(db, {
    actor,
    action: 'regions.region-updated',
    target: row.name,
    details: { id: row.id, changes },
  });
  return regionOut(row);
}

/** Deletes the region, its teams and (so) their queue assignments. */
export async function deleteRegion(
  db: Database,
  id: string,
  actor: Actor | null,
): Promise<{ region: TRegion; teamsDeleted: number; queuesUnassigned: number }> {
  const row = await findRegion(db, id);
  await db.region.delete({ where: { id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025')
      throw new AppError('NOT_FOUND', 'Region not found');
    throw error;
  });
  const teamsDeleted = row.teams.length;
  const queuesUnassigned = row.teams.reduce((sum, team) => sum + team.queueAssignments.length, 0);
  await recordAudit(db, {
    actor,
    action: 'regions.region-deleted',
    target: row.name,
    details: { id: row.id, teamsDeleted, queuesUnassigned },
  });
  return { region: regionOut(row), teamsDeleted, queuesUnassigned };
}
