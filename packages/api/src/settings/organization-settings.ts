import type { Database } from '@phone-billing/db';

/**
 * The single settings row, created with its defaults on first read. Read first: sessions, the
 * dashboard and billing ask for it on every request, and an upsert would write the row each time.
 */
export async function getOrganizationSettings(db: Database) {
  const existing = await db.organizationSettings.findUnique({ where: { id: 1 } });
  if (existing) return existing;
  return db.organizationSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}
