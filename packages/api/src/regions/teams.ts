import { Prisma, type Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import { changedFields } from '../auth/audit-changes';
import { AppError } from '../errors';
import { equalsIgnoringCase } from '../literal-search';
import { lockForVersionedSave, versionStamp } from '../row-versions';
import type { TTeam, TTeamFormValues } from '../shared/regions';
import { byName, isUuid, type Actor } from './common';
import { assignmentOut } from './queue-assignments';

/** Teams: each belongs to one region and holds the queues assigned to it. */

const teamInclude = {
  region: { select: { id: true, name: true, isActive: true } },
  queueAssignments: { orderBy: { queueName: 'asc' } },
} satisfies Prisma.TeamInclude;

type TeamRow = Prisma.TeamGetPayload<{ include: typeof teamInclude }>;

/** A team's own fields and its queues: what a region lists of each of its teams. */
export function teamFieldsOut(row: Omit<TeamRow, 'region'>): Omit<TTeam, 'region'> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    regionId: row.regionId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    queueAssignments: row.queueAssignments.map(assignmentOut),
  };
}

function teamOut(row: TeamRow): TTeam {
  return { ...teamFieldsOut(row), region: row.region };
}

export async function listTeams(db: Database): Promise<TTeam[]> {
  const rows = await db.team.findMany({ include: teamInclude });
  return rows.map(teamOut).sort((a, b) => byName(a, b) || byName(a.region, b.region));
}

async function findTeam(db: Database, id: string): Promise<TeamRow> {
  const row = isUuid(id) ? await db.team.findUnique({ where: { id }, include: teamInclude }) : null;
  if (!row) throw new AppError('NOT_FOUND', 'Team not found');
  return row;
}

async function assertRegionExists(db: Database, regionId: string) {
  const region = isUuid(regionId) ? await db.region.findUnique({ where: { id: regionId } }) : null;
  if (!region)
    throw new AppError('NOT_FOUND', 'Region not found', [{ msg: 'Please select a region', path: 'regionId' }]);
}

async function assertTeamNameFree(db: Database, regionId: string, name: string, exceptId?: string) {
  const clash = await db.team.findFirst({
    where: { regionId, name: equalsIgnoringCase(name), ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) {
    const message = `This region already has a team named "${clash.name}"`;
    throw new AppError('CONFLICT', message, [{ msg: message, path: 'name' }]);
  }
}

export async function createTeam(db: Database, input: TTeamFormValues, actor: Actor | null): Promise<TTeam> {
  await assertRegionExists(db, input.regionId);
  await assertTeamNameFree(db, input.regionId, input.name);
  const row = await db.team.create({
    data: { name: input.name, description: input.description, regionId: input.regionId, isActive: input.isActive },
    include: teamInclude,
  });
  const team = teamOut(row);
  await recordAudit(db, {
    actor,
    action: 'regions.team-created',
    target: team.name,
    details: { id: team.id, region: team.region.name },
  });
  return team;
}

export async function updateTeam(
  db: Database,
  id: string,
  input: { name: string; description: string | null; regionId: string; isActive?: boolean; version?: number },
  actor: Actor | null,
): Promise<TTeam> {
  const before = await findTeam(db, id);
  await assertRegionExists(db, input.regionId);
  await assertTeamNameFree(db, input.regionId, input.name, id);
  const row = await db.$transaction(async (tx) => {
    await lockForVersionedSave(tx, 'teams', id, input.version);
    return tx.team.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        regionId: input.regionId,
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        ...versionStamp(actor),
      },
      include: teamInclude,
    });
  });
  const team = teamOut(row);
  const changes = changedFields({ ...before, region: before.region.name }, { ...row, region: row.region.name }, [
    'name',
    'description',
    'region',
    'isActive',
  ]);
  await recordAudit(db, {
    actor,
    action: 'regions.team-updated',
    target: team.name,
    details: { id: team.id, region: team.region.name, changes },
  });
  return team;
}

/** Deletes the team; its queues become unassigned. */
export async function deleteTeam(
  db: Database,
  id: string,
  actor: Actor | null,
): Promise<{ team: TTeam; queuesUnassigned: number }> {
  const row = await findTeam(db, id);
  await db.team.delete({ where: { id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025')
      throw new AppError('NOT_FOUND', 'Team not found');
    throw error;
  });
  const team = teamOut(row);
  const queuesUnassigned = row.queueAssignments.length;
  await recordAudit(db, {
    actor,
    action: 'regions.team-deleted',
    target: team.name,
    details: { id: team.id, region: team.region.name, queuesUnassigned },
  });
  return { team, queuesUnassigned };
}
