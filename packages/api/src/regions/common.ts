import type { AuditActor } from '../auth/audit';

/**
 * What regions (regions.ts), teams (teams.ts) and queue assignments (queue-assignments.ts) share
 * (spec 001 §4): a Genesys queue is unassigned or assigned to exactly one team
 * (queue_assignments.queueId is unique); deleting a team unassigns its queues and deleting a region
 * deletes its teams (both by the database's ON DELETE CASCADE). Every change is audited as the actor's.
 */

/** Who makes a change: audited, and named as "assigned by" when the form leaves it blank. */
export type Actor = AuditActor & { name: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
