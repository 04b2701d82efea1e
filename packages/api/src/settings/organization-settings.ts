import type { Database } from '@phone-billing/db';

/** The single settings row, created with its defaults on first read. */
export async function getOrganizationSettings(db: Database) {
  return db.organizationSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}
