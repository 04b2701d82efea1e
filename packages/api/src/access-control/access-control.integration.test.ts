import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, refusal, TEST_ADMIN_EMAIL, type Caller, type TestApi } from '../../../../test/caller';
import { cleanUpAccessData } from './housekeeping';

// Users, roles, permissions, reset links and the audit log (the Access Control screen): the rules
// through the procedures, as the seeded administrator, on a real database. What needs a browser's
// session or a bearer token (signing in, setup and reset links used, API tokens) and the REST
// answers stay over HTTP in sessions.integration.test.ts.

let api: TestApi;
let admin: Caller;
let roleIds: Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
  admin = api.admin;
  roleIds = Object.fromEntries((await admin.accessControl.listRoles()).roles.map((role) => [role.name, role.id]));
});
afterAll(() => api?.close());

type CreateUser = Parameters<Caller['accessControl']['createUser']>[0];
const createUser = (input: Record<string, unknown>) => admin.accessControl.createUser(input as CreateUser);

describe('users', () => {
  it('creates a user with a password and their role, newest first in the list', async () => {
    const created = await createUser({
      email: 'Viewer.One@Example.com',
      name: 'Viewer One',
      roleIds: [roleIds.viewer],
      password: 'viewer-pass-1',
    });
    expect(created.user).toMatchObject({
      email: 'viewer.one@example.com',
      displayName: 'Viewer One',
      roles: [{ name: 'viewer' }],
      lastLoginAt: null,
    });
    expect(created.setupUrl).toBeUndefined();
    expect((await admin.accessControl.listUsers()).users[0]!.email).toBe('viewer.one@example.com');
  });

  it('refuses a taken e-mail, whatever its case', async () => {
    expect(await refusal(createUser({ email: TEST_ADMIN_EMAIL.toUpperCase(), roleIds: [] }))).toEqual({
      code: 'CONFLICT',
      message: `A user with the email ${TEST_ADMIN_EMAIL} already exists`,
    });
  });

  it('gives the spec messages for a missing e-mail, a short password and an unknown role', async () => {
    expect(await refusal(createUser({ roleIds: [] }))).toEqual({ code: 'BAD_REQUEST', message: 'Email is required' });
    expect(await refusal(createUser({ email: '  ', roleIds: [] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Email is required',
    });
    expect(await refusal(createUser({ email: 'short@example.com', password: 'seven77', roleIds: [] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Password must be at least 8 characters',
    });
    expect(await refusal(createUser({ email: 'badrole@example.com', roleIds: ['not-a-role'] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Unknown role: not-a-role',
    });
  });

  it('changes roles, and refuses to remove your own access', async () => {
    const created = await createUser({
      email: 'promoted@example.com',
      roleIds: [roleIds.viewer],
      password: 'promoted-pass',
    });
    const changed = await admin.accessControl.updateUserRoles({ id: created.user.id, roleIds: [roleIds.admin!] });
    expect(changed.user.roles).toEqual([{ id: roleIds.admin, name: 'admin' }]);

    const me = await api.db.user.findUniqueOrThrow({ where: { email: TEST_ADMIN_EMAIL } });
    expect(await refusal(admin.accessControl.updateUserRoles({ id: me.id, roleIds: [roleIds.viewer!] }))).toEqual({
      code: 'CONFLICT',
      message: 'You cannot remove your own system:manage-access permission',
    });
    expect((await admin.accessControl.listRoles()).roles.length).toBeGreaterThan(0);
    expect((await refusal(admin.accessControl.updateUserRoles({ id: 'not-a-uuid', roleIds: [] }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('is for system:manage-access only', async () => {
    const { caller: viewer } = await api.userWith(['billing:view', 'customer:view', 'dashboard:view'], 'Plain Viewer');
    expect((await refusal(viewer.accessControl.listUsers())).code).toBe('FORBIDDEN');
    expect((await refusal(viewer.accessControl.listRoles())).code).toBe('FORBIDDEN');
    expect((await refusal(api.anonymous.accessControl.listUsers())).code).toBe('UNAUTHORIZED');
  });
});

describe('permissions and roles', () => {
  it('creates a permission and a role holding it, sorted case-insensitively; duplicates are refused', async () => {
    const { action } = await admin.accessControl.createAction({ key: 'Reports:export', description: 'Export reports' });
    expect(action).toMatchObject({ key: 'Reports:export', description: 'Export reports' });
    expect(await refusal(admin.accessControl.createAction({ key: 'reports:export', description: 'Again' }))).toEqual({
      code: 'CONFLICT',
      message: 'A permission with the key reports:export already exists',
    });
    expect(await refusal(admin.accessControl.createAction({ key: 'x:y' } as never))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Permission key and description are required',
    });

    const keys = (await admin.accessControl.listActions()).actions.map((a) => a.key);
    expect(keys).toEqual([...keys].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(keys.indexOf('Reports:export')).toBe(keys.indexOf('region:manage') + 1);

    const { role } = await admin.accessControl.createRole({
      name: 'Auditor',
      description: 'Reads reports',
      actionKeys: ['Reports:export', 'dashboard:view'],
    });
    expect(role.actions.map((a) => a.key)).toEqual(['dashboard:view', 'Reports:export']);
    expect((await refusal(admin.accessControl.createRole({ name: 'auditor', actionKeys: [] }))).code).toBe('CONFLICT');
    expect(await refusal(admin.accessControl.createRole({ name: ' ', actionKeys: [] }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Role name is required',
    });
    expect((await refusal(admin.accessControl.createRole({ name: 'Ghost', actionKeys: ['nope:nope'] }))).code).toBe(
      'BAD_REQUEST',
    );

    // Sorted case-insensitively (the roles `userWith` made for other tests are named role-…).
    const names = (await admin.accessControl.listRoles()).roles
      .map((r) => r.name)
      .filter((name) => !name.startsWith('role-'));
    expect(names).toEqual(['admin', 'Auditor', 'billing-manager', 'viewer']);
  });
});

describe('one-time setup and reset links', () => {
  it('a user created without a password gets a setup link; only its hash is stored', async () => {
    const created = await createUser({ email: 'newcomer@example.com', roleIds: [roleIds.viewer] });
    expect(created.setupUrl).toMatch(/\/login\?setup=[a-z0-9]+$/);
    const token = new URL(created.setupUrl!).searchParams.get('setup')!;
    expect(await api.db.passwordSetupToken.count({ where: { id: token } })).toBe(0);
    expect(await api.db.passwordSetupToken.count({ where: { userId: created.user.id, usedAt: null } })).toBe(1);
  });

  it('an administrator issues a reset link valid 72 h; a second one replaces the first', async () => {
    const { user } = await createUser({
      email: 'forgetful@example.com',
      roleIds: [roleIds.viewer],
      password: 'old-password-1',
    });
    const first = (await admin.accessControl.createResetLink({ id: user.id })).data.resetUrl;
    expect(first).toMatch(/\/login\?reset=[a-z0-9]+$/);
    const record = await api.db.passwordSetupToken.findFirstOrThrow({ where: { userId: user.id, usedAt: null } });
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(72 * 3600_000);
    await admin.accessControl.createResetLink({ id: user.id });
    expect(await api.db.passwordSetupToken.count({ where: { userId: user.id, usedAt: null } })).toBe(1);
  });

  it('reset links are for administrators only, and for users that exist', async () => {
    const user = await api.db.user.findUniqueOrThrow({ where: { email: 'forgetful@example.com' } });
    expect(
      (await refusal(admin.accessControl.createResetLink({ id: '00000000-0000-4000-8000-000000000000' }))).code,
    ).toBe('NOT_FOUND');
    expect((await refusal(admin.accessControl.createResetLink({ id: 'not-a-uuid' }))).code).toBe('NOT_FOUND');
    const { caller: viewer } = await api.userWith(['billing:view'], 'Reset Viewer');
    expect((await refusal(viewer.accessControl.createResetLink({ id: user.id }))).code).toBe('FORBIDDEN');
    expect((await refusal(api.anonymous.accessControl.createResetLink({ id: user.id }))).code).toBe('UNAUTHORIZED');
  });
});

describe('audit log', () => {
  it('lists who did what, newest first, paginated', async () => {
    const page = await admin.accessControl.auditLog({ page: 1, limit: 5 });
    expect(page.data).toHaveLength(5);
    expect(page.pagination).toMatchObject({ page: 1, limit: 5 });
    expect(page.pagination.pages).toBe(Math.ceil(page.pagination.total / 5));
    expect(page.data[0]).toMatchObject({
      action: 'auth.reset-link-created',
      actor: TEST_ADMIN_EMAIL,
      target: 'forgetful@example.com',
    });
    const times = page.data.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());

    const all = (await admin.accessControl.auditLog({ limit: 100 })).data;
    const actions = new Set(all.map((entry) => entry.action));
    for (const action of [
      'access.user-created',
      'access.user-roles-changed',
      'access.permission-created',
      'access.role-created',
    ])
      expect(actions).toContain(action);
    expect(all.filter((entry) => entry.action === 'auth.reset-link-created').map((entry) => entry.target)).toEqual([
      'forgetful@example.com',
      'forgetful@example.com',
    ]);
    const roleChange = all.find((entry) => entry.action === 'access.user-roles-changed');
    expect(roleChange).toMatchObject({
      actor: TEST_ADMIN_EMAIL,
      target: 'promoted@example.com',
      details: { before: ['viewer'], after: ['admin'] },
    });

    expect((await refusal(admin.accessControl.auditLog({ limit: 0 }))).code).toBe('BAD_REQUEST');
  });
});

describe('housekeeping', () => {
  it('removes expired sessions, ended request counters, old sign-in failures and Idempotency-Keys; keeps live ones and the audit log', async () => {
    const { db } = api;
    const user = await db.user.findUniqueOrThrow({ where: { email: TEST_ADMIN_EMAIL } });
    const longAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await db.session.create({
      data: {
        id: 'expired-session-hash',
        userId: user.id,
        expiresAt: longAgo,
        createdAt: longAgo,
        lastSeenAt: longAgo,
      },
    });
    await db.session.create({
      data: { id: 'live-session-hash', userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    await db.requestCounter.create({ data: { key: 'sign-in:email:old@example.com', hits: 3, windowEndsAt: longAgo } });
    await db.requestCounter.create({
      data: { key: 'sign-in:email:live@example.com', hits: 1, windowEndsAt: new Date(Date.now() + 60_000) },
    });
    await db.signInFailure.create({
      data: { email: 'old@example.com', address: '192.0.2.1', failedAt: longAgo, checkEndsBy: longAgo },
    });
    await db.signInFailure.create({
      data: { email: 'live@example.com', address: '192.0.2.1', failedAt: new Date(), checkEndsBy: new Date() },
    });
    await db.idempotencyKey.create({
      data: { userId: user.id, key: 'old-key', requestHash: 'h', createdAt: longAgo, claimEndsBy: longAgo },
    });
    await db.idempotencyKey.create({
      data: { userId: user.id, key: 'live-key', requestHash: 'h', claimEndsBy: new Date() },
    });
    const auditBefore = await db.auditLog.count();

    const removed = await cleanUpAccessData(db);
    expect(await db.signInFailure.findMany({ select: { email: true } })).toEqual([{ email: 'live@example.com' }]);
    expect(await db.idempotencyKey.findMany({ select: { key: true } })).toEqual([{ key: 'live-key' }]);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.requestCounters).toBeGreaterThanOrEqual(1);
    expect(await db.requestCounter.count({ where: { key: 'sign-in:email:old@example.com' } })).toBe(0);
    expect(await db.requestCounter.count({ where: { key: 'sign-in:email:live@example.com' } })).toBe(1);
    expect(await db.session.count({ where: { id: 'expired-session-hash' } })).toBe(0);
    expect(await db.session.count({ where: { id: 'live-session-hash' } })).toBe(1);
    expect(await db.auditLog.count()).toBe(auditBefore);
  });
});
