import type { Database } from '@phone-billing/db';
import { SETTINGS_CACHE_KEY, type RequestCache } from '../request-cache';

export type OrganizationSettingsRow = Awaited<ReturnType<typeof getOrganizationSettings>>;

/**
 * The single settings row, created with its defaults on first read. Read first: sessions, the
 * dashboard and billing ask for it on every request, and an upsert would write the row each time.
 * Billing reads it through here (never through the request cache) right before each send.
 */
export async function getOrganizationSettings(db: Database) {
  const existing = await db.organizationSettings.findUnique({ where: { id: 1 } });
  if (existing) return existing;
  return db.organizationSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}

/**
 * The settings for a request path: from the request cache when there is one (every change is
 * announced to every process at once), else straight from the database. Read-only.
 */
export async function readSettingsForRequest(
  db: Database,
  cache: RequestCache | undefined,
): Promise<Readonly<OrganizationSettingsRow>> {
  if (!cache) return getOrganizationSettings(db);
  return (await cache.read(SETTINGS_CACHE_KEY, () => getOrganizationSettings(db)))!;
}
