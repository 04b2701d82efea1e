/**
 * Queue assignments (spec 001 §4): a Genesys queue is unassigned or assigned to exactly one team
 * (queue_assignments.queueId is unique). Every change is audited as the actor's.
 */
import { Prisma, type Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import { changedFields, type AuditChange } from '../auth/audit-changes';
import { AppError } from '../errors';
import type { GenesysQueueSummary, IntegrationServices } from '../integrations';
import { lockForVersionedSave, versionStamp } from '../row-versions';
import type { Logger } from '../services';
import type { TQueueAssignment, TQueueAssignmentWithTeam, TUnassignedQueue } from '../shared/regions';
import { byName, isUuid, type Actor } from './common';

type AssignmentRow = {
  id: string;
  queueId: string;
  queueName: string;
  teamId: string;
  assignedBy: string | null;
  notes: string | null;
  assignedAt: Date;
  version: number;
};

export function assignmentOut(row: AssignmentRow): TQueueAssignment {
  return {
    id: row.id,
    queueId: row.queueId,
    queueName: row.queueName,
    teamId: row.teamId,
    assignedBy: row.assignedBy,
    notes: row.notes,
    assignedAt: row.assignedAt.toISOString(),
    version: row.version,
  };
}

const assignmentInclude = {
  team: { select: { id: true, name: true, isActive: true, region: { select: { id: true, name: true } } } },
} satisfies Prisma.QueueAssignmentInclude;

type AssignmentWithTeamRow = Prisma.QueueAssignmentGetPayload<{ include: typeof assignmentInclude }>;

function assignmentWithTeamOut(row: AssignmentWithTeamRow): TQueueAssignmentWithTeam {
  return { ...assignmentOut(row), team: row.team };
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
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    divisionName: row.divisionName,
  }));
}

/**
 * Every assignment with its team and region. Queue names follow Genesys (a queue renamed there is
 * renamed here too), and each says whether Genesys still lists the queue.
 */
export async function listAssignments(
  db: Database,
  integrations: IntegrationServices,
  logger?: Logger,
): Promise<TQueueAssignmentWithTeam[]> {
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
    .map((row) => ({
      ...assignmentWithTeamOut(row),
      inGenesys: queues.length === 0 ? null : genesysNames.has(row.queueId),
    }))
    .sort((a, b) => a.queueName.localeCompare(b.queueName, 'en', { sensitivity: 'base' }));
}

/** The Genesys queues that no team holds, by name. */
export async function listUnassignedQueues(
  db: Database,
  integrations: IntegrationServices,
  logger?: Logger,
): Promise<TUnassignedQueue[]> {
  const [queues, assigned] = await Promise.all([
    knownGenesysQueues(db, integrations, logger),
    db.queueAssignment.findMany({ select: { queueId: true } }),
  ]);
  const taken = new Set(assigned.map((row) => row.queueId));
  return queues
    .filter((queue) => !taken.has(queue.id))
    .map((queue) => ({
      id: queue.id,
      name: queue.name,
      description: queue.description ?? null,
      divisionName: queue.divisionName ?? null,
    }))
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
  const existing = await db.queueAssignment.findUnique({
    where: { queueId: input.queueId },
    include: assignmentInclude,
  });
  if (existing) throw alreadyAssigned(existing.queueName, existing.team.name, existing.team.region.name);

  // The queue's name as Genesys knows it; a queue Genesys does not know cannot be assigned.
  const stored = await db.genesysQueue.findUnique({ where: { id: input.queueId } });
  const queue =
    stored ?? (await knownGenesysQueues(db, integrations, logger)).find((candidate) => candidate.id === input.queueId);
  if (!queue)
    throw new AppError('NOT_FOUND', 'Queue not found in Genesys', [{ msg: 'No queue selected', path: 'queueId' }]);

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
      const winner = await db.queueAssignment.findUnique({
        where: { queueId: input.queueId },
        include: assignmentInclude,
      });
      throw winner
        ? alreadyAssigned(winner.queueName, winner.team.name, winner.team.region.name)
        : new AppError('CONFLICT', 'Queue is already assigned');
    }
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003')
      throw new AppError('NOT_FOUND', 'Team not found');
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
  input: { teamId: string; assignedBy: string | null; notes: string | null; version?: number },
  actor: Actor,
): Promise<TQueueAssignmentWithTeam> {
  const current = await findAssignment(db, id);
  await assertTeamExists(db, input.teamId);
  const moved = current.teamId !== input.teamId;
  const row = await db.$transaction(async (tx) => {
    await lockForVersionedSave(tx, 'queue_assignments', id, input.version);
    return tx.queueAssignment.update({
      where: { id },
      data: {
        teamId: input.teamId,
        notes: input.notes,
        ...(input.assignedBy ? { assignedBy: input.assignedBy } : moved ? { assignedBy: displayNameOf(actor) } : {}),
        ...(moved ? { assignedAt: new Date() } : {}),
        ...versionStamp(actor),
      },
      include: assignmentInclude,
    });
  });
  const assignment = assignmentWithTeamOut(row);
  const changes = changedFields({ ...current, team: current.team.name }, { ...row, team: row.team.name }, [
    'team',
    'assignedBy',
    'notes',
  ]);
  await auditAssignment(db, actor, 'regions.assignment-updated', assignment, changes);
  return assignment;
}

/** Audits an assignment made or changed, naming its queue, team and region. */
async function auditAssignment(
  db: Database,
  actor: Actor,
  action: string,
  assignment: TQueueAssignmentWithTeam,
  changes?: AuditChange[],
): Promise<void> {
  const details = { queueId: assignment.queueId, team: assignment.team.name, region: assignment.team.region.name };
  await recordAudit(db, {
    actor,
    action,
    target: assignment.queueName,
    details: changes ? { ...details, changes } : details,
  });
}

/** Unassigns the queue. */
export async function deleteAssignment(
  db: Database,
  id: string,
  actor: Actor | null,
): Promise<TQueueAssignmentWithTeam> {
  const row = await findAssignment(db, id);
  await db.queueAssignment.delete({ where: { id } }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025')
      throw new AppError('NOT_FOUND', 'Queue assignment not found');
    throw error;
  });
  const assignment = assignmentWithTeamOut(row);
  await recordAudit(db, {
    actor,
    action: 'regions.queue-unassigned',
    target: assignment.queueName,
    details: { queueId: assignment.queueId, team: assignment.team.name },
  });
  return assignment;
}

/** Who "assigned by" names when the form leaves it blank. */
export function displayNameOf(user: { name: string | null; email: string }): string {
  return user.name?.trim() || user.email;
}
