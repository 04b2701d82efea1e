import type { Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import { hashPassword } from '../auth/passwords';
import { loadAuthUser } from '../auth/sessions';
import { normaliseEmail } from '../auth/sign-in';
import type { AuthUser } from '../services';
import { AppError } from '../errors';
import { createPasswordSetupLink } from './password-setup';

export const MANAGE_ACCESS = 'system:manage-access';

export interface UserListEntry {
  id: string;
  email: string;
  displayName: string | null;
  roles: Array<{ id: string; name: string }>;
  lastLoginAt: string | null;
  createdAt: string;
}

const userInclude = { roles: { include: { role: { select: { id: true, name: true } } } } } as const;

type UserWithRoles = {
  id: string;
  email: string;
  displayName: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  roles: Array<{ role: { id: string; name: string } }>;
};

function toListEntry(user: UserWithRoles): UserListEntry {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    roles: user.roles.map(({ role }) => role).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Every user, newest first (new users appear at the top of the list). */
export async function listUsers(db: Database): Promise<UserListEntry[]> {
  const users = await db.user.findMany({ include: userInclude, orderBy: [{ createdAt: 'desc' }, { email: 'asc' }] });
  return users.map(toListEntry);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Role ids must all exist; unknown or malformed ones are a 400 naming them. */
async function checkRoleIds(db: Database, roleIds: string[]): Promise<string[]> {
  const unique = [...new Set(roleIds)];
  const malformed = unique.filter((id) => !UUID.test(id));
  const found = malformed.length ? [] : await db.role.findMany({ where: { id: { in: unique } }, select: { id: true } });
  const known = new Set(found.map((role) => role.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) {
    throw new AppError('BAD_REQUEST', `Unknown role: ${unknown.join(', ')}`, [
      { msg: `Unknown role: ${unknown.join(', ')}`, path: 'roleIds' },
    ]);
  }
  return unique;
}

export interface CreatedUser {
  user: UserListEntry;
  /** Only for a user created without a password: the one-time link to choose one. */
  setupUrl?: string;
}

export async function createUser(
  db: Database,
  actor: AuthUser,
  input: { email: string; name?: string; roleIds: string[]; password?: string },
  appOrigin: string,
): Promise<CreatedUser> {
  const email = normaliseEmail(input.email);
  const roleIds = await checkRoleIds(db, input.roleIds);
  if (await db.user.findUnique({ where: { email } })) {
    throw new AppError('CONFLICT', `A user with the email ${email} already exists`, [
      { msg: `A user with the email ${email} already exists`, path: 'email' },
    ]);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let created;
  try {
    created = await db.user.create({
      data: {
        email,
        displayName: input.name ?? null,
        passwordHash,
        roles: { create: roleIds.map((roleId) => ({ roleId })) },
      },
      include: userInclude,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002')
      throw new AppError('CONFLICT', `A user with the email ${email} already exists`);
    throw error;
  }
  const setupUrl = input.password ? undefined : await createPasswordSetupLink(db, created.id, appOrigin);
  await recordAudit(db, {
    actor,
    action: 'access.user-created',
    target: email,
    details: { roles: created.roles.map(({ role }) => role.name), passwordSet: Boolean(input.password) },
  });
  return { user: toListEntry(created), ...(setupUrl ? { setupUrl } : {}) };
}

/**
 * Replaces a user's roles. Takes effect on their next request (permissions are read per request).
 * Nobody can take system:manage-access away from themselves, so the last admin cannot lock out.
 */
export async function setUserRoles(
  db: Database,
  actor: AuthUser,
  userId: string,
  roleIds: string[],
): Promise<UserListEntry> {
  if (!UUID.test(userId)) throw new AppError('NOT_FOUND', 'User not found');
  const existing = await db.user.findUnique({ where: { id: userId }, include: userInclude });
  if (!existing) throw new AppError('NOT_FOUND', 'User not found');
  const ids = await checkRoleIds(db, roleIds);

  if (userId === actor.id) {
    const keepsAccess = await db.roleAction.count({ where: { roleId: { in: ids }, action: { key: MANAGE_ACCESS } } });
    if (keepsAccess === 0) {
      throw new AppError('CONFLICT', `You cannot remove your own ${MANAGE_ACCESS} permission`);
    }
  }

  const updated = await db.$transaction(async (tx) => {
    await tx.userRole.deleteMany({ where: { userId } });
    if (ids.length) await tx.userRole.createMany({ data: ids.map((roleId) => ({ userId, roleId })) });
    return tx.user.findUniqueOrThrow({ where: { id: userId }, include: userInclude });
  });
  const before = existing.roles.map(({ role }) => role.name).sort();
  const after = updated.roles.map(({ role }) => role.name).sort();
  await recordAudit(db, {
    actor,
    action: 'access.user-roles-changed',
    target: updated.email,
    details: { before, after },
  });
  return toListEntry(updated);
}

export { loadAuthUser };
