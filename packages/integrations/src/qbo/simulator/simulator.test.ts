import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQboSimulator, type QboSimulator, type QboSimulatorOptions } from './index';

const redirectUri = 'http://app.test/qbo-callback';
const running: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (running.length > 0) await running.pop()?.();
});

async function start(options: QboSimulatorOptions = {}) {
  const simulator = createQboSimulator(options);
  const server = await simulator.listen();
  running.push(server.close);
  return { simulator, url: server.url };
}

function authorizeUrl(base: string, overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: 'sim-qbo-client',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'com.intuit.quickbooks.accounting',
    state: 'state-123',
    ...overrides,
  });
  return `${base}/connect/oauth2?${params}`;
}

const basicAuth = `Basic ${Buffer.from('sim-qbo-client:sim-qbo-secret').toString('base64')}`;

function postToken(base: string, form: Record<string, string>) {
  return fetch(`${base}/oauth2/v1/tokens/bearer`, {
    method: 'POST',
    headers: {
      Authorization: basicAuth,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: new URLSearchParams(form),
  });
}

async function connect(simulator: QboSimulator, base: string) {
  const redirect = new URL(await simulator.approve(authorizeUrl(base)));
  const response = await postToken(base, {
    grant_type: 'authorization_code',
    code: redirect.searchParams.get('code') ?? '',
    redirect_uri: redirectUri,
  });
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

function api(base: string, simulator: QboSimulator, accessToken: string, resource: string, init: RequestInit = {}) {
  return fetch(`${base}/v3/company/${simulator.realmId}/${resource}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}

const phoneInvoice = (overrides: Record<string, unknown> = {}) => ({
  CustomerRef: { value: '1' },
  Line: [
    {
      DetailType: 'SalesItemLineDetail',
      Amount: 12.5,
      SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 250, UnitPrice: 0.05 },
    },
  ],
  ...overrides,
});

describe('QuickBooks simulator: authorization', () => {
  it('serves a consent page whose form posts back to where it was served from', async () => {
    const { url } = await start();
    const page = await fetch(authorizeUrl(url));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('id="approve"');
    expect(html).toContain('id="deny"');
    expect(html).toContain('action="oauth2"');
  });

  it('works mounted under a path prefix: the form posts to the mounted path and approves', async () => {
    const simulator = createQboSimulator();
    const app = createServer((req, res) => {
      req.url = (req.url ?? '/').replace(/^\/sim\/qbo/, '') || '/';
      simulator.handle(req, res);
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    running.push(() => new Promise<void>((resolve) => app.close(() => resolve())));
    const address = app.address();
    const mounted = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sim/qbo`;

    const pageUrl = authorizeUrl(mounted);
    const html = await (await fetch(pageUrl)).text();
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', pageUrl);
    expect(action.pathname).toBe('/sim/qbo/connect/oauth2');
    const fields = Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]),
    );
    const decision = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ ...fields, decision: 'approve' }),
    });
    expect(decision.status).toBe(302);
    expect(new URL(decision.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
  });

  it('refuses an unknown client_id or a malformed redirect_uri without redirecting', async () => {
    const { url } = await start();
    const wrongClient = await fetch(authorizeUrl(url, { client_id: 'someone-else' }), { redirect: 'manual' });
    const badRedirect = await fetch(authorizeUrl(url, { redirect_uri: 'not a url' }), { redirect: 'manual' });
    expect(wrongClient.status).toBe(400);
    expect(badRedirect.status).toBe(400);
  });

  it('sends the browser back with code, state and realmId on approve, error=access_denied on deny', async () => {
    const { simulator, url } = await start();
    const decide = (decision: string) =>
      fetch(`${url}/connect/oauth2`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          client_id: 'sim-qbo-client',
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'com.intuit.quickbooks.accounting',
          state: 'state-123',
          decision,
        }),
      });
    const approved = new URL((await decide('approve')).headers.get('location') ?? '');
    expect(approved.origin + approved.pathname).toBe(redirectUri);
    expect(approved.searchParams.get('code')).toBeTruthy();
    expect(approved.searchParams.get('state')).toBe('state-123');
    expect(approved.searchParams.get('realmId')).toBe(simulator.realmId);

    const denied = await decide('deny');
    expect(denied.status).toBe(302);
    expect(new URL(denied.headers.get('location') ?? '').search).toBe('?error=access_denied&state=state-123');
  });

  it('starts disconnected and refuses API calls without a token in the lower-case 401 fault', async () => {
    const { simulator, url } = await start();
    expect(simulator.isConnected()).toBe(false);
    const response = await api(url, simulator, 'no-such-token', `companyinfo/${simulator.realmId}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ fault: { error: [{ code: '3200' }], type: 'AUTHENTICATION' } });
  });

  it('exchanges a code once; the same code again is invalid_grant', async () => {
    const { simulator, url } = await start();
    const code = new URL(await simulator.approve(authorizeUrl(url))).searchParams.get('code') ?? '';
    const first = await postToken(url, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      x_refresh_token_expires_in: 8726400,
    });
    const second = await postToken(url, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('rotates refresh tokens: a spent one is invalid_grant, the new one works', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const refreshed = await (
      await postToken(url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    ).json();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const reused = await postToken(url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await postToken(url, { grant_type: 'refresh_token', refresh_token: refreshed.refresh_token })).status).toBe(
      200,
    );
  });

  it('revoking disconnects: the access token stops working', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const revoke = await fetch(`${url}/oauth2/v1/tokens/revoke`, {
      method: 'POST',
      headers: { Authorization: basicAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: tokens.refresh_token }),
    });
    expect(revoke.status).toBe(200);
    expect(simulator.isConnected()).toBe(false);
    expect((await api(url, simulator, tokens.access_token, 'query?query=select%20*%20from%20Item')).status).toBe(401);
  });

  it('answers expired access tokens with 401 code 3200, in the capitalised Fault when asked', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    simulator.expireAccessTokens();
    simulator.faults.authFaultCasing = 'upper';
    const response = await api(url, simulator, tokens.access_token, `companyinfo/${simulator.realmId}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      Fault: { Error: [{ code: '3200', Detail: expect.stringContaining('Token expired') }] },
    });
  });
});

describe('QuickBooks simulator: accounting API', () => {
  it('returns the seeded company with the fields the company page shows', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const response = await api(url, simulator, tokens.access_token, `companyinfo/${simulator.realmId}?minorversion=75`);
    expect(response.headers.get('intuit_tid')).toMatch(/^1-[0-9a-f]{8}-[0-9a-f]{24}$/);
    const { CompanyInfo: info, time } = await response.json();
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    for (const field of [
      'CompanyName',
      'LegalName',
      'Country',
      'FiscalYearStartMonth',
      'Id',
      'SupportedLanguages',
      'DefaultTimeZone',
      'CompanyStartDate',
      'domain',
      'SyncToken',
    ]) {
      expect(info[field], field).toBeTruthy();
    }
    expect(Object.keys(info.CompanyAddr)).toEqual(
      expect.arrayContaining(['Line1', 'City', 'CountrySubDivisionCode', 'PostalCode', 'Country']),
    );
    expect(info.LegalAddr.Line1).toBeTruthy();
    expect(
      info.Email.Address &&
        info.CustomerCommunicationEmailAddr.Address &&
        info.PrimaryPhone.FreeFormNumber &&
        info.WebAddr.URI,
    ).toBeTruthy();
    expect(info.NameValue.length).toBeGreaterThan(0);
    expect(info.MetaData).toMatchObject({ CreateTime: expect.any(String), LastUpdatedTime: expect.any(String) });
  });

  it('finds a customer with an escaped apostrophe, over GET and POST, and answers {} for no rows', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    expect(simulator.customers()).toHaveLength(12);
    const statement = "select * from Customer where DisplayName = 'Amy\\'s Bird Sanctuary'";
    const viaGet = await (
      await api(url, simulator, tokens.access_token, `query?query=${encodeURIComponent(statement)}`)
    ).json();
    expect(viaGet.QueryResponse.Customer[0]).toMatchObject({
      DisplayName: "Amy's Bird Sanctuary",
      PrimaryEmailAddr: { Address: expect.any(String) },
      BillAddr: { City: expect.any(String) },
    });
    const viaPost = await (
      await api(url, simulator, tokens.access_token, 'query', {
        method: 'POST',
        body: statement,
        headers: { 'Content-Type': 'application/text' },
      })
    ).json();
    expect(viaPost.QueryResponse.Customer).toHaveLength(1);
    const none = await (
      await api(
        url,
        simulator,
        tokens.access_token,
        `query?query=${encodeURIComponent("select * from Customer where DisplayName = 'Nobody'")}`,
      )
    ).json();
    expect(none.QueryResponse).toEqual({});
  });

  it('answers a malformed query with a 400 ValidationFault code 4000', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const response = await api(
      url,
      simulator,
      tokens.access_token,
      `query?query=${encodeURIComponent("select * from Customer where DisplayName = 'Amy's'")}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      Fault: { type: 'ValidationFault', Error: [{ code: '4000', Message: 'Error parsing query' }] },
    });
  });

  it('creates an invoice with the fields QuickBooks adds, and replays it for a repeated requestid', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const send = () =>
      api(url, simulator, tokens.access_token, 'invoice?requestid=job-7-customer-1', {
        method: 'POST',
        body: JSON.stringify(phoneInvoice({ DocNumber: 'PH-2024-06-1' })),
      });
    const first = await send();
    const firstText = await first.text();
    const { Invoice: invoice } = JSON.parse(firstText);
    expect(invoice).toMatchObject({
      DocNumber: 'PH-2024-06-1',
      TotalAmt: 12.5,
      Balance: 12.5,
      CustomerRef: { value: '1', name: "Amy's Bird Sanctuary" },
    });
    expect(invoice.Line.at(-1)).toEqual({ DetailType: 'SubTotalLineDetail', Amount: 12.5, SubTotalLineDetail: {} });
    const second = await send();
    expect(await second.text()).toBe(firstText);
    expect(simulator.invoices()).toHaveLength(1);
  });

  it('creates a second invoice with a taken DocNumber when the company allows duplicates, and lets a person renumber one', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const create = (requestId: string) =>
      api(url, simulator, tokens.access_token, `invoice?requestid=${requestId}`, {
        method: 'POST',
        body: JSON.stringify(phoneInvoice({ DocNumber: 'BJ-7K3F9Q-1' })),
      });
    expect((await create('first')).status).toBe(200);
    expect((await create('second')).status).toBe(400); // 6140 by default
    simulator.faults.allowDuplicateDocNumbers = true;
    expect((await create('third')).status).toBe(200);
    expect(simulator.invoices().map((invoice) => invoice.DocNumber)).toEqual(['BJ-7K3F9Q-1', 'BJ-7K3F9Q-1']);

    const [first] = simulator.invoices();
    simulator.renumberInvoice(first!.Id, 'INV-1001');
    const byOldNumber = await api(
      url,
      simulator,
      tokens.access_token,
      `query?query=${encodeURIComponent("select * from Invoice where DocNumber = 'BJ-7K3F9Q-1'")}`,
    );
    expect(
      ((await byOldNumber.json()) as { QueryResponse: { Invoice?: unknown[] } }).QueryResponse.Invoice,
    ).toHaveLength(1);
    expect(simulator.invoices()[0]).toMatchObject({
      Id: first!.Id,
      DocNumber: 'INV-1001',
      SyncToken: '1',
      TotalAmt: 12.5,
    });
  });

  it('refuses Amount ≠ Qty × UnitPrice (6070), a duplicate DocNumber (6140) and an unknown invoice id (610)', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const create = (body: unknown) =>
      api(url, simulator, tokens.access_token, 'invoice', { method: 'POST', body: JSON.stringify(body) });
    const mismatch = await create(
      phoneInvoice({
        Line: [
          {
            DetailType: 'SalesItemLineDetail',
            Amount: 1000,
            SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 250, UnitPrice: 0.05 },
          },
        ],
      }),
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({
      Fault: { Error: [{ code: '6070', Detail: expect.stringContaining('Supplied value:1,000') }] },
    });
    // 6 × 0.0375 = 0.225 exactly, which rounds half-up to 0.23 (floating point would say 0.2249…).
    const halfCent = await create(
      phoneInvoice({
        Line: [
          {
            DetailType: 'SalesItemLineDetail',
            Amount: 0.23,
            SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 6, UnitPrice: 0.0375 },
          },
        ],
      }),
    );
    expect(halfCent.status).toBe(200);
    const roundedDown = await create(
      phoneInvoice({
        Line: [
          {
            DetailType: 'SalesItemLineDetail',
            Amount: 0.22,
            SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 6, UnitPrice: 0.0375 },
          },
        ],
      }),
    );
    expect(roundedDown.status).toBe(400);

    expect((await create(phoneInvoice({ DocNumber: 'PH-1' }))).status).toBe(200);
    const duplicate = await create(phoneInvoice({ DocNumber: 'PH-1' }));
    expect(await duplicate.json()).toMatchObject({
      Fault: { Error: [{ code: '6140', Message: 'Duplicate Document Number Error' }] },
    });

    const missing = await api(url, simulator, tokens.access_token, 'invoice/99999');
    expect(await missing.json()).toMatchObject({ Fault: { Error: [{ code: '610' }] } });
    expect(simulator.invoices()).toHaveLength(2);
  });

  it('answers the 11th concurrent request of a realm with 429 code 3001', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    let tenHeld = () => {};
    const allHeld = new Promise<void>((resolve) => (tenHeld = resolve));
    const { simulator, url } = await start({
      delay: () => {
        held += 1;
        if (held === 10) tenHeld();
        return gate;
      },
    });
    const tokens = await connect(simulator, url);
    simulator.faults.latencyMs = 1;
    const read = () => api(url, simulator, tokens.access_token, `companyinfo/${simulator.realmId}`);
    const firstTen = Array.from({ length: 10 }, read);
    await allHeld;
    const eleventh = await read();
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toMatchObject({
      Fault: { Error: [{ code: '3001', Message: expect.stringContaining('ThrottleExceeded') }] },
    });
    release();
    expect((await Promise.all(firstTen)).map((response) => response.status)).toEqual(Array(10).fill(200));
  });

  it('allows so many requests a minute per realm, then 429 until the minute has passed', async () => {
    let clock = new Date('2025-06-02T10:00:00Z');
    const { simulator, url } = await start({ requestsPerMinute: 3, now: () => clock });
    const tokens = await connect(simulator, url);
    const read = () => api(url, simulator, tokens.access_token, `companyinfo/${simulator.realmId}`);
    expect([(await read()).status, (await read()).status, (await read()).status, (await read()).status]).toEqual([
      200, 200, 200, 429,
    ]);
    clock = new Date(clock.getTime() + 61_000);
    expect((await read()).status).toBe(200);
  });

  it('runs a batch item by item and refuses more than 30 items', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const batch = (items: unknown[]) =>
      api(url, simulator, tokens.access_token, 'batch', {
        method: 'POST',
        body: JSON.stringify({ BatchItemRequest: items }),
      });
    const response = await batch([
      { bId: 'a', operation: 'create', Invoice: phoneInvoice() },
      { bId: 'b', operation: 'create', Invoice: phoneInvoice({ CustomerRef: { value: '999' } }) },
      { bId: 'c', Query: "select * from Item where Name = 'Phone usage'" },
    ]);
    expect(response.status).toBe(200);
    const { BatchItemResponse: answers } = await response.json();
    expect(answers[0]).toMatchObject({ bId: 'a', Invoice: { TotalAmt: 12.5 } });
    expect(answers[1]).toMatchObject({ bId: 'b', Fault: { Error: [{ code: '2500' }] } });
    expect(answers[2]).toMatchObject({ bId: 'c', QueryResponse: { Item: [{ Name: 'Phone usage', Type: 'Service' }] } });

    const tooMany = await batch(
      Array.from({ length: 31 }, (_, index) => ({ bId: `q${index}`, Query: 'select * from Item' })),
    );
    expect(tooMany.status).toBe(400);
    expect(simulator.invoices()).toHaveLength(1);
  });

  it('loses answers after storing the invoice: a 5xx, then a dropped connection', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    simulator.faults.lostAnswerRate = 1;
    const create = (requestId: string) =>
      api(url, simulator, tokens.access_token, `invoice?requestid=${requestId}`, {
        method: 'POST',
        body: JSON.stringify(phoneInvoice()),
      });

    const failed = await create('lost-1');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    await expect(create('lost-2')).rejects.toThrow();
    expect(simulator.invoices()).toHaveLength(2);

    simulator.faults.lostAnswerRate = 0;
    const retried = await (await create('lost-1')).json();
    expect(retried.Invoice.Id).toBe(simulator.invoices()[0]?.Id);
    expect(simulator.invoices()).toHaveLength(2);
  });

  it('answers the configured share of requests with a 5xx', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    simulator.faults.serverErrorRate = 0.5;
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1)
      statuses.push((await api(url, simulator, tokens.access_token, `companyinfo/${simulator.realmId}`)).status);
    expect(statuses.filter((status) => status >= 500)).toHaveLength(2);
  });

  it('voids an invoice: it stays, with every amount at 0, "Voided" in its note and a new SyncToken', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const created = await api(url, simulator, tokens.access_token, 'invoice', {
      method: 'POST',
      body: JSON.stringify(phoneInvoice({ DocNumber: 'PH-V-1', PrivateNote: 'billing job 12' })),
    });
    const { Invoice: invoice } = await created.json();
    expect(simulator.customers().find((customer) => customer.Id === '1')?.Balance).toBe(12.5);

    const voided = await api(url, simulator, tokens.access_token, 'invoice?operation=void', {
      method: 'POST',
      body: JSON.stringify({ Id: invoice.Id, SyncToken: invoice.SyncToken }),
    });
    expect(voided.status).toBe(200);
    const { Invoice: after, time } = await voided.json();
    expect(time).toEqual(expect.any(String));
    expect(after).toMatchObject({
      Id: invoice.Id,
      DocNumber: 'PH-V-1',
      SyncToken: '1',
      TotalAmt: 0,
      Balance: 0,
      PrivateNote: 'Voided - billing job 12',
    });
    expect(after.Line.map((line: { Amount: number }) => line.Amount)).toEqual([0, 0]);
    expect(simulator.customers().find((customer) => customer.Id === '1')?.Balance).toBe(0);

    const read = await (await api(url, simulator, tokens.access_token, `invoice/${invoice.Id}`)).json();
    expect(read.Invoice).toMatchObject({ TotalAmt: 0, SyncToken: '1' });
    const stale = await api(url, simulator, tokens.access_token, 'invoice?operation=void', {
      method: 'POST',
      body: JSON.stringify({ Id: invoice.Id, SyncToken: '0' }),
    });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({
      Fault: {
        type: 'ValidationFault',
        Error: [{ code: '5010', Message: 'Stale Object Error', element: 'SyncToken' }],
      },
    });
  });

  it('deletes an invoice: answered as Deleted, then 610 on read and gone from queries', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const create = async (docNumber: string) =>
      (
        await (
          await api(url, simulator, tokens.access_token, 'invoice', {
            method: 'POST',
            body: JSON.stringify(phoneInvoice({ DocNumber: docNumber })),
          })
        ).json()
      ).Invoice;
    const kept = await create('PH-D-1');
    const gone = await create('PH-D-2');

    const stale = await api(url, simulator, tokens.access_token, 'invoice?operation=delete', {
      method: 'POST',
      body: JSON.stringify({ Id: gone.Id, SyncToken: '7' }),
    });
    expect(await stale.json()).toMatchObject({ Fault: { Error: [{ code: '5010' }] } });
    const deleted = await api(url, simulator, tokens.access_token, 'invoice?operation=delete', {
      method: 'POST',
      body: JSON.stringify({ Id: gone.Id, SyncToken: gone.SyncToken }),
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      Invoice: { status: 'Deleted', domain: 'QBO', Id: gone.Id },
      time: expect.any(String),
    });

    const read = await api(url, simulator, tokens.access_token, `invoice/${gone.Id}`);
    expect(read.status).toBe(400);
    expect(await read.json()).toMatchObject({ Fault: { Error: [{ code: '610', Message: 'Object Not Found' }] } });
    const again = await api(url, simulator, tokens.access_token, 'invoice?operation=delete', {
      method: 'POST',
      body: JSON.stringify({ Id: gone.Id, SyncToken: gone.SyncToken }),
    });
    expect(await again.json()).toMatchObject({ Fault: { Error: [{ code: '610' }] } });
    expect(simulator.invoices().map((invoice) => invoice.Id)).toEqual([kept.Id]);
  });

  it('finds invoices by Id or DocNumber lists, voided ones included and deleted ones not', async () => {
    const { simulator, url } = await start();
    const tokens = await connect(simulator, url);
    const ids: string[] = [];
    for (const docNumber of ['PH-Q-1', 'PH-Q-2', 'PH-Q-3']) {
      const created = await api(url, simulator, tokens.access_token, 'invoice', {
        method: 'POST',
        body: JSON.stringify(phoneInvoice({ DocNumber: docNumber })),
      });
      ids.push((await created.json()).Invoice.Id);
    }
    simulator.voidInvoice(ids[0] ?? '');
    simulator.deleteInvoice(ids[1] ?? '');
    const query = async (statement: string) =>
      (await (await api(url, simulator, tokens.access_token, `query?query=${encodeURIComponent(statement)}`)).json())
        .QueryResponse;

    const byId = await query(`select * from Invoice where Id in ('${ids.join("', '")}')`);
    expect(byId.Invoice.map((invoice: { Id: string; TotalAmt: number }) => [invoice.Id, invoice.TotalAmt])).toEqual([
      [ids[0], 0],
      [ids[2], 12.5],
    ]);
    const byDocNumber = await query("select * from Invoice where DocNumber in ('PH-Q-1', 'PH-Q-2', 'PH-Q-9')");
    expect(byDocNumber.Invoice.map((invoice: { DocNumber: string }) => invoice.DocNumber)).toEqual(['PH-Q-1']);
    expect(() => simulator.deleteInvoice(ids[1] ?? '')).toThrow('Object Not Found');
  });

  it('keeps invoices and tokens in its state file across restarts', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'qbo-sim-'));
    try {
      const stateFile = join(folder, 'qbo.json');
      const first = await start({ stateFile });
      const tokens = await connect(first.simulator, first.url);
      await api(first.url, first.simulator, tokens.access_token, 'invoice', {
        method: 'POST',
        body: JSON.stringify(phoneInvoice()),
      });
      await running.pop()?.();

      const second = await start({ stateFile });
      expect(second.simulator.invoices()).toHaveLength(1);
      expect(second.simulator.isConnected()).toBe(true);
      expect(
        (await api(second.url, second.simulator, tokens.access_token, `companyinfo/${second.simulator.realmId}`))
          .status,
      ).toBe(200);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
