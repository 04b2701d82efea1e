import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedQboSimulator } from '../../../../apps/server/src/areas/qbo';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import { QboConnection } from './connection';
import { isValidOAuthState, issueOAuthState, oauthStateBinding } from './oauth-states';
import { QBO_PROVIDER } from './token-store';
import { createDbQboTokenStore } from './token-store';

let testServer: TestServer;
let admin: RestClient;

function simulator() {
  const found = mountedQboSimulator(testServer.server.app);
  if (!found) throw new Error('no mounted simulator');
  return found;
}

function connection(): QboConnection {
  const service = testServer.server.services.integrations.qbo;
  if (!(service instanceof QboConnection)) throw new Error('QBO service missing');
  return service;
}

/** Opens the consent page through the app's own port and presses Approve, as a browser would. */
async function approveInBrowserLikeWay(authUrl: string): Promise<URL> {
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Bayshore Voice Services');
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
    ]),
  );
  const response = await fetch(new URL('oauth2', authUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(authUrl).origin },
    body: new URLSearchParams({ ...hidden, decision: 'approve' }).toString(),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

async function startAuthorization(): Promise<string> {
  const answer = await admin.get('/api/v1/qbo/auth');
  expect(answer.status).toBe(200);
  return answer.body.data.authUrl as string;
}

function callbackPath(redirect: URL, overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    code: redirect.searchParams.get('code') ?? '',
    state: redirect.searchParams.get('state') ?? '',
    realmId: redirect.searchParams.get('realmId') ?? '',
    ...overrides,
  });
  return `/api/v1/qbo/callback?${params}`;
}

/** Every token the simulator ever issued (its state file), to look for them elsewhere. */
function issuedTokens(): string[] {
  const state = JSON.parse(readFileSync(path.join(testServer.server.config.dataDir, 'qbo-simulator.json'), 'utf8')) as {
    accessTokens: Record<string, unknown>;
    refreshTokens: Record<string, unknown>;
  };
  return [...Object.keys(state.accessTokens), ...Object.keys(state.refreshTokens)];
}

beforeAll(async () => {
  testServer = await startTestServer();
  admin = await testServer.admin();
});

afterAll(async () => {
  await testServer?.stop();
});

describe('QuickBooks through the simulator mounted under /sim/qbo', () => {
  it('starts disconnected and simulated, with the redirect URI on the origin the browser uses', async () => {
    const answer = await admin.get('/api/v1/qbo/status');
    expect(answer.status).toBe(200);
    // Simulated QuickBooks sends the browser back where it came from (here 127.0.0.1, not APP_ORIGIN's localhost).
    const origin = testServer.url;
    expect(answer.body.data).toMatchObject({
      appOrigin: testServer.server.services.config.appOrigin,
      redirectFollowsBrowser: true,
      authenticated: false,
      connected: false,
      hasTokens: false,
      simulated: true,
      environment: 'sandbox',
      clientId: 'configured',
      redirectUri: `${origin}/qbo-callback`,
      companyInfo: { companyName: null },
      tokenStatus: { expiresIn: null },
    });
    const info = await admin.get('/api/v1/qbo/company-info');
    expect(info.status).toBe(400);
    expect(info.body.error).toBe('QuickBooks is not connected. Connect it from QBO Setup.');
  });

  it('refuses a callback whose state this server did not issue, without spending the code', async () => {
    const authUrl = await startAuthorization();
    const redirect = await approveInBrowserLikeWay(authUrl);
    const forged = await admin.get(callbackPath(redirect, { state: 'forged-state-value' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      success: false,
      error: expect.stringContaining('Invalid or expired authorization state'),
    });
    expect((await admin.get('/api/v1/qbo/status')).body.data.hasTokens).toBe(false);
    // The genuine state still works once, and only once.
    const genuine = await admin.get(callbackPath(redirect));
    expect(genuine.status).toBe(200);
    const replay = await admin.get(callbackPath(redirect));
    expect(replay.status).toBe(400);
    expect(replay.body.error).toContain('Invalid or expired authorization state');
  });

  it('GET /qbo/auth writes nothing: its state is signed, expires after ten minutes and is bound to the session', async () => {
    const { db } = testServer.server.services;
    const rowsBefore = await db.oAuthState.count();
    const authUrls = await Promise.all(Array.from({ length: 5 }, () => startAuthorization()));
    expect(await db.oAuthState.count()).toBe(rowsBefore);
    const states = authUrls.map((url) => new URL(url).searchParams.get('state')!);
    expect(new Set(states).size).toBe(5);

    // Another session of the same user (another browser) cannot bring this state back.
    const redirect = await approveInBrowserLikeWay(authUrls[0]!);
    const otherBrowser = await testServer.admin();
    const elsewhere = await otherBrowser.get(callbackPath(redirect));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toContain('Invalid or expired authorization state');
    // A state with its signature changed is refused too.
    const tampered = await admin.get(callbackPath(redirect, { state: `${states[0]!.slice(0, -2)}xx` }));
    expect(tampered.status).toBe(400);

    // Ten minutes after it was issued, a state is refused (the clock moved for the check alone).
    const binding = oauthStateBinding({ user: { id: 'u' }, sessionId: 's' });
    const issuedAt = new Date('2030-01-01T00:00:00Z');
    const state = issueOAuthState(testServer.server.config.appSecret, QBO_PROVIDER, binding, issuedAt);
    const secret = testServer.server.config.appSecret;
    expect(isValidOAuthState(secret, QBO_PROVIDER, state, binding, new Date(issuedAt.getTime() + 9 * 60_000))).toBe(
      true,
    );
    expect(
      isValidOAuthState(secret, QBO_PROVIDER, state, binding, new Date(issuedAt.getTime() + 10 * 60_000 + 1)),
    ).toBe(false);
    expect(
      isValidOAuthState(secret, QBO_PROVIDER, state, 'session:another', new Date(issuedAt.getTime() + 60_000)),
    ).toBe(false);
    expect(isValidOAuthState('another-app-secret-of-enough-length', QBO_PROVIDER, state, binding, issuedAt)).toBe(
      false,
    );
  });

  it('connects through the consent page: status, company info and no token in any answer', async () => {
    const status = await admin.get('/api/v1/qbo/status');
    expect(status.body.data).toMatchObject({
      authenticated: true,
      connected: true,
      hasTokens: true,
      companyInfo: { companyName: 'Bayshore Voice Services' },
      lastError: null,
    });
    expect(status.body.data.tokenStatus.expiresIn).toBeGreaterThan(3500);
    expect(status.body.data.tokenStatus.expiresIn).toBeLessThanOrEqual(3600);

    const info = await admin.get('/api/v1/qbo/company-info');
    expect(info.status).toBe(200);
    expect(info.body.data.CompanyInfo).toMatchObject({
      CompanyName: 'Bayshore Voice Services',
      LegalName: 'Bayshore Voice Services LLC',
      CompanyAddr: { City: 'Mountain View' },
      WebAddr: { URI: 'https://bayshorevoice.example' },
    });

    const test = await admin.post('/api/v1/qbo/test-connection', {});
    expect(test.status).toBe(200);
    expect(test.body.success).toBe(true);

    const everyAnswer = JSON.stringify([status.body, info.body, test.body]);
    for (const token of issuedTokens()) expect(everyAnswer).not.toContain(token);
    expect(JSON.stringify(status.body)).not.toContain(simulator().realmId);
  });

  it('keeps tokens and realm in the database only as ciphertext', async () => {
    const rows = await testServer.server.services.db.$queryRaw<
      Array<Record<string, unknown>>
    >`SELECT * FROM integration_connections`;
    const dump = JSON.stringify(rows);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.encryptedSecrets).toMatch(/^v1\./);
    const tokens = issuedTokens();
    expect(tokens.length).toBeGreaterThan(1);
    for (const token of tokens) {
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(token.slice(-24));
    }
    expect(dump).not.toContain(simulator().realmId);
    // ...and still usable by the app.
    expect((await connection().tokenStore.load())?.realmId).toBe(simulator().realmId);
  });

  it('refuses an authorization code used before, even with a fresh state', async () => {
    const firstUrl = await startAuthorization();
    const first = await approveInBrowserLikeWay(firstUrl);
    expect((await admin.get(callbackPath(first))).status).toBe(200);
    const freshState = new URL(await startAuthorization()).searchParams.get('state')!;
    const reused = await admin.get(callbackPath(first, { state: freshState }));
    expect(reused.status).toBe(400);
    expect(reused.body.error).toContain('refused the authorization code');
    // The connection made with the code is untouched.
    expect((await admin.post('/api/v1/qbo/test-connection', {})).status).toBe(200);
  });

  it('refreshes the access token when less than five minutes remain', async () => {
    simulator().faults.accessTokenLifetimeSeconds = 240;
    expect((await admin.get('/api/v1/qbo/refresh')).status).toBe(200);
    const short = await connection().tokenStore.load();
    expect((short!.accessTokenExpiresAt.getTime() - Date.now()) / 1000).toBeLessThan(241);
    simulator().faults.accessTokenLifetimeSeconds = 3600;

    const info = await admin.get('/api/v1/qbo/company-info');
    expect(info.status).toBe(200);
    const renewed = await connection().tokenStore.load();
    expect(renewed!.accessToken).not.toBe(short!.accessToken);
    expect(renewed!.refreshToken).not.toBe(short!.refreshToken);
    expect((renewed!.accessTokenExpiresAt.getTime() - Date.now()) / 1000).toBeGreaterThan(3500);
  });

  it('a GET /qbo/refresh arriving from another site changes nothing; the app refreshes with a POST', async () => {
    const before = await connection().tokenStore.load();
    const crossSite = await admin.request('GET', '/api/v1/qbo/refresh', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({
      success: false,
      error: expect.stringContaining('Cross-site request refused'),
    });
    const foreignOrigin = await admin.request('GET', '/api/v1/qbo/refresh', undefined, {
      origin: 'https://evil.example',
    });
    expect(foreignOrigin.status).toBe(403);
    const overTrpc = await admin.request('GET', '/trpc/qbo.refresh', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(overTrpc.status).toBe(403);
    expect((await connection().tokenStore.load())!.refreshToken).toBe(before!.refreshToken);

    const posted = await admin.post('/api/v1/qbo/refresh', {});
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ success: true, message: 'Token refreshed successfully' });
    const afterPost = await connection().tokenStore.load();
    expect(afterPost!.refreshToken).not.toBe(before!.refreshToken);

    // Scripts keep the spec's GET with an API token, whatever headers they send.
    const token = (await admin.post('/api/v1/auth/tokens', { name: 'refresh script' })).body.data.token as string;
    const script = await testServer
      .anonymous()
      .withBearer(token)
      .request('GET', '/api/v1/qbo/refresh', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(script.status).toBe(200);
    expect((await connection().tokenStore.load())!.refreshToken).not.toBe(afterPost!.refreshToken);
  });

  it('refreshes after a 401 with the lower-case fault and carries on', async () => {
    simulator().faults.authFaultCasing = 'lower';
    const before = await connection().tokenStore.load();
    simulator().expireAccessTokens();
    const found = await admin.get(
      `/api/v1/qbo/customers/search/display-name?${new URLSearchParams({ displayName: "Amy's Bird Sanctuary" })}`,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      success: true,
      found: true,
      data: {
        DisplayName: "Amy's Bird Sanctuary",
        GivenName: 'Amy',
        FamilyName: 'Lauterbach',
        PrimaryEmailAddr: { Address: 'Birds@Intuit.com' },
        BillAddr: { Line1: '4581 Finch St.' },
      },
    });
    expect((await connection().tokenStore.load())!.accessToken).not.toBe(before!.accessToken);

    const missing = await admin.get('/api/v1/qbo/customers/search/display-name?displayName=Nobody%20Here');
    expect(missing.body).toMatchObject({
      success: true,
      found: false,
      data: null,
      error: expect.stringContaining('Nobody Here'),
    });
  });

  it('finds a customer whose display name holds a backslash, and says "not found" for one ending in a backslash', async () => {
    // QuickBooks reads a backslash in a query literal as an escape: `'a\\'` never closes.
    const searchFor = (displayName: string) =>
      admin.get(`/api/v1/qbo/customers/search/display-name?${new URLSearchParams({ displayName })}`);
    const amy = simulator()
      .customers()
      .find((customer) => customer.DisplayName === "Amy's Bird Sanctuary")!;
    simulator().renameCustomer(amy.Id, "Amy's Birds \\ Finches\\");
    try {
      const found = await searchFor("Amy's Birds \\ Finches\\");
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ found: true, data: { Id: amy.Id, DisplayName: "Amy's Birds \\ Finches\\" } });
      // A name that only starts the same is not the customer: the lookup is exact.
      const partial = await searchFor("Amy's Birds \\");
      expect(partial.status).toBe(200);
      expect(partial.body).toMatchObject({ found: false, data: null });
      expect((await searchFor('a\\')).body).toMatchObject({ found: false, data: null });
      // The type-ahead finds it by any part, backslash included.
      const typed = await admin.get(`/api/v1/qbo/customers/search?${new URLSearchParams({ q: 'Finches\\' })}`);
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      expect(JSON.stringify(typed.body)).toContain(amy.Id);
    } finally {
      simulator().renameCustomer(amy.Id, "Amy's Bird Sanctuary");
    }
  });

  it('keeps the newest refresh token when two processes refresh at once', async () => {
    const { db, config } = testServer.server.services;
    const base = connection().config()!;
    // A second connection object stands for another process: its own in-process queue, the same database lock.
    const other = new QboConnection({ db, appSecret: config.appSecret, simulated: true, resolveConfig: () => base });
    const before = await connection().tokenStore.load();
    const results = await Promise.allSettled([
      connection().refreshTokens(null),
      other.refreshTokens(null),
      connection().refreshTokens(null),
      other.refreshTokens(null),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const after = await connection().tokenStore.load();
    expect(after!.refreshToken).not.toBe(before!.refreshToken);
    // The stored refresh token is the live one: refreshing again works.
    expect((await admin.get('/api/v1/qbo/refresh')).status).toBe(200);
    expect((await admin.get('/api/v1/qbo/status')).body.data.connected).toBe(true);
  });

  it('holds the refresh lock across processes (a PostgreSQL advisory lock), not just within one', async () => {
    const { db, config } = testServer.server.services;
    const processA = createDbQboTokenStore(db, config.appSecret);
    const processB = createDbQboTokenStore(db, config.appSecret);
    const order: string[] = [];
    let releaseA!: () => void;
    const aHolds = new Promise<void>((resolve) => (releaseA = resolve));
    let aEntered!: () => void;
    const aIsIn = new Promise<void>((resolve) => (aEntered = resolve));
    const a = processA.withRefreshLock(async () => {
      order.push('a-in');
      aEntered();
      await aHolds;
      order.push('a-out');
    });
    await aIsIn;
    const b = processB.withRefreshLock(async () => {
      order.push('b-in');
    });
    // B is blocked in the database while A holds the lock.
    const bFinishedEarly = await Promise.race([
      b.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 400)),
    ]);
    expect(bFinishedEarly).toBe(false);
    releaseA();
    await Promise.all([a, b]);
    expect(order).toEqual(['a-in', 'a-out', 'b-in']);
  });

  it('creates one invoice when the same request is sent twice with one requestid', async () => {
    const client = await connection().getClient();
    expect(client).not.toBeNull();
    const customer = await client!.findCustomerByDisplayName('Cool Cars');
    const item = await client!.ensureServiceItem();
    const countBefore = simulator().invoices().length;
    const invoice = {
      CustomerRef: { value: customer!.Id },
      DocNumber: 'PB-TEST-1',
      Line: [
        {
          DetailType: 'SalesItemLineDetail' as const,
          Amount: 12.5,
          Description: 'Phone usage',
          SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 250, UnitPrice: 0.05 },
        },
      ],
    };
    const first = await client!.createInvoice(invoice, { requestId: 'job-1-customer-cool-cars' });
    const second = await client!.createInvoice(invoice, { requestId: 'job-1-customer-cool-cars' });
    expect(second.Id).toBe(first.Id);
    expect(simulator().invoices().length).toBe(countBefore + 1);
    expect(first.TotalAmt).toBe(12.5);
  });

  it('records a broken connection, rings the bell once, and recovers on re-authorization', async () => {
    const tokens = await connection().tokenStore.load();
    // Someone revokes the app in QuickBooks.
    const revoke = await fetch(`${connection().config()!.simulatorBaseUrl}/oauth2/v1/tokens/revoke`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${simulator().credentials.clientId}:${simulator().credentials.clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token: tokens!.refreshToken }),
    });
    expect(revoke.status).toBe(200);
    const refused = await admin.get('/api/v1/qbo/refresh');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('Connect QuickBooks again');
    expect((await admin.post('/api/v1/qbo/test-connection', {})).status).toBeGreaterThanOrEqual(400);

    const status = (await admin.get('/api/v1/qbo/status')).body.data;
    expect(status).toMatchObject({ connected: false, hasTokens: true });
    expect(status.lastError).toEqual(expect.any(String));
    const bell = await testServer.server.services.db.notification.findMany({ where: { kind: 'integration' } });
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({
      link: '/qbo-setup',
      message: expect.stringContaining('QuickBooks connection failed'),
    });

    const redirect = await approveInBrowserLikeWay(await startAuthorization());
    expect((await admin.get(callbackPath(redirect))).status).toBe(200);
    expect((await admin.get('/api/v1/qbo/status')).body.data).toMatchObject({ connected: true, lastError: null });
  });

  it('links invoices to their page in QuickBooks, which the simulator serves', async () => {
    const links = await admin.get('/api/v1/qbo/invoice-links');
    expect(links.status).toBe(200);
    // The page opens on the origin the browser uses, under the simulator's mount.
    expect(links.body.data.invoicePageBase).toBe(`${testServer.url}/sim/qbo/app/invoice?txnId=`);
    const invoice = simulator().invoices()[0]!;
    const page = await fetch(`${links.body.data.invoicePageBase}${invoice.Id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Invoice no. ${invoice.DocNumber}`);
    expect(html).toContain(`$${invoice.TotalAmt.toFixed(2)}`);
    expect((await fetch(`${links.body.data.invoicePageBase}no-such-invoice`)).status).toBe(404);
  });

  it('says so when the consent page was denied, and spends the state', async () => {
    const authUrl = await startAuthorization();
    const state = new URL(authUrl).searchParams.get('state')!;
    const denied = await admin.get(`/api/v1/qbo/callback?${new URLSearchParams({ error: 'access_denied', state })}`);
    expect(denied.status).toBe(400);
    expect(denied.body.error).toBe(
      'Access was denied on the QuickBooks consent page, so QuickBooks is not connected. Start the authorization again and choose Approve to connect.',
    );
    expect(
      (await admin.get(`/api/v1/qbo/callback?${new URLSearchParams({ error: 'access_denied', state })}`)).body.error,
    ).toContain('Invalid or expired authorization state');
    // The company stays connected as it was.
    expect((await admin.get('/api/v1/qbo/status')).body.data.connected).toBe(true);
  });

  it('disconnects: revokes the grant at QuickBooks, deletes the tokens, audits it', async () => {
    const tokens = (await connection().tokenStore.load())!;
    const answer = await admin.post('/api/v1/qbo/disconnect', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'QuickBooks disconnected',
      data: { revokedAtQuickBooks: true, companyName: 'Bayshore Voice Services' },
    });
    expect((await admin.get('/api/v1/qbo/status')).body.data).toMatchObject({
      authenticated: false,
      hasTokens: false,
      companyInfo: { companyName: null },
    });
    expect(await connection().tokenStore.load()).toBeNull();
    // QuickBooks no longer honours the old refresh token.
    const refresh = await fetch(`${connection().config()!.simulatorBaseUrl}/oauth2/v1/tokens/bearer`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${simulator().credentials.clientId}:${simulator().credentials.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }).toString(),
    });
    expect(refresh.status).toBe(400);
    const audit = (await admin.get('/api/v1/audit-log?limit=50')).body.data as Array<{
      action: string;
      details: unknown;
    }>;
    expect(audit.find((entry) => entry.action === 'qbo.disconnected')?.details).toEqual({ revokedAtQuickBooks: true });
    const again = await admin.post('/api/v1/qbo/disconnect', {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('QuickBooks is not connected: there is nothing to disconnect.');

    // Re-authorizing connects it again.
    const redirect = await approveInBrowserLikeWay(await startAuthorization());
    expect((await admin.get(callbackPath(redirect))).status).toBe(200);
    expect((await admin.get('/api/v1/qbo/status')).body.data.connected).toBe(true);
  });

  it('asks for the right permissions', async () => {
    const anonymous = testServer.anonymous();
    expect((await anonymous.get('/api/v1/qbo/status')).status).toBe(401);
    expect((await anonymous.get('/api/v1/qbo/callback?code=a&state=b&realmId=c')).status).toBe(401);
    expect((await admin.get('/api/v1/qbo/customers/search/display-name')).status).toBe(400);
  });
});
