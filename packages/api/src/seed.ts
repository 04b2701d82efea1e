import { randomBytes } from 'node:crypto';
import { withAdvisoryLock, type Database } from '@phone-billing/db';
import { hashPassword } from './auth/passwords';
import { normaliseEmail } from './auth/sign-in';
import { PERMISSIONS, SEED_ROLES } from './permissions';
import { getOrganizationSettings } from './settings/organization-settings';

export interface SeedResult {
  /** Set only when this call created the admin with a generated password (print it once). */
  generatedAdmin?: { email: string; password: string };
}

/**
 * Idempotent: the permissions of DESIGN.md §4, the admin, billing-manager and viewer roles, the
 * settings row, and the first admin (ADMIN_EMAIL/ADMIN_PASSWORD, or admin@example.com with a
 * generated password) when no user exists yet. Existing roles keep what admins changed.
 * Runs under an advisory lock, so any number of instances may start together on a fresh database.
 */
export async function seedDatabase(
  db: Database,
  options: { adminEmail?: string; adminPassword?: string } = {},
): Promise<SeedResult> {
  return withAdvisoryLock(db, 'phone-billing:seed', () => seedUnlocked(db, options));
}

async function seedUnlocked(
  db: Database,
  options: { adminEmail?: string; adminPassword?: string },
): Promise<SeedResult> {
  for (const [key, description] of Object.entries(PERMISSIONS)) {
    await db.action.upsert({ where: { key }, create: { key, description }, update: {} });
  }
  const actions = new Map((await db.action.findMany()).map((action) => [action.key, action.id]));
  for (const role of SEED_ROLES) {
    const existing = await db.role.findUnique({ where: { name: role.name } });
    if (existing) continue;
    await db.role.create({
      data: {
        name: role.name,
        description: role.description,
        actions: { create: role.permissions.map((key) => ({ actionId: actions.get(key)! })) },
      },
    });
  }
  await getOrganizationSettings(db);

  const result: SeedResult = {};
  if ((await db.user.count()) === 0) {
    const email = normaliseEmail(options.adminEmail || 'admin@example.com');
    const password = options.adminPassword || randomBytes(12).toString('base64url');
    const admin = await db.role.findUniqueOrThrow({ where: { name: 'admin' } });
    await db.user.create({
      data: {
        email,
        displayName: 'Administrator',
        passwordHash: await hashPassword(password),
        roles: { create: [{ roleId: admin.id }] },
      },
    });
    if (!options.adminPassword) result.generatedAdmin = { email, password };
  }
  return result;
}
