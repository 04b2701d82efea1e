import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../../../test/server';

/**
 * The findings of issue 13 about bad input at the REST edge: strict JSON types, text rules,
 * limits, literal searches, and the envelope on Fastify's own answers. Each rejected write is
 * checked to have changed nothing.
 */

let server: TestServer;
let admin: RestClient;
const profileBody = { genesysQueueNames: ['Strict Queue'], qboDisplayName: 'Strict Co', ratePerMinute: '0.05' };
let profileId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_DATA: '0' } });
  admin = await server.admin();
  const created = await admin.post('/api/v1/customer-profiles', profileBody);
  expect(created.status).toBe(201);
  profileId = created.body.data.id;
});
afterAll(() => server?.stop());

const db = () => server.server.services.db;

function expectEnvelope(answer: { status: number; body: any }, status: number, message?: string | RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ success: false });
  expect(typeof answer.body.error).toBe('string');
  expect(answer.body.message).toBe(answer.body.error);
  if (message instanceof RegExp) expect(answer.body.error).toMatch(message);
  else if (message) expect(answer.body.error).toBe(message);
}

describe('JSON bodies are taken strictly: "false" is never true', () => {
  it('PUT /settings with killSwitch.enabled "false" is a 400 naming the field; the kill switch stays off', async () => {
    const answer = await admin.put('/api/v1/settings', { killSwitch: { enabled: 'false' } });
    expectEnvelope(answer, 400, 'killSwitch.enabled must be true or false');
    expect(answer.body.errors).toContainEqual({
      msg: 'killSwitch.enabled must be true or false',
      path: 'killSwitch.enabled',
    });
    expect((await db().organizationSettings.findUniqueOrThrow({ where: { id: 1 } })).killSwitchEnabled).toBe(false);
  });

  it('the same body over /trpc is refused too (schemas are never coerced in place)', async () => {
    await admin.put('/api/v1/settings', { killSwitch: { enabled: 'false' } });
    const answer = await admin.request('POST', '/trpc/settings.update', { killSwitch: { enabled: 'false' } });
    expect(answer.status).toBe(400);
    expect((await db().organizationSettings.findUniqueOrThrow({ where: { id: 1 } })).killSwitchEnabled).toBe(false);
  });

  it('POST /billing/run with isDryRun "" is a 400 and starts no job', async () => {
    const jobsBefore = await db().billingJob.count();
    const answer = await admin.post('/api/v1/billing/run', {
      billingPeriodStart: '2026-01-01',
      billingPeriodEnd: '2026-01-31',
      isDryRun: '',
      selectedQueues: ['Strict Queue'],
    });
    expectEnvelope(answer, 400, 'isDryRun must be true or false');
    expect(await db().billingJob.count()).toBe(jobsBefore);
  });

  it('PUT /customer-profiles/{id} with isActive "false" is a 400; the profile stays active', async () => {
    const answer = await admin.put(`/api/v1/customer-profiles/${profileId}`, { ...profileBody, isActive: 'false' });
    expectEnvelope(answer, 400, /^isActive must be true or false/);
    expect((await db().customerProfile.findUniqueOrThrow({ where: { id: profileId } })).isActive).toBe(true);
  });

  it('minimumMinutes true is a 400, not 1 minute', async () => {
    const answer = await admin.put(`/api/v1/customer-profiles/${profileId}`, { ...profileBody, minimumMinutes: true });
    expectEnvelope(answer, 400, 'Minimum minutes must be a whole number of zero or more');
    expect((await db().customerProfile.findUniqueOrThrow({ where: { id: profileId } })).minimumMinutes).toBe(0);
  });

  it('sign-in with rememberMe "false" is a 400 and sets no cookie', async () => {
    const answer = await server.anonymous().post('/api/v1/auth/sign-in', { ...TEST_ADMIN, rememberMe: 'false' });
    expectEnvelope(answer, 400, /^rememberMe must be true or false/);
    expect(answer.headers.getSetCookie().some((cookie: string) => cookie.startsWith('pb_session='))).toBe(false);
  });

  it('rates still accept numeric text and numbers (DESIGN §6)', async () => {
    const asText = await admin.put(`/api/v1/customer-profiles/${profileId}`, {
      ...profileBody,
      ratePerMinute: '0.0725',
    });
    expect(asText.status).toBe(200);
    expect(asText.body.data.ratePerMinute).toBe('0.0725');
    const asNumber = await admin.put(`/api/v1/customer-profiles/${profileId}`, { ...profileBody, ratePerMinute: 0.05 });
    expect(asNumber.body.data.ratePerMinute).toBe('0.05');
  });

  it('a body that is not a JSON object is a 400', async () => {
    expectEnvelope(
      await admin.request('POST', '/api/v1/regions', '[1,2]'),
      400,
      'The request body must be a JSON object',
    );
    expectEnvelope(
      await admin.request('POST', '/api/v1/regions', '"Region"'),
      400,
      'The request body must be a JSON object',
    );
  });
});

describe('query strings parse "true"/"false" and digits explicitly', () => {
  it('reads page, limit and the yes/no filters', async () => {
    const answer = await admin.get('/api/v1/customer-profiles?page=1&limit=1&isActive=true');
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(answer.body.data).toHaveLength(1);
  });

  it('refuses what is not a number or a yes/no, naming the parameter', async () => {
    expectEnvelope(await admin.get('/api/v1/customer-profiles?page=abc'), 400, /^page must be a number/);
    expectEnvelope(await admin.get('/api/v1/customer-profiles?page='), 400, /^page must be a number/);
    expectEnvelope(await admin.get('/api/v1/customer-profiles?isActive=yes'), 400, /^isActive/);
    expectEnvelope(await admin.get('/api/v1/genesys/users?limit=1&limit=2'), 400, /^limit must be a number/);
  });
});

describe('text rules: control characters, unpaired surrogates, invisible characters', () => {
  it('a NUL byte in a region name is a 400 naming the field, and no region is made', async () => {
    const before = await db().region.count();
    const answer = await admin.post('/api/v1/regions', { name: 'Reg\u0000ion' });
    expectEnvelope(answer, 400, 'Region name cannot contain control characters');
    expect(answer.body.errors).toContainEqual({ msg: 'Region name cannot contain control characters', path: 'name' });
    expect(await db().region.count()).toBe(before);
  });

  it('NUL in a search, a QuickBooks callback code and a path id: 400, never 500', async () => {
    expectEnvelope(
      await admin.get('/api/v1/customer-profiles?search=a%00b'),
      400,
      'Search cannot contain control characters',
    );
    expectEnvelope(
      await admin.get('/api/v1/qbo/callback?code=%00abc&state=x&realmId=1'),
      400,
      'code cannot contain control characters',
    );
    expectEnvelope(await admin.delete('/api/v1/regions/ab%00cd'), 400, 'Id cannot contain control characters');
    expectEnvelope(await admin.get('/api/v1/billing/jobs/%00'), 400, /Job id/);
  });

  it('an unpaired surrogate in a customer name is a 400 and the profile keeps its name', async () => {
    const answer = await admin.request(
      'PUT',
      `/api/v1/customer-profiles/${profileId}`,
      `{"genesysQueueNames":["Strict Queue"],"qboDisplayName":"Acme \\ud800"}`,
    );
    expectEnvelope(answer, 400, 'QBO Display Name contains invalid Unicode (an unpaired surrogate)');
    expect((await db().customerProfile.findUniqueOrThrow({ where: { id: profileId } })).qboDisplayName).toBe(
      'Strict Co',
    );
  });

  it('NUL inside the QuickBooks snapshot (stored as jsonb) is a 400', async () => {
    const answer = await admin.put(`/api/v1/customer-profiles/${profileId}`, {
      ...profileBody,
      qboMetadata: { Notes: 'a\u0000b' },
    });
    expectEnvelope(answer, 400, /^QuickBooks snapshot \(qboMetadata\) cannot contain control characters/);
  });

  it('invisible characters are refused in names and permission keys', async () => {
    expectEnvelope(
      await admin.post('/api/v1/regions', { name: '\u200B\u200B' }),
      400,
      'Region name cannot contain invisible formatting characters',
    );
    expectEnvelope(
      await admin.post('/api/v1/regions', { name: 'North\u202Ehtron' }),
      400,
      'Region name cannot contain invisible formatting characters',
    );
    const keys = await db().action.count();
    expectEnvelope(
      await admin.post('/api/v1/access-control/actions', { key: 'reports:\u200Bexport', description: 'Export' }),
      400,
      'Permission key cannot contain invisible formatting characters',
    );
    expectEnvelope(
      await admin.post('/api/v1/access-control/actions', { key: 'reports:\u0007', description: 'Export' }),
      400,
      'Permission key cannot contain control characters',
    );
    expect(await db().action.count()).toBe(keys);
  });

  it('customer-profile names: the messages the profile form shows (e2e/customer-profiles), from the same schema', async () => {
    expectEnvelope(
      await admin.put(`/api/v1/customer-profiles/${profileId}`, {
        ...profileBody,
        qboDisplayName: 'Amy\u200Bs Bird Sanctuary',
      }),
      400,
      'QBO Display Name cannot contain invisible formatting characters',
    );
    expectEnvelope(
      await admin.put(`/api/v1/customer-profiles/${profileId}`, {
        ...profileBody,
        genesysQueueNames: ['Bird\u0007Line'],
      }),
      400,
      'Queue name cannot contain control characters',
    );
    expect((await db().customerProfile.findUniqueOrThrow({ where: { id: profileId } })).qboDisplayName).toBe(
      'Strict Co',
    );
  });

  it('notes keep their line breaks and tabs', async () => {
    const answer = await admin.put(`/api/v1/customer-profiles/${profileId}`, {
      ...profileBody,
      notes: 'line one\n\tline two',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.notes).toBe('line one\n\tline two');
  });
});

describe('limits a real user never reaches', () => {
  it('a 921,600-character display name is a 400', async () => {
    const answer = await admin.put(`/api/v1/customer-profiles/${profileId}`, {
      ...profileBody,
      qboDisplayName: 'x'.repeat(921_600),
    });
    expectEnvelope(answer, 400, 'QBO Display Name cannot be longer than 200 characters');
  });

  it('20,000 queue names on one profile are a 400, and the profile keeps its queues', async () => {
    const names = Array.from({ length: 20_000 }, (_, index) => `Queue ${index}`);
    const answer = await admin.put(`/api/v1/customer-profiles/${profileId}`, {
      ...profileBody,
      genesysQueueNames: names,
    });
    expectEnvelope(answer, 400, 'A profile cannot hold more than 100 queue names');
    expect(await db().customerProfileQueue.count({ where: { profileId } })).toBe(1);
  });

  it('a billing run with 50,000 selected queues is a 400 and starts no job', async () => {
    const jobsBefore = await db().billingJob.count();
    const answer = await admin.post('/api/v1/billing/run', {
      billingPeriodStart: '2026-01-01',
      billingPeriodEnd: '2026-01-31',
      isDryRun: true,
      selectedQueues: Array.from({ length: 50_000 }, (_, index) => `Q${index}`),
    });
    expectEnvelope(answer, 400, 'Selected queues cannot hold more than 1000 entries');
    expect(await db().billingJob.count()).toBe(jobsBefore);
  });

  it('notes over 2,000 characters are a 400; 2,000 are kept', async () => {
    expectEnvelope(
      await admin.put(`/api/v1/customer-profiles/${profileId}`, { ...profileBody, notes: 'n'.repeat(2001) }),
      400,
      'Notes cannot be longer than 2000 characters',
    );
    const kept = await admin.put(`/api/v1/customer-profiles/${profileId}`, { ...profileBody, notes: 'n'.repeat(2000) });
    expect(kept.status).toBe(200);
    expect(kept.body.data.notes).toHaveLength(2000);
  });

  it('an id longer than any record id is a 400 naming it', async () => {
    expectEnvelope(
      await admin.get(`/api/v1/billing/jobs/${'j'.repeat(500)}`),
      400,
      'Job id cannot be longer than 100 characters',
    );
  });
});

describe('searches match LIKE wildcards literally', () => {
  it('"%" and "_" find only names that hold them', async () => {
    const percent = await admin.post('/api/v1/customer-profiles', {
      genesysQueueNames: ['Percent Queue'],
      qboDisplayName: '100% Calls',
    });
    expect(percent.status).toBe(201);
    const underscored = await admin.post('/api/v1/customer-profiles', {
      genesysQueueNames: ['Under_Score'],
      qboDisplayName: 'Under Co',
    });
    expect(underscored.status).toBe(201);
    const names = async (query: string) =>
      ((await admin.get(`/api/v1/customer-profiles?${query}`)).body.data as Array<{ qboDisplayName: string }>).map(
        (profile) => profile.qboDisplayName,
      );
    expect(await names('search=%25')).toEqual(['100% Calls']);
    expect(await names('search=_')).toEqual(['Under Co']);
    expect(await names('queueName=under_score')).toEqual(['Under Co']);
    expect(await names('queueName=under%25')).toEqual([]);
  });

  it('a region named "N%" is not taken for a duplicate of "North"', async () => {
    expect((await admin.post('/api/v1/regions', { name: 'North' })).status).toBe(201);
    expect((await admin.post('/api/v1/regions', { name: 'N%' })).status).toBe(201);
    expect((await admin.post('/api/v1/regions', { name: 'north' })).status).toBe(409);
  });
});

describe("Fastify's own answers carry the envelope", () => {
  it('431 for a 70,000-character query', async () => {
    const answer = await admin.get(`/api/v1/auth/me?q=${'a'.repeat(70_000)}`);
    expectEnvelope(answer, 431, 'Request headers or URL too large (at most 16 KB)');
  });

  it('404 for an unknown path and 405 (with Allow) for a known path with another method', async () => {
    expectEnvelope(await admin.get('/api/v1/no/such/path'), 404, 'No such API path: GET /api/v1/no/such/path');
    const wrongMethod = await admin.delete('/api/v1/auth/me');
    expectEnvelope(wrongMethod, 405, /not allowed/);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
    expect((await admin.request('PATCH', `/api/v1/customer-profiles/${profileId}`, {})).headers.get('allow')).toBe(
      'GET, PUT, DELETE, HEAD',
    );
  });

  it('413 for a body over 1 MiB and 415 for a body that is not JSON', async () => {
    const before = await db().region.count();
    expectEnvelope(
      await admin.post('/api/v1/regions', { name: 'Big', description: 'x'.repeat(1_100_000) }),
      413,
      'Request body too large (at most 1 MiB)',
    );
    expectEnvelope(
      await admin.request('POST', '/api/v1/regions', 'name=North', { 'content-type': 'text/plain' }),
      415,
      /JSON/,
    );
    expect(await db().region.count()).toBe(before);
  });
});

describe('bodies in UTF-8 only, and Node-level refusals in the envelope (issue 25)', () => {
  const sendBytes = async (bytes: Uint8Array, contentType: string) => {
    const response = await fetch(`${server.url}/api/v1/regions`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    });
    return { status: response.status, body: JSON.parse(await response.text()) };
  };

  it('a charset other than UTF-8 is a 415 saying so; charset=utf-8 is taken', async () => {
    const before = await db().region.count();
    const utf16 = new Uint8Array(Buffer.from('{"name":"Sixteen"}', 'utf16le'));
    expectEnvelope(
      await sendBytes(utf16, 'application/json; charset=utf-16'),
      415,
      'Unsupported charset "utf-16": send the JSON body in UTF-8 (Content-Type: application/json)',
    );
    expectEnvelope(
      await sendBytes(new Uint8Array(Buffer.from('{"name":"Latin"}')), 'application/json; charset="ISO-8859-1"'),
      415,
      /^Unsupported charset "iso-8859-1"/,
    );
    expect(await db().region.count()).toBe(before);
    const utf8 = await admin.request('POST', '/api/v1/regions', JSON.stringify({ name: 'Zoë Eight' }), {
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(utf8.status).toBe(201);
    expect(utf8.body.data.name).toBe('Zoë Eight');
  });

  it('bytes that are not UTF-8 are a 400 "Request body is not valid UTF-8", not a Content-Length complaint', async () => {
    const before = await db().region.count();
    for (const bytes of [
      [0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d],
      [0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d],
      [0xed, 0xa0, 0x80],
    ]) {
      expectEnvelope(
        await sendBytes(new Uint8Array(bytes), 'application/json'),
        400,
        'Request body is not valid UTF-8',
      );
    }
    expect(await db().region.count()).toBe(before);
  });

  it('/trpc takes bodies by the same rules', async () => {
    const before = await db().region.count();
    const post = (bytes: Uint8Array, contentType: string) =>
      fetch(`${server.url}/trpc/regions.createRegion`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
      });
    const utf16 = await post(
      new Uint8Array(Buffer.from('{"name":"Sixteen"}', 'utf16le')),
      'application/json; charset=utf-16',
    );
    expect(utf16.status).toBe(415);
    expect(await utf16.text()).toContain('Unsupported charset \\"utf-16\\"');
    const invalid = await post(
      new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
      'application/json',
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Request body is not valid UTF-8');
    expect(await db().region.count()).toBe(before);
  });

  it('an HTTP/1.1 request without Host gets a 400 in the envelope, and the connection is closed', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () =>
        socket.write('GET /api/v1/system/info HTTP/1.1\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head!.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body!)).toEqual({
      success: false,
      error: 'Malformed HTTP request: an HTTP/1.1 request needs a Host header',
      message: 'Malformed HTTP request: an HTTP/1.1 request needs a Host header',
    });
  });
});

describe('without TRUST_PROXY', () => {
  it('X-Forwarded-For is not believed: limits count the real peer address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const answer = await admin.request(
        'POST',
        '/api/v1/auth/tokens',
        { name: `forged ${attempt}` },
        { 'x-forwarded-for': `203.0.113.${attempt}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('operations added after the text rules obey them too', () => {
  it('releasing an invoice: NUL in the QuickBooks id or the reason is a 400, never a 500', async () => {
    expectEnvelope(
      await admin.post('/api/v1/billing/invoices/12%0034/release', { reason: 'Voided in QuickBooks' }),
      400,
      'QuickBooks invoice id cannot contain control characters',
    );
    expectEnvelope(
      await admin.post('/api/v1/billing/invoices/1234/release', { reason: 'Voided\u0000' }),
      400,
      'Reason cannot contain control characters',
    );
    expectEnvelope(
      await admin.post('/api/v1/billing/invoices/1234/release', { reason: 'x'.repeat(2001) }),
      400,
      'Reason cannot be longer than 2000 characters',
    );
  });

  it("a job's calls as CSV: NUL in the job id is a 400 in the envelope, never a 500", async () => {
    const answer = await admin.get(`/api/v1/billing/jobs/ab%00cd/calls.csv?profileId=${profileId}`);
    expectEnvelope(answer, 400, 'Job id cannot contain control characters');
  });
});
