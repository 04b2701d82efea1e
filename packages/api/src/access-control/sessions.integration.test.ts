import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../../../../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../../../test/server';

// Access control where a browser's session or a bearer token is the point (signing in, a role
// change seen by the same session, setup and reset links used, API tokens), and the REST answers
// (statuses, the error envelope, query strings). The rules of users, roles, permissions, reset
// links and the audit log are tested through the procedures in access-control.integration.test.ts.

let server: TestServer;
let admin: RestClient;
let roleIds: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const roles = await admin.get('/api/v1/auth/roles');
  roleIds = Object.fromEntries(roles.body.roles.map((role: { name: string; id: string }) => [role.name, role.id]));
});
afterAll(() => server?.stop());

async function createUser(body: Record<string, unknown>) {
  return admin.post('/api/v1/auth/users', body);
}

describe('users', () => {
  it('creates a user with a password who can then sign in with their role', async () => {
    const created = await createUser({
      email: 'Viewer.One@Example.com',
      name: 'Viewer One',
      roleIds: [roleIds.viewer],
      password: 'viewer-pass-1',
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({
      email: 'viewer.one@example.com',
      displayName: 'Viewer One',
      roles: [{ name: 'viewer' }],
      lastLoginAt: null,
    });
    expect(created.body.setupUrl).toBeUndefined();

    const viewer = server.anonymous();
    const signIn = await viewer.signIn('viewer.one@example.com', 'viewer-pass-1');
    expect(signIn.body.user.permissions).toEqual(['billing:view', 'customer:view', 'dashboard:view']);
    expect((await viewer.get('/api/v1/auth/users')).status).toBe(403);

    const list = await admin.get('/api/v1/auth/users');
    expect(list.body.users[0].email).toBe('viewer.one@example.com');
    expect(list.body.users[0].lastLoginAt).not.toBeNull();
  });

  it('refuses a taken e-mail with 409, whatever its case', async () => {
    const answer = await createUser({ email: TEST_ADMIN.email.toUpperCase(), roleIds: [] });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      error: `A user with the email ${TEST_ADMIN.email} already exists`,
    });
  });

  it('gives the spec messages for a missing e-mail and a short password', async () => {
    const missing = await createUser({ roleIds: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toContainEqual({ msg: 'Email is required', path: 'email' });
    const blank = await createUser({ email: '  ', roleIds: [] });
    expect(blank.body.error).toBe('Email is required');
    const short = await createUser({ email: 'short@example.com', password: 'seven77', roleIds: [] });
    expect(short.status).toBe(400);
    expect(short.body.errors).toContainEqual({ msg: 'Password must be at least 8 characters', path: 'password' });
    const badRole = await createUser({ email: 'badrole@example.com', roleIds: ['not-a-role'] });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toBe('Unknown role: not-a-role');
  });

  it('changes roles with effect on the next request, and refuses to remove your own access', async () => {
    const created = await createUser({
      email: 'promoted@example.com',
      roleIds: [roleIds.viewer],
      password: 'promoted-pass',
    });
    const user = server.anonymous();
    await user.signIn('promoted@example.com', 'promoted-pass');
    expect((await user.get('/api/v1/auth/roles')).status).toBe(403);

    const changed = await admin.patch(`/api/v1/auth/users/${created.body.user.id}/roles`, { roleIds: [roleIds.admin] });
    expect(changed.status).toBe(200);
    expect(changed.body.user.roles).toEqual([{ id: roleIds.admin, name: 'admin' }]);
    // Same session, no new sign-in.
    expect((await user.get('/api/v1/auth/roles')).status).toBe(200);
    expect((await user.get('/api/v1/auth/me')).body.user.permissions).toContain('system:manage-access');

    const me = (await admin.get('/api/v1/auth/me')).body.user;
    const selfDemotion = await admin.patch(`/api/v1/auth/users/${me.id}/roles`, { roleIds: [roleIds.viewer] });
    expect(selfDemotion.status).toBe(409);
    expect(selfDemotion.body.error).toBe('You cannot remove your own system:manage-access permission');
    expect((await admin.get('/api/v1/auth/roles')).status).toBe(200);

    expect((await admin.patch('/api/v1/auth/users/not-a-uuid/roles', { roleIds: [] })).status).toBe(404);
  });
});

describe('one-time setup links', () => {
  it('works once, signs the user in, and never again', async () => {
    const created = await createUser({ email: 'newcomer@example.com', roleIds: [roleIds.viewer] });
    expect(created.status).toBe(201);
    const setupUrl: string = created.body.setupUrl;
    expect(setupUrl).toMatch(/\/login\?setup=[a-z0-9]+$/);
    const token = new URL(setupUrl).searchParams.get('setup')!;
    // Only the hash is stored.
    expect(await server.server.services.db.passwordSetupToken.count({ where: { id: token } })).toBe(0);

    const newcomer = server.anonymous();
    expect((await newcomer.get(`/api/v1/auth/setup-password?token=${token}`)).body.data.email).toBe(
      'newcomer@example.com',
    );
    const short = await newcomer.post('/api/v1/auth/setup-password', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 8 characters');

    const used = await newcomer.post('/api/v1/auth/setup-password', { token, password: 'my-own-password' });
    expect(used.status).toBe(200);
    expect(used.body.user.email).toBe('newcomer@example.com');
    expect((await newcomer.get('/api/v1/auth/me')).status).toBe(200);

    const again = await server.anonymous().post('/api/v1/auth/setup-password', { token, password: 'another-password' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/invalid, expired or has already been used/);
    expect((await server.anonymous().get(`/api/v1/auth/setup-password?token=${token}`)).status).toBe(404);
    await server.anonymous().signIn('newcomer@example.com', 'my-own-password');
  });

  it('refuses an expired link', async () => {
    const created = await createUser({ email: 'late@example.com', roleIds: [] });
    const token = new URL(created.body.setupUrl).searchParams.get('setup')!;
    const { db } = server.server.services;
    const user = await db.user.findUniqueOrThrow({ where: { email: 'late@example.com' } });
    await db.passwordSetupToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const answer = await server.anonymous().post('/api/v1/auth/setup-password', { token, password: 'a-fine-password' });
    expect(answer.status).toBe(400);
  });
});

describe('password reset links', () => {
  it('an administrator issues a one-time link (72 h); it replaces the password, signs the old sessions out, and works once', async () => {
    await createUser({ email: 'forgetful@example.com', roleIds: [roleIds.viewer], password: 'old-password-1' });
    const user = await server.server.services.db.user.findUniqueOrThrow({ where: { email: 'forgetful@example.com' } });
    const oldSession = server.anonymous();
    await oldSession.signIn('forgetful@example.com', 'old-password-1');

    const issued = await admin.post(`/api/v1/auth/users/${user.id}/reset-link`, {});
    expect(issued.status).toBe(200);
    const resetUrl: string = issued.body.data.resetUrl;
    expect(resetUrl).toMatch(/\/login\?reset=[a-z0-9]+$/);
    const token = new URL(resetUrl).searchParams.get('reset')!;
    const record = await server.server.services.db.passwordSetupToken.findFirstOrThrow({
      where: { userId: user.id, usedAt: null },
    });
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(72 * 3600_000);
    // A second link makes the first one useless.
    const second = await admin.post(`/api/v1/auth/users/${user.id}/reset-link`, {});
    const secondToken = new URL(second.body.data.resetUrl).searchParams.get('reset')!;
    expect((await server.anonymous().get(`/api/v1/auth/setup-password?token=${token}`)).status).toBe(404);

    const person = server.anonymous();
    expect((await person.get(`/api/v1/auth/setup-password?token=${secondToken}`)).body.data.email).toBe(
      'forgetful@example.com',
    );
    expect(
      (await person.post('/api/v1/auth/setup-password', { token: secondToken, password: 'new-password-2' })).status,
    ).toBe(200);
    expect((await person.get('/api/v1/auth/me')).status).toBe(200);
    expect((await oldSession.get('/api/v1/auth/me')).status).toBe(401);
    expect(
      (
        await server
          .anonymous()
          .post('/api/v1/auth/sign-in', { email: 'forgetful@example.com', password: 'old-password-1' })
      ).status,
    ).toBe(401);
    expect(
      (
        await server
          .anonymous()
          .post('/api/v1/auth/setup-password', { token: secondToken, password: 'third-password-3' })
      ).status,
    ).toBe(400);

    const audit = (await admin.get('/api/v1/audit-log?limit=50')).body.data as Array<{
      action: string;
      target: string;
    }>;
    expect(audit.filter((entry) => entry.action === 'auth.reset-link-created').map((entry) => entry.target)).toEqual([
      'forgetful@example.com',
      'forgetful@example.com',
    ]);
  });
});

describe('a locked-out account', () => {
  it("opens with the password set from a reset link at once, not after the lock's fifteen minutes", async () => {
    await createUser({ email: 'locked@example.com', roleIds: [roleIds.viewer], password: 'right-password-1' });
    const user = await server.server.services.db.user.findUniqueOrThrow({ where: { email: 'locked@example.com' } });
    const signIn = (password: string) =>
      server.anonymous().post('/api/v1/auth/sign-in', { email: 'locked@example.com', password });
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await signIn('wrong-password')).status).toBe(401);
    const locked = await signIn('right-password-1');
    expect(locked.status).toBe(429);
    expect(JSON.stringify(locked.body)).toContain('Too many failed sign-in attempts');

    // The login page sends a locked-out person to an administrator for a reset link.
    const issued = await admin.post(`/api/v1/auth/users/${user.id}/reset-link`, {});
    const token = new URL(issued.body.data.resetUrl).searchParams.get('reset')!;
    expect(
      (await server.anonymous().post('/api/v1/auth/setup-password', { token, password: 'new-password-2' })).status,
    ).toBe(200);
    expect((await signIn('new-password-2')).status).toBe(200);
  });
});

describe('API tokens', () => {
  it('acts as the user with their permissions until revoked; only a hash is stored', async () => {
    await createUser({ email: 'script@example.com', roleIds: [roleIds.viewer], password: 'script-pass-1' });
    const owner = server.anonymous();
    await owner.signIn('script@example.com', 'script-pass-1');
    const created = await owner.post('/api/v1/auth/tokens', { name: 'nightly export' });
    expect(created.status).toBe(201);
    const { id, token } = created.body.data;
    expect(token).toMatch(/^pbt_/);
    expect(await server.server.services.db.apiToken.count({ where: { tokenHash: token } })).toBe(0);

    const bearer = server.anonymous().withBearer(token);
    expect((await bearer.get('/api/v1/auth/me')).body.user.email).toBe('script@example.com');
    expect((await bearer.get('/api/v1/auth/users')).status).toBe(403);

    const listed = await owner.get('/api/v1/auth/tokens');
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id, name: 'nightly export', lastUsedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    // Somebody else cannot revoke it.
    expect((await admin.delete(`/api/v1/auth/tokens/${id}`)).status).toBe(404);
    expect((await owner.post('/api/v1/auth/tokens', {})).body.error).toBe('Token name is required');

    expect((await owner.delete(`/api/v1/auth/tokens/${id}`)).status).toBe(200);
    const revoked = await bearer.get('/api/v1/auth/me');
    expect(revoked.status).toBe(401);
    expect((await owner.get('/api/v1/auth/tokens')).body.data).toEqual([]);
  });
});

describe('audit log', () => {
  it('records sign-ins, failed ones too, and API tokens; its REST page and limit', async () => {
    await server.anonymous().post('/api/v1/auth/sign-in', { email: TEST_ADMIN.email, password: 'wrong-password' });
    const page = await admin.get('/api/v1/audit-log?page=1&limit=5');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(5);
    expect(page.body.pagination).toMatchObject({ page: 1, limit: 5 });
    expect(page.body.pagination.pages).toBe(Math.ceil(page.body.pagination.total / 5));
    expect(page.body.data[0]).toMatchObject({
      action: 'auth.sign-in-failed',
      actor: TEST_ADMIN.email,
      target: TEST_ADMIN.email,
    });
    const times = page.body.data.map((entry: { at: string }) => entry.at);
    expect(times).toEqual([...times].sort().reverse());

    const all = await admin.get('/api/v1/audit-log?limit=100');
    const actions = new Set(all.body.data.map((entry: { action: string }) => entry.action));
    for (const action of ['auth.sign-in', 'auth.password-set-from-link', 'auth.token-created', 'auth.token-revoked']) {
      expect(actions).toContain(action);
    }

    expect((await admin.get('/api/v1/audit-log?limit=0')).status).toBe(400);
  });
});
