import { Prisma, type Database } from '@phone-billing/db';
import { recordAudit, type AuditActor } from '../auth/audit';
import { AppError } from '../errors';
import type { GenesysQueueSummary, IntegrationServices } from '../integrations';
import type { Logger } from '../services';
import type {
  TQueueAssignment,
  TQueueAssignmentWithTeam,
  TRegion,
  TRegionFormValues,
  TTeam,
  TTeamFormValues,
  TUnassignedQueue,
} from '../shared/regions';
import { equalsIgnoringCase } from '../literal-search';

/**
 * Regions, teams and queue assignments (spec 001 §4): a Genesys queue is unassigned or assigned
 * to exactly one team (queue_assignments.queueId is unique); deleting a team unassigns its queues
 * and deleting a region deletes its teams (both by the database's ON DELETE CASCADE). Every change
 * is audited as the actor's.
 */

/** Who makes a change: audited, and named as "assigned by" when the form leaves it blank. */
type Actor = AuditActor & { name: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);

type AssignmentRow = {
  id: string;
  queueId: string;
  queueName: string;
  teamId: string;
  assignedBy: string | null;
  notes: string | null;
  assignedAt: Date;
};

function assignmentOut(row: AssignmentRow): TQueueAssignment {
  return {
    id: row.id,
    queueId: row.queueId,
    queueName: row.queueName,
    teamId: row.teamId,
    assignedBy: row.assignedBy,
    notes: row.notes,
    assignedAt: row.assignedAt.toISOString(),
  };
}

const teamInclude = {
  region: { select: { id: true, name: true, isActive: true } },
  queueAssignments: { orderBy: { queueName: 'asc' } },
} satisfies Prisma.TeamInclude;

type TeamRow = Prisma.TeamGetPayload<{ include: typeof teamInclude }>;

/** A team's own fields and its queues: what a region lists of each of its teams. */
function teamFieldsOut(row: Omit<TeamRow, 'region'>): Omit<TTeam, 'region'> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    regionId: row.regionId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    queueAssignments: row.queueAssignments.map(assignmentOut),
  };
}

function teamOut(row: TeamRow): TTeam {
  return { ...teamFieldsOut(row), region: row.region };
}

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
    teams: row.teams.map(teamFieldsOut),
  };
}

const assignmentInclude = {
  team: { select: { id: true, name: true, isActive: true, region: { select: { id: true, name: true } } } },
} satisfies Prisma.QueueAssignmentInclude;

type AssignmentWithTeamRow = Prisma.QueueAssignmentGetPayload<{ include: typeof assignmentInclude }>;

function assignmentWithTeamOut(row: AssignmentWithTeamRow): TQueueAssignmentWithTeam {
  return { ...assignmentOut(row), team: row.team };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

// ------------------------------------------------------------------ regions

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
  if (clash) throw new AppError('CONFLICT', `A region named "${clash.name}" already exists`, [{ msg: `A region named "${clash.name}" already exists`, path: 'name' }]);
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
  input: { name: string; description: string | null; isActive?: boolean },
  actor: Actor | null,
): Promise<TRegion> {
  await findRegion(db, id);
  await assertRegionNameFree(db, input.name, id);
  const row = await db.region.update({
    where: { id },
    data: { name: input.name, description: input.description, ...(input.isActive === undefined ? {} : { isActive: input.isActive }) },
    include: regionInclude,
  });
  await recordAudit(db, { actor, action: 'regions.region-updated', target: row.name, details: { id: row.id, isActive: row.isActive } });
  return regionOut(row);
}

/** Deletes the region, its teams and (so) their queue assignments. */
export async function deleteRegion(db: Database, id: string, actor: Actor | null): Promise<{ region: TRegion; teamsDeleted: number; queuesUnassigned: number }> {
  const row = await findRegion(db, id);
  await db.region.delete({ where: { id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw new AppError('NOT_FOUND', 'Region not found');
    throw error;
  });
  const teamsDeleted = row.teams.length;
  const queuesUnassigned = row.teams.reduce((sum, team) => sum + team.queueAssignments.length, 0);
  await recordAudit(db, { actor, action: 'regions.region-deleted', target: row.name, details: { id: row.id, teamsDeleted, queuesUnassigned } });
  return { region: regionOut(row), teamsDeleted, queuesUnassigned };
}

// ------------------------------------------------------------------ teams

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
  if (!region) throw new AppError('NOT_FOUND', 'Region not found', [{ msg: 'Please select a region', path: 'regionId' }]);
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
  await recordAudit(db, { actor, action: 'regions.team-created', target: team.name, details: { id: team.id, region: team.region.name } });
  return team;
}

export async function updateTeam(
  db: Database,
  id: string,
  input: { name: string; description: string | null; regionId: string; isActive?: boolean },
  actor: Actor | null,
): Promise<TTeam> {
  await findTeam(db, id);
  await assertRegionExists(db, input.regionId);
  await assertTeamNameFree(db, input.regionId, input.name, id);
  const row = await db.team.update({
    where: { id },
    data: {
      name: input.name,
      description: input.description,
      regionId: input.regionId,
      ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
    },
    include: teamInclude,
  });
  const team = teamOut(row);
  await recordAudit(db, { actor, action: 'regions.team-updated', target: team.name, details: { id: team.id, region: team.region.name, isActive: team.isActive } });
  return team;
}

/** Deletes the team; its queues become unassigned. */
export async function deleteTeam(db: Database, id: string, actor: Actor | null): Promise<{ team: TTeam; queuesUnassigned: number }> {
  const row = await findTeam(db, id);
  await db.team.delete({ where: { id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw new AppError('NOT_FOUND', 'Team not found');
    throw error;
  });
  const team = teamOut(row);
  const queuesUnassigned = row.queueAssignments.length;
  await recordAudit(db, { actor, action: 'regions.team-deleted', target: team.name, details: { id: team.id, region: team.region.name, queuesUnassigned } });
  return { team, queuesUnassigned };
}

// ------------------------------------------------------------------ queues

/**
 * The Genesys queues: from the Genesys service when there is one (it keeps genesys_queues fresh),
 * else, or when Genesys cannot be reached, the last copy in genesys_queues.
 */
export async function knownGenesysQueues(
  db: Database,
  integrations: IntegrationServices,
  logger?: Logger,
): Promise<GenesysQueueSummary[]> {
  const genesys = integrations.genesys;
  if (genesys) {
    try {
      return await genesys.listQueues();
    } catch (error) {
      logger?.warn({ err: error }, 'Genesys queues unavailable; using the stored copy');
    }
  }
  const rows = await db.genesysQueue.findMany({ orderBy: { name: 'asc' } });
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, divisionName: row.divisionName }));
}

/**
 * Every assignment with its team and region. Queue names follow Genesys (a queue renamed there is
 * renamed here too), and each says whether Genesys still lists the queue.
 */
export async function listAssignments(db: Database, integrations: IntegrationServices, logger?: Logger): Promise<TQueueAssignmentWithTeam[]> {
  const queues = await knownGenesysQueues(db, integrations, logger);
  const genesysNames = new Map(queues.map((queue) => [queue.id, queue.name]));
  const rows = await db.queueAssignment.findMany({ include: assignmentInclude });
  for (const row of rows) {
    const current = genesysNames.get(row.queueId);
    if (current !== undefined && current !== row.queueName) {
      await db.queueAssignment.update({ where: { id: row.id }, data: { queueName: current } });
      row.queueName = current;
    }
  }
  return rows
    .map((row) => ({ ...assignmentWithTeamOut(row), inGenesys: queues.length === 0 ? null : genesysNames.has(row.queueId) }))
    .sort((a, b) => a.queueName.localeCompare(b.queueName, 'en', { sensitivity: 'base' }));
}

/** The Genesys queues that no team holds, by name. */
export async function listUnassignedQueues(db: Database, integrations: IntegrationServices, logger?: Logger): Promise<TUnassignedQueue[]> {
  const [queues, assigned] = await Promise.all([
    knownGenesysQueues(db, integrations, logger),
    db.queueAssignment.findMany({ select: { queueId: true } }),
  ]);
  const taken = new Set(assigned.map((row) => row.queueId));
  return queues
    .filter((queue) => !taken.has(queue.id))
    .map((queue) => ({ id: queue.id, name: queue.name, description: queue.description ?? null, divisionName: queue.divisionName ?? null }))
    .sort(byName);
}

async function findAssignment(db: Database, id: string): Promise<AssignmentWithTeamRow> {
  const row = isUuid(id) ? await db.queueAssignment.findUnique({ where: { id }, include: assignmentInclude }) : null;
  if (!row) throw new AppError('NOT_FOUND', 'Queue assignment not found');
  return row;
}

async function assertTeamExists(db: Database, teamId: string) {
  const team = isUuid(teamId) ? await db.team.findUnique({ where: { id: teamId } }) : null;
  if (!team) throw new AppError('NOT_FOUND', 'Team not found', [{ msg: 'Please select a team', path: 'teamId' }]);
}

function alreadyAssigned(queueName: string, teamName: string, regionName: string) {
  return new AppError('CONFLICT', `Queue "${queueName}" is already assigned to team ${teamName} (${regionName})`);
}

/** Assigns a Genesys queue to a team; a queue already held by a team is a CONFLICT. */
export async function assignQueue(
  db: Database,
  integrations: IntegrationServices,
  input: { queueId: string; queueName?: string; teamId: string; assignedBy: string | null; notes: string | null },
  actor: Actor,
  logger?: Logger,
): Promise<TQueueAssignmentWithTeam> {
  await assertTeamExists(db, input.teamId);
  const existing = await db.queueAssignment.findUnique({ where: { queueId: input.queueId }, include: assignmentInclude });
  if (existing) throw alreadyAssigned(existing.queueName, existing.team.name, existing.team.region.name);

  // The queue's name as Genesys knows it; a queue Genesys does not know cannot be assigned.
  const stored = await db.genesysQueue.findUnique({ where: { id: input.queueId } });
  const queue = stored ?? (await knownGenesysQueues(db, integrations, logger)).find((candidate) => candidate.id === input.queueId);
  if (!queue) throw new AppError('NOT_FOUND', 'Queue not found in Genesys', [{ msg: 'No queue selected', path: 'queueId' }]);

  try {
    const row = await db.queueAssignment.create({
      data: {
        queueId: queue.id,
        queueName: queue.name,
        teamId: input.teamId,
        assignedBy: input.assignedBy ?? displayNameOf(actor),
        notes: input.notes,
      },
      include: assignmentInclude,
    });
    const assignment = assignmentWithTeamOut(row);
    await auditAssignment(db, actor, 'regions.queue-assigned', assignment);
    return assignment;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const winner = await db.queueAssignment.findUnique({ where: { queueId: input.queueId }, include: assignmentInclude });
      throw winner ? alreadyAssigned(winner.queueName, winner.team.name, winner.team.region.name) : new AppError('CONFLICT', 'Queue is already assigned');
    }
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw new AppError('NOT_FOUND', 'Team not found');
    throw error;
  }
}

/**
 * Changes an assignment's team, notes and assigned-by. Moving the queue to another team is a new
 * assignment: its date becomes now and assigned-by the given name or the signed-in user.
 */
export async function updateAssignment(
  db: Database,
  id: string,
  input: { teamId: string; assignedBy: string | null; notes: string | null },
  actor: Actor,
): Promise<TQueueAssignmentWithTeam> {
  const current = await findAssignment(db, id);
  await assertTeamExists(db, input.teamId);
  const moved = current.teamId !== input.teamId;
  const row = await db.queueAssignment.update({
    where: { id },
    data: {
      teamId: input.teamId,
      notes: input.notes,
      ...(input.assignedBy ? { assignedBy: input.assignedBy } : moved ? { assignedBy: displayNameOf(actor) } : {}),
      ...(moved ? { assignedAt: new Date() } : {}),
    },
    include: assignmentInclude,
  });
  const assignment = assignmentWithTeamOut(row);
  await auditAssignment(db, actor, 'regions.assignment-updated', assignment);
  return assignment;
}

/** Audits an assignment made or changed, naming its queue, team and region. */
async function auditAssignment(db: Database, actor: Actor, action: string, assignment: TQueueAssignmentWithTeam): Promise<void> {
  await recordAudit(db, {
    actor,
    action,
    target: assignment.queueName,
    details: { queueId: assignment.queueId, team: assignment.team.name, region: assignment.team.region.name },
  });
}

/** Unassigns the queue. */
export async function deleteAssignment(db: Database, id: string, actor: Actor | null): Promise<TQueueAssignmentWithTeam> {
  const row = await findAssignment(db, id);
  await db.queueAssignment.delete({ where: { id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') throw new AppError('NOT_FOUND', 'Queue assignment not found');
    throw error;
  });
  const assignment = assignmentWithTeamOut(row);
  await recordAudit(db, { actor, action: 'regions.queue-unassigned', target: assignment.queueName, details: { queueId: assignment.queueId, team: assignment.team.name } });
  return assignment;
}

/** Who "assigned by" names when the form leaves it blank. */
export function displayNameOf(user: { name: string | null; email: string }): string {
  return user.name?.trim() || user.email;
}

