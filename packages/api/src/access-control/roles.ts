import type { Database } from '@phone-billing/db';
import { recordAudit } from '../auth/audit';
import type { AuthUser } from '../services';
import { AppError } from '../errors';
import { compareCaseInsensitive } from '../shared/access-control';
import { equalsIgnoringCase } from '../literal-search';

export interface ActionEntry {
  id: string;
  key: string;
  description: string;
}

export interface RoleEntry {
  id: string;
  name: string;
  description: string | null;
  actions: Array<{ id: string; key: string }>;
}

type RoleWithActions = {
  id: string;
  name: string;
  description: string | null;
  actions: Array<{ action: { id: string; key: string } }>;
};

function toRoleEntry(role: RoleWithActions): RoleEntry {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    actions: role.actions
      .map(({ action }) => ({ id: action.id, key: action.key }))
      .sort((a, b) => compareCaseInsensitive(a.key, b.key)),
  };
}

const roleInclude = { actions: { include: { action: { select: { id: true, key: true } } } } } as const;

/** Roles sorted by name, case-insensitively, each with its permissions. */
export async function listRoles(db: Database): Promise<RoleEntry[]> {
  const roles = await db.role.findMany({ include: roleInclude });
  return roles.map(toRoleEntry).sort((a, b) => compareCaseInsensitive(a.name, b.name));
}

/** Permissions sorted by key, case-insensitively. */
export async function listActions(db: Database): Promise<ActionEntry[]> {
  const actions = await db.action.findMany({ select: { id: true, key: true, description: true } });
  return actions.sort((a, b) => compareCaseInsensitive(a.key, b.key));
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === 'P2002';
}

export async function createAction(
  db: Database,
  actor: AuthUser,
  input: { key: string; description: string },
): Promise<ActionEntry> {
  const taken = `A permission with the key ${input.key} already exists`;
  const existing = await db.action.findFirst({ where: { key: equalsIgnoringCase(input.key) } });
  if (existing) throw new AppError('CONFLICT', taken, [{ msg: taken, path: 'key' }]);
  try {
    const action = await db.action.create({
      data: { key: input.key, description: input.description },
      select: { id: true, key: true, description: true },
    });
    await recordAudit(db, {
      actor,
      action: 'access.permission-created',
      target: action.key,
      details: { description: action.description },
    });
    return action;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', taken, [{ msg: taken, path: 'key' }]);
    throw error;
  }
}

export async function createRole(
  db: Database,
  actor: AuthUser,
  input: { name: string; description?: string; actionKeys: string[] },
): Promise<RoleEntry> {
  const taken = `A role named ${input.name} already exists`;
  const existing = await db.role.findFirst({ where: { name: equalsIgnoringCase(input.name) } });
  if (existing) throw new AppError('CONFLICT', taken, [{ msg: taken, path: 'name' }]);
  const keys = [...new Set(input.actionKeys.map((key) => key.trim()).filter(Boolean))];
  const actions = await db.action.findMany({ where: { key: { in: keys } }, select: { id: true, key: true } });
  const unknown = keys.filter((key) => !actions.some((action) => action.key === key));
  if (unknown.length) {
    const message = `Unknown permission: ${unknown.join(', ')}`;
    throw new AppError('BAD_REQUEST', message, [{ msg: message, path: 'actionKeys' }]);
  }
  try {
    const role = await db.role.create({
      data: {
        name: input.name,
        description: input.description ?? null,
        actions: { create: actions.map((action) => ({ actionId: action.id })) },
      },
      include: roleInclude,
    });
    await recordAudit(db, {
      actor,
      action: 'access.role-created',
      target: role.name,
      details: { permissions: keys.sort(compareCaseInsensitive) },
    });
    return toRoleEntry(role);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', taken, [{ msg: taken, path: 'name' }]);
    throw error;
  }
}
