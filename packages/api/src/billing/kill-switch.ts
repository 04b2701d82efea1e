import type { Database } from '@phone-billing/db';
import { AppError } from '../errors';

export type KillSwitchState = { enabled: boolean; reason: string | null };

/**
 * The kill switch as it is right now, read from the database on every call (never from a cache):
 * billing asks right before each QuickBooks request, so turning it on stops the next invoice.
 */
export async function readKillSwitch(db: Pick<Database, '$queryRaw'>): Promise<KillSwitchState> {
  const rows = await db.$queryRaw<Array<{ enabled: boolean; reason: string | null }>>`
    SELECT "killSwitchEnabled" AS enabled, "killSwitchReason" AS reason FROM organization_settings WHERE id = 1`;
  return { enabled: Boolean(rows[0]?.enabled), reason: rows[0]?.reason ?? null };
}

/** The 409 a new run or a retry gets while billing is paused (DESIGN.md §4, Billing jobs). */
export async function assertKillSwitchOff(db: Pick<Database, '$queryRaw'>): Promise<void> {
  const state = await readKillSwitch(db);
  if (state.enabled)
    throw new AppError('CONFLICT', `Billing is paused by the kill switch${state.reason ? `: ${state.reason}` : ''}`);
}
