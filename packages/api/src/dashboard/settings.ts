import type { Database } from '@phone-billing/db';
import { getOrganizationSettings } from '../settings/organization-settings';

export type DashboardSettings = {
  timezone: string;
  currency: string;
  billingIncrementSeconds: number;
  killSwitchEnabled: boolean;
  killSwitchReason: string | null;
};

/**
 * The settings the dashboard needs, read without a write: getOrganizationSettings upserts (and
 * so rewrites updatedAt) on every call, which costs a write per dashboard view. Falls back to it
 * only while the row does not exist yet.
 */
export async function readDashboardSettings(db: Database): Promise<DashboardSettings> {
  const rows = await db.$queryRaw<DashboardSettings[]>`
    SELECT timezone, currency, "billingIncrementSeconds", "killSwitchEnabled", "killSwitchReason"
      FROM organization_settings WHERE id = 1`;
  if (rows[0]) return rows[0];
  const created = await getOrganizationSettings(db);
  return {
    timezone: created.timezone,
    currency: created.currency,
    billingIncrementSeconds: created.billingIncrementSeconds,
    killSwitchEnabled: created.killSwitchEnabled,
    killSwitchReason: created.killSwitchReason,
  };
}
