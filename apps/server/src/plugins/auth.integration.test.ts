import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../../../../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('signing in over REST', () => {
  it('signs in, knows who is signed in, and signs out', async () => {
    const client = server.anonymous();
    const signIn = await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(signIn.body).toMatchObject({ success: true, user: { email: TEST_ADMIN.email } });
    expect(signIn.body.user.permissions).toContain('system:manage-access');
    const cookie = signIn.headers.getSetCookie().find((c: string) => c.startsWith('pb_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Expires=/);

    const me = await client.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(TEST_ADMIN.email);

    const signOut = await client.post('/api/v1/auth/sign-out');
    expect(signOut.status).toBe(200);
    expect((await client.get('/api/v1/auth/me')).status).toBe(401);
  });

  it("the web app's session check (/trpc/auth.session) answers 200 with the user, or with nobody", async () => {
    const client = server.anonymous();
    const signedOut = await client.get('/trpc/auth.session');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.result.data).toEqual({ success: true, user: null });

    await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const signedIn = await client.get('/trpc/auth.session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result.data.user).toEqual((await client.get('/api/v1/auth/me')).body.user);

    await client.post('/api/v1/auth/sign-out');
    expect((await client.get('/trpc/auth.session')).body.result.data).toEqual({ success: true, user: null });
  });

  it('gives a browser-session cookie (no expiry) without "remember me"', async () => {
    const answer = await server.anonymous().signIn(TEST_ADMIN.email, TEST_ADMIN.password, false);
    const cookie = answer.headers.getSetCookie().find((c: string) => c.startsWith('pb_session='));
    expect(cookie).not.toMatch(/Expires=|Max-Age=/);
  });

  it('refuses a wrong password with 401 and the envelope', async () => {
    const answer = await server
      .anonymous()
      .post('/api/v1/auth/sign-in', { email: TEST_ADMIN.email, password: 'wrong-password' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      success: false,
      error: 'Invalid email or password',
      message: 'Invalid email or password',
    });
  });

  it('answers 401 with the envelope when nobody is signed in', async () => {
    const answer = await server.anonymous().get('/api/v1/auth/me');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, error: 'Authentication required' });
  });
});

describe('bad input never yields a 500', () => {
  const client = () => server.anonymous();

  it('missing e-mail: 400 with the spec message per field', async () => {
    const answer = await client().post('/api/v1/auth/sign-in', { password: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toBe('Email is required');
    expect(answer.body.errors).toContainEqual({ msg: 'Email is required', path: 'email' });
  });

  it('a malformed address: "Invalid email address"', async () => {
    const answer = await client().post('/api/v1/auth/sign-in', { email: 'not-an-address', password: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({ msg: 'Invalid email address', path: 'email' });
  });

  it('malformed JSON: 400', async () => {
    const answer = await client().request('POST', '/api/v1/auth/sign-in', '{"email": ', {
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: 'Malformed JSON in request body' });
  });

  it('wrong types: 400', async () => {
    const answer = await client().post('/api/v1/auth/sign-in', { email: ['a@b.c'], password: 42 });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.errors.length).toBeGreaterThan(0);
  });

  it('a form-encoded body: 415', async () => {
    const answer = await client().request('POST', '/api/v1/auth/sign-in', 'email=a%40b.c&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ success: false });
    expect(answer.body.error).toMatch(/JSON/);
  });

  it('an unknown /api/v1 path: a JSON 404', async () => {
    const answer = await client().get('/api/v1/no/such/path');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false });
  });
});

describe('cookie-authenticated writes', () => {
  it('are refused from a foreign Origin and accepted from our own', async () => {
    const own = await server.admin();
    const foreign = new RestClient(server.url, { origin: null });
    // Share the session cookie but send a different Origin.
    Object.assign(foreign, { cookie: (own as unknown as { cookie: string }).cookie });
    const refused = await foreign.request(
      'PATCH',
      '/api/v1/auth/users/me/profile',
      { name: 'Mallory' },
      { origin: 'https://evil.example' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    const missing = await foreign.request('PATCH', '/api/v1/auth/users/me/profile', { name: 'Mallory' });
    expect(missing.status).toBe(403);
    const accepted = await own.patch('/api/v1/auth/users/me/profile', { name: 'Admin Person' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.name).toBe('Admin Person');
  });
});

describe('password change', () => {
  it('keeps this session, signs out the others, and checks the current password', async () => {
    const first = await server.admin();
    const second = await server.admin();
    const wrong = await first.patch('/api/v1/auth/users/me/password', {
      currentPassword: 'nope',
      newPassword: 'another-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const short = await first.patch('/api/v1/auth/users/me/password', {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('New password must be at least 8 characters');

    const changed = await first.patch('/api/v1/auth/users/me/password', {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'a-new-password',
    });
    expect(changed.status).toBe(200);
    expect((await first.get('/api/v1/auth/me')).status).toBe(200);
    expect((await second.get('/api/v1/auth/me')).status).toBe(401);
    // Put it back for the other tests.
    await first.patch('/api/v1/auth/users/me/password', {
      currentPassword: 'a-new-password',
      newPassword: TEST_ADMIN.password,
    });
  });
});

describe('sign-in throttle', () => {
  it('locks an e-mail out after five failures within 15 minutes, with a clear message', async () => {
    const email = 'nobody@example.com';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await server.anonymous().post('/api/v1/auth/sign-in', { email, password: 'guess' })).status).toBe(401);
    }
    const locked = await server.anonymous().post('/api/v1/auth/sign-in', { email, password: 'guess' });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many failed sign-in attempts. Try again in 15 minutes/);
    // Other e-mails are unaffected.
    expect((await server.anonymous().post('/api/v1/auth/sign-in', TEST_ADMIN)).status).toBe(200);
  });
});
