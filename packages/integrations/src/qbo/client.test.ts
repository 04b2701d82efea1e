import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStore, QboClient, QboOAuth, type QboConfig, type QboTokenSet } from './client';
import { QboApiError, QboAuthError } from './errors';
import { invoiceQboState } from './invoice-state';
import type { QboInvoiceInput } from './entities';
import { createQboSimulator, type QboSimulator } from './simulator/index';

const redirectUri = 'http://app.test/qbo-callback';
const running: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (running.length > 0) await running.pop()?.();
});

/** Counts refreshes, so tests can see how many times a refresh token was spent. */
class CountingOAuth extends QboOAuth {
  refreshes = 0;
  override async refresh(tokens: QboTokenSet): Promise<QboTokenSet> {
    this.refreshes += 1;
    return super.refresh(tokens);
  }
}

async function startSimulator(): Promise<{ simulator: QboSimulator; config: QboConfig }> {
  const simulator = createQboSimulator();
  const server = await simulator.listen();
  running.push(server.close);
  return {
    simulator,
    config: { ...simulator.credentials, environment: 'sandbox', redirectUri, simulatorBaseUrl: server.url },
  };
}

/** A client connected to a fresh simulator, with a clock the test moves and recorded sleeps. */
async function connectedClient(options: { maxAttempts?: number } = {}) {
  const { simulator, config } = await startSimulator();
  const clock = { now: new Date() };
  const now = () => clock.now;
  const oauth = new CountingOAuth(config, { now });
  const tokenStore = createMemoryTokenStore();
  const sleeps: number[] = [];
  const makeClient = () =>
    new QboClient({
      config,
      tokenStore,
      oauth,
      now,
      maxAttempts: options.maxAttempts,
      sleep: async (milliseconds) => void sleeps.push(milliseconds),
    });
  const client = makeClient();
  await client.connect(await simulator.approve(oauth.authorizeUrl('state-1')));
  oauth.refreshes = 0;
  return { simulator, config, clock, oauth, tokenStore, sleeps, client, makeClient };
}

const phoneUsageInvoice = (overrides: Partial<QboInvoiceInput> = {}): QboInvoiceInput => ({
  CustomerRef: { value: '1' },
  DocNumber: 'PH-2024-06-1',
  Line: [
    {
      DetailType: 'SalesItemLineDetail',
      Amount: 12.5,
      Description: 'Inbound minutes (250 @ 0.05)',
      SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 250, UnitPrice: 0.05 },
    },
  ],
  ...overrides,
});

describe('QboOAuth against the simulator', () => {
  it('builds the authorize URL for the Accounting scope on the configured host', async () => {
    const { config } = await startSimulator();
    const url = new URL(new QboOAuth(config).authorizeUrl('state-xyz'));
    expect(`${url.origin}${url.pathname}`).toBe(`${config.simulatorBaseUrl}/connect/oauth2`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sim-qbo-client',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      state: 'state-xyz',
    });
  });

  it('points at Intuit again for a configuration without a simulator', async () => {
    const { config } = await startSimulator();
    new QboOAuth(config).authorizeUrl('one');
    const real = new QboOAuth({ ...config, simulatorBaseUrl: undefined }).authorizeUrl('two');
    expect(real.startsWith('https://appcenter.intuit.com/connect/oauth2?')).toBe(true);
  });

  it('refuses a reused authorization code with invalid_grant', async () => {
    const { simulator, config } = await startSimulator();
    const oauth = new QboOAuth(config);
    const callback = await simulator.approve(oauth.authorizeUrl('state-1'));
    const tokens = await oauth.exchangeCode(callback);
    expect(tokens.realmId).toBe(simulator.realmId);
    const reuse = oauth.exchangeCode(callback);
    await expect(reuse).rejects.toBeInstanceOf(QboAuthError);
    await expect(reuse).rejects.toMatchObject({ code: 'invalid_grant', reconnectRequired: true });
  });

  it('explains a declined consent and a callback without a code', async () => {
    const { config } = await startSimulator();
    const oauth = new QboOAuth(config);
    await expect(oauth.exchangeCode(`${redirectUri}?error=access_denied&state=s`)).rejects.toMatchObject({
      code: 'access_denied',
    });
    await expect(oauth.exchangeCode('?state=s')).rejects.toThrow('Authorization code not received. Please try again.');
  });
});

describe('QboClient tokens', () => {
  it('says when it is not connected', async () => {
    const { config } = await startSimulator();
    const client = new QboClient({ config, tokenStore: createMemoryTokenStore() });
    expect(await client.tokenStatus()).toEqual({
      hasTokens: false,
      accessTokenExpiresAt: null,
      expiresInSeconds: null,
    });
    await expect(client.getCompanyInfo()).rejects.toMatchObject({ code: 'not_connected' });
  });

  it('refreshes before a call once less than five minutes remain, and keeps the rotated refresh token', async () => {
    const { client, clock, oauth, tokenStore } = await connectedClient();
    const original = await tokenStore.load();
    clock.now = new Date(clock.now.getTime() + 54 * 60_000);
    await client.getCompanyInfo();
    expect(oauth.refreshes).toBe(0);

    clock.now = new Date(clock.now.getTime() + 2 * 60_000);
    expect((await client.tokenStatus()).expiresInSeconds).toBe(240);
    await client.getCompanyInfo();
    const refreshed = await tokenStore.load();
    expect(oauth.refreshes).toBe(1);
    expect(refreshed?.refreshToken).not.toBe(original?.refreshToken);
    expect((await client.tokenStatus()).expiresInSeconds).toBe(3600);
    // The spent refresh token is gone for good; the stored one still works.
    await expect(oauth.refresh(original as QboTokenSet)).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it.each(['lower', 'upper'] as const)(
    'refreshes once and retries after a 401 in the %s-case fault',
    async (casing) => {
      const { client, simulator, oauth, tokenStore } = await connectedClient();
      const before = await tokenStore.load();
      simulator.faults.authFaultCasing = casing;
      simulator.expireAccessTokens();
      expect((await client.getCompanyInfo()).CompanyName).toBe('Bayshore Voice Services');
      expect(oauth.refreshes).toBe(1);
      expect((await tokenStore.load())?.accessToken).not.toBe(before?.accessToken);
    },
  );

  it('two requests that need a refresh at once spend the refresh token once and keep the newest', async () => {
    const { clock, oauth, tokenStore, makeClient } = await connectedClient();
    clock.now = new Date(clock.now.getTime() + 58 * 60_000);
    const [info, customer] = await Promise.all([
      makeClient().getCompanyInfo(),
      makeClient().findCustomerByDisplayName('Cool Cars'),
    ]);
    expect(info.CompanyName).toBeTruthy();
    expect(customer?.DisplayName).toBe('Cool Cars');
    expect(oauth.refreshes).toBe(1);
    const newest = (await tokenStore.load()) as QboTokenSet;
    await expect(oauth.refresh(newest)).resolves.toMatchObject({ realmId: newest.realmId });
  });

  it('revokes the connection', async () => {
    const { simulator, oauth, tokenStore, client } = await connectedClient();
    await oauth.revoke((await tokenStore.load()) as QboTokenSet);
    expect(simulator.isConnected()).toBe(false);
    await expect(client.refreshTokens()).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('turns a refused refresh token into a reconnect-required error', async () => {
    const { client, simulator, tokenStore } = await connectedClient();
    const tokens = (await tokenStore.load()) as QboTokenSet;
    await tokenStore.save({ ...tokens, refreshToken: 'AB11-unknown' });
    simulator.expireAccessTokens();
    await expect(client.getCompanyInfo()).rejects.toMatchObject({
      name: 'QboAuthError',
      code: 'invalid_grant',
      reconnectRequired: true,
    });
  });
});

describe('QboClient accounting calls', () => {
  it('finds customers whose display names hold apostrophes', async () => {
    const { client } = await connectedClient();
    expect(await client.findCustomerByDisplayName("Amy's Bird Sanctuary")).toMatchObject({
      Id: '1',
      DisplayName: "Amy's Bird Sanctuary",
    });
    expect(await client.findCustomerByDisplayName("Jeff's Jalopies")).toMatchObject({ DisplayName: "Jeff's Jalopies" });
    expect(await client.findCustomerByDisplayName("Nobody's Business")).toBeNull();
  });

  it('creates one invoice when the same request is sent twice with one requestid', async () => {
    const { client, simulator } = await connectedClient();
    const first = await client.createInvoice(phoneUsageInvoice(), { requestId: 'job-7-customer-1' });
    const second = await client.createInvoice(phoneUsageInvoice(), { requestId: 'job-7-customer-1' });
    expect(second.Id).toBe(first.Id);
    expect(simulator.invoices()).toHaveLength(1);
    expect(await client.findInvoiceByDocNumber('PH-2024-06-1')).toMatchObject({ Id: first.Id, TotalAmt: 12.5 });
  });

  it('reports Amount ≠ Qty × UnitPrice (6070) as a clear, non-retryable error', async () => {
    const { client, simulator, sleeps } = await connectedClient();
    const wrongAmount = phoneUsageInvoice({
      Line: [
        {
          DetailType: 'SalesItemLineDetail',
          Amount: 13,
          SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 250, UnitPrice: 0.05 },
        },
      ],
    });
    const attempt = client.createInvoice(wrongAmount, { requestId: 'job-7-customer-2' });
    await expect(attempt).rejects.toBeInstanceOf(QboApiError);
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      code: '6070',
      type: 'ValidationFault',
      retryable: false,
      message: expect.stringContaining('Amount is not equal to UnitPrice * Qty'),
    });
    expect(sleeps).toEqual([]);
    expect(simulator.invoices()).toHaveLength(0);
  });

  it('waits a throttle without Retry-After out for the 60 s window, however it comes, and gives up after its patience', async () => {
    const { client, simulator, sleeps } = await connectedClient({ maxAttempts: 3 });
    for (const throttleAnswer of ['json-429', 'json-403', 'xml-429', 'xml-403'] as const) {
      simulator.modes.throttleAnswer = throttleAnswer;
      sleeps.length = 0;
      simulator.faults.throttleBurst = 2;
      expect(await client.findItemByName('Phone usage')).toMatchObject({ Id: '21' });
      expect(sleeps).toHaveLength(2);
      for (const wait of sleeps) {
        expect(wait).toBeGreaterThanOrEqual(60_000);
        expect(wait).toBeLessThanOrEqual(61_000);
      }
    }
    // Five minutes of patience: four waits, and the fifth throttle is the answer (maxAttempts plays no part).
    sleeps.length = 0;
    simulator.faults.throttleBurst = 6;
    await expect(client.getCompanyInfo()).rejects.toMatchObject({
      status: 403,
      code: '3001',
      throttled: true,
      retryable: true,
    });
    expect(sleeps).toHaveLength(4);
  });

  it('waits what Retry-After asks for when QuickBooks sends one', async () => {
    const { client, simulator, sleeps } = await connectedClient();
    simulator.modes.retryAfterSeconds = 7;
    simulator.faults.throttleBurst = 1;
    await client.getCompanyInfo();
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(7000);
    expect(sleeps[0]).toBeLessThanOrEqual(7700);
  });

  it('creates one invoice when a write is throttled as 403/3001 in XML, then sent again with its requestid', async () => {
    const { client, simulator } = await connectedClient();
    simulator.modes.throttleAnswer = 'xml-403';
    simulator.faults.throttleBurst = 3;
    const created = await client.createInvoice(phoneUsageInvoice(), { requestId: 'throttled-once' });
    expect(simulator.invoices().map((invoice) => invoice.Id)).toEqual([created.Id]);
    expect(simulator.stats.tooManyRequestsSent).toBe(3);
  });

  it('reads an XML 401 as a 401 and refreshes the token once', async () => {
    const { client, simulator, oauth } = await connectedClient();
    simulator.modes.authFaultFormat = 'xml';
    simulator.expireAccessTokens();
    expect((await client.getCompanyInfo()).CompanyName).toBeTruthy();
    expect(oauth.refreshes).toBe(1);
  });

  it('retries reads that meet a 5xx', async () => {
    const { client, simulator, sleeps } = await connectedClient();
    simulator.faults.serverErrorRate = 0.5;
    const customers = await Promise.all(
      ['Cool Cars', 'Red Rock Diner', 'Weiskopf Consulting'].map((name) => client.findCustomerByDisplayName(name)),
    );
    expect(customers.map((customer) => customer?.DisplayName)).toEqual([
      'Cool Cars',
      'Red Rock Diner',
      'Weiskopf Consulting',
    ]);
    expect(sleeps.length).toBeGreaterThan(0);
  });

  it.each(['5xx', 'drop'] as const)(
    'after a lost answer (%s) the retry returns the invoice already created, not a second one',
    async (mode) => {
      const { client, simulator } = await connectedClient();
      simulator.faults.lostAnswerRate = 1;
      simulator.faults.lostAnswerMode = mode;
      const invoice = await client.createInvoice(phoneUsageInvoice(), { requestId: `job-8-customer-1-${mode}` });
      expect(simulator.invoices().map((stored) => stored.Id)).toEqual([invoice.Id]);
    },
  );

  it('a lost answer without retries fails the call, yet the invoice exists in QuickBooks', async () => {
    const { client, simulator } = await connectedClient({ maxAttempts: 1 });
    simulator.faults.lostAnswerRate = 1;
    simulator.faults.lostAnswerMode = '5xx';
    await expect(
      client.createInvoice(phoneUsageInvoice({ DocNumber: 'PH-LOST-1' }), { requestId: 'job-9-customer-1' }),
    ).rejects.toMatchObject({ retryable: true });
    expect(simulator.invoices()).toHaveLength(1);
    expect(await client.findInvoiceByDocNumber('PH-LOST-1')).toMatchObject({ CustomerRef: { value: '1' } });
  });

  it('finds the phone usage item, or creates a missing service item once', async () => {
    const { client } = await connectedClient();
    expect(await client.ensureServiceItem()).toMatchObject({ Id: '21', Name: 'Phone usage', Type: 'Service' });
    const created = await client.ensureServiceItem('Phone usage (international)');
    expect(created).toMatchObject({
      Name: 'Phone usage (international)',
      Type: 'Service',
      IncomeAccountRef: { value: '1' },
    });
    expect((await client.ensureServiceItem('Phone usage (international)')).Id).toBe(created.Id);
  });

  it('reads back invoices by Id, 500 Ids per query: voided ones say so, deleted ones are missing', async () => {
    const { client } = await connectedClient();
    const invoices = [];
    for (const docNumber of ['PH-R-1', 'PH-R-2', 'PH-R-3'])
      invoices.push(await client.createInvoice(phoneUsageInvoice({ DocNumber: docNumber }), { requestId: docNumber }));
    const [active, voided, deleted] = invoices.map((invoice) => invoice.Id);
    await client.voidInvoice(voided ?? '');
    await client.deleteInvoice(deleted ?? '');
    expect(await client.getInvoice(deleted ?? '')).toBeNull();

    // 1,200 Ids asked for (the three real ones spread over three queries), duplicates folded.
    const unknownIds = Array.from({ length: 1197 }, (_, index) => String(5000 + index));
    const asked = [active, ...unknownIds.slice(0, 600), voided, ...unknownIds.slice(600), deleted, active].map(String);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const found = await client.findInvoicesByIds(asked);
    const queries = fetchSpy.mock.calls
      .map(([, init]) => String(init?.body ?? ''))
      .filter((body) => body.startsWith('select'));
    fetchSpy.mockRestore();

    expect(queries.map((statement) => statement.split(',').length)).toEqual([500, 500, 200]);
    expect(found.map((invoice) => [invoice.Id, invoiceQboState(invoice)])).toEqual([
      [active, 'active'],
      [voided, 'voided'],
    ]);
  });

  it('voiding or deleting with a SyncToken that changed meanwhile fails with 5010 and changes nothing', async () => {
    const { client, simulator } = await connectedClient();
    const invoice = await client.createInvoice(phoneUsageInvoice(), { requestId: 'job-10-customer-1' });
    const realFetch = globalThis.fetch;
    // Someone voids it in QuickBooks between our read and our write.
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).includes('operation=delete')) simulator.voidInvoice(invoice.Id);
      return realFetch(input, init);
    });
    await expect(client.deleteInvoice(invoice.Id)).rejects.toMatchObject({
      name: 'QboApiError',
      code: '5010',
      retryable: false,
    });
    fetchSpy.mockRestore();
    expect(simulator.invoices()).toHaveLength(1);
    await expect(client.voidInvoice('99999')).rejects.toMatchObject({ code: '610' });
  });

  it('sends batches of up to 30 items and answers item by item', async () => {
    const { client, simulator } = await connectedClient();
    const answers = await client.batch([
      { bId: 'i1', operation: 'create', Invoice: phoneUsageInvoice({ DocNumber: 'PH-B-1' }) },
      { bId: 'i2', operation: 'create', Invoice: phoneUsageInvoice({ DocNumber: 'PH-B-1' }) },
    ]);
    expect(answers[0]?.Invoice?.DocNumber).toBe('PH-B-1');
    expect(answers[1]?.Fault?.Error[0]?.code).toBe('6140');
    expect(simulator.invoices()).toHaveLength(1);
    const tooMany = Array.from({ length: 31 }, (_, index) => ({ bId: `q${index}`, Query: 'select * from Item' }));
    await expect(client.batch(tooMany)).rejects.toThrow(RangeError);
  });
});

describe('invoiceQboState', () => {
  const line = (amount: number) => ({
    DetailType: 'SalesItemLineDetail' as const,
    Amount: amount,
    SalesItemLineDetail: { ItemRef: { value: '21' } },
  });

  it('says voided for a "Voided" note or for all amounts at 0, active otherwise', () => {
    expect(invoiceQboState({ TotalAmt: 12.5, Line: [line(12.5)], PrivateNote: 'billing job 7' })).toBe('active');
    expect(invoiceQboState({ TotalAmt: 0, Line: [line(0)], PrivateNote: 'Voided - billing job 7' })).toBe('voided');
    expect(
      invoiceQboState({
        TotalAmt: 0,
        Line: [line(0), { DetailType: 'SubTotalLineDetail', Amount: 0, SubTotalLineDetail: {} }],
      }),
    ).toBe('voided');
    expect(invoiceQboState({ TotalAmt: 0, Line: [line(5), line(-5)] })).toBe('active');
  });
});
