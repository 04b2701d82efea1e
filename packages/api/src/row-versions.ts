/**
 * No lost updates (issue 24): the rows people edit in forms (customer profiles, settings, regions,
 * teams, queue assignments) carry a `version` that every save by a person raises. A save that
 * names the version it was based on is refused with a 409 when someone saved since, naming who
 * and when; a save without a version (a REST script) keeps last-write-wins. The one home of that
 * rule: every versioned save locks its row through `lockForVersionedSave` in its transaction.
 */
import { Prisma, type Database } from '@phone-billing/db';
import type { AuditActor } from './auth/audit';
import { AppError } from './errors';
import { getOrganizationSettings } from './settings/organization-settings';

export type VersionedTable = 'customer_profiles' | 'organization_settings' | 'regions' | 'teams' | 'queue_assignments';

type Transaction = Prisma.TransactionClient | Database;

type VersionRow = { version: number; changedBy: string | null; changedAt: Date | null };

/** "Nov 26, 2026 13:05" in the company timezone: how every screen writes a time. */
function companyTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} ${part('hour')}:${part('minute')}`;
}

/** The 409 a stale save gets: "Changed by <who> at <time>: reload to see their change". */
export async function staleSaveError(db: Transaction, row: VersionRow): Promise<AppError> {
  const who = row.changedBy ?? 'someone else';
  const { timezone } = await getOrganizationSettings(db as Database);
  const when = row.changedAt ? ` at ${companyTime(row.changedAt, timezone)}` : '';
  return new AppError('CONFLICT', `Changed by ${who}${when}: reload to see their change`, [
    { msg: `Changed by ${who}${when}: reload to see their change`, path: 'version' },
  ]);
}

/**
 * Locks the row for the rest of the transaction and refuses the save when `expectedVersion` is
 * given and is not the row's current version. Returns false when the row does not exist (the
 * caller answers its own 404).
 */
export async function lockForVersionedSave(
  tx: Transaction,
  table: VersionedTable,
  id: string | number,
  expectedVersion: number | undefined,
): Promise<boolean> {
  const idValue = typeof id === 'number' ? Prisma.sql`${id}` : Prisma.sql`${id}::uuid`;
  // Raw SQL inside the caller's transaction: FOR UPDATE holds the row until it commits.
  const [row] = await tx.$queryRaw<VersionRow[]>(
    Prisma.sql`SELECT "version", "changedBy", "changedAt" FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${idValue} FOR UPDATE`,
  );
  if (!row) return false;
  if (expectedVersion !== undefined && expectedVersion !== row.version) throw await staleSaveError(tx, row);
  return true;
}

/** The columns a person's save writes beside its fields: the next version, who and when. */
export function versionStamp(actor: AuditActor | null, now = new Date()) {
  return { version: { increment: 1 }, changedBy: actor?.email ?? null, changedAt: now };
}
