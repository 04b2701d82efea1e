import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryTokenStore, QboClient, QboOAuth } from '../client';
import { QboApiError } from '../errors';
import type { QboInvoiceInput } from '../entities';
import {
  companyTax,
  createQboSimulator,
  QBO_SANDBOX_BUDGET,
  SIMULATED_US_SALES_TAX_PERCENT,
  type QboSimulatorOptions,
} from './index';

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()?.();
});

/** A simulator on its own port, a client connected to it that never waits, and the raw API. */
async function start(options: QboSimulatorOptions = {}) {
  const simulator = createQboSimulator(options);
  const server = await simulator.listen();
  running.push(server.close);
  const config = {
    ...simulator.credentials,
    environment: 'sandbox' as const,
    redirectUri: 'http://app.test/cb',
    simulatorBaseUrl: server.url,
  };
  const tokenStore = createMemoryTokenStore();
  const client = new QboClient({ config, tokenStore, sleep: async () => undefined, throttlePatienceMs: 0 });
  await client.connect(await simulator.approve(new QboOAuth(config).authorizeUrl('s')));
  const raw = async (resource: string) => {
    const tokens = await tokenStore.load();
    return fetch(`${server.url}/v3/company/${simulator.realmId}/${resource}`, {
      headers: { Authorization: `Bearer ${tokens!.accessToken}`, Accept: 'application/json' },
    });
  };
  return { simulator, client, raw, url: server.url };
}

const invoice = (taxCode?: string, amount = 100): QboInvoiceInput => ({
  CustomerRef: { value: '1' },
  Line: [
    {
      DetailType: 'SalesItemLineDetail',
      Amount: amount,
      SalesItemLineDetail: {
        ItemRef: { value: '21' },
        Qty: amount * 10,
        UnitPrice: 0.1,
        ...(taxCode ? { TaxCodeRef: { value: taxCode } } : {}),
      },
    },
  ],
});

describe('QuickBooks simulator: what real companies do beyond the schemas', () => {
  it('answers throttling as 403 with fault 3001 in XML despite Accept: application/json, without Retry-After', async () => {
    const { simulator, raw } = await start({ modes: { throttleAnswer: 'xml-403' } });
    simulator.faults.throttleBurst = 1;
    const response = await raw(`companyinfo/${simulator.realmId}`);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/xml');
    expect(response.headers.get('retry-after')).toBeNull();
    const body = await response.text();
    expect(body).toMatch(/^<\?xml/);
    expect(body).toContain('<Error code="3001">');
    expect(body).toContain('statusCode=403');
  });

  it('plays a sandbox budget: 100 requests a window, then throttled until the window has passed', async () => {
    let clock = new Date('2026-06-02T10:00:00Z');
    const { simulator, raw } = await start({
      now: () => clock,
      modes: { budgetPerMinute: QBO_SANDBOX_BUDGET, throttleAnswer: 'json-403' },
    });
    const statuses: number[] = [];
    for (let index = 0; index < 101; index += 1) statuses.push((await raw(`companyinfo/${simulator.realmId}`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.at(-1)).toBe(403);
    simulator.modes.budgetPerMinute = null; // production's 500
    expect((await raw(`companyinfo/${simulator.realmId}`)).status).toBe(200);
    simulator.modes.budgetPerMinute = QBO_SANDBOX_BUDGET;
    clock = new Date(clock.getTime() + 61_000);
    expect((await raw(`companyinfo/${simulator.realmId}`)).status).toBe(200);
  });

  it('answers an expired token with an XML 401 when asked', async () => {
    const { simulator, raw } = await start({ modes: { authFaultFormat: 'xml' } });
    simulator.expireAccessTokens();
    const response = await raw(`companyinfo/${simulator.realmId}`);
    expect(response.status).toBe(401);
    const body = await response.text();
    expect(body).toContain('<Fault type="AUTHENTICATION">');
    expect(body).toContain('<Error code="3200">');
  });

  it('a US company lists TAX and NON, adds no tax, and refuses a code it does not have', async () => {
    const { client } = await start();
    expect((await client.listTaxCodes()).map((code) => code.Id)).toEqual(['TAX', 'NON']);
    const created = await client.createInvoice(invoice(), { requestId: 'us-1' });
    expect(created).toMatchObject({ TotalAmt: 100, TxnTaxDetail: { TotalTax: 0 } });
    expect(created.Line[0]).toMatchObject({ SalesItemLineDetail: { TaxCodeRef: { value: 'NON' } } });
    const refused = await client
      .createInvoice(invoice('VAT20'), { requestId: 'us-2' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QboApiError);
    expect(refused).toMatchObject({ status: 400, code: '2500', detail: expect.stringContaining('TaxCode VAT20') });
  });

  it('a US company with automated sales tax adds tax on TAX lines: TotalAmt is the amount billed plus the tax', async () => {
    const { client, simulator } = await start({ companyTax: companyTax('US', true) });
    const taxed = await client.createInvoice(invoice('TAX', 100), { requestId: 'ast-1' });
    const tax = Math.round(100 * SIMULATED_US_SALES_TAX_PERCENT) / 100;
    expect(taxed.TxnTaxDetail).toMatchObject({ TotalTax: tax });
    expect(taxed.TotalAmt).toBe(100 + tax);
    expect(taxed.Balance).toBe(100 + tax);
    expect(taxed.Line.find((line) => line.DetailType === 'SubTotalLineDetail')).toMatchObject({ Amount: 100 });
    expect((await client.createInvoice(invoice('NON', 50), { requestId: 'ast-2' })).TotalAmt).toBe(50);
    expect(simulator.invoices()).toHaveLength(2);
  });

  it('a non-US company has its own codes, refuses TAX and lines without a code', async () => {
    const { client } = await start({ companyTax: companyTax('non-US') });
    expect((await client.getCompanyInfo()).Country).toBe('GB');
    const codes = await client.listTaxCodes();
    expect(codes.map((code) => code.Name)).toEqual(['20.0% S', '0.0% Z', 'Exempt']);
    await expect(client.createInvoice(invoice(), { requestId: 'gb-1' })).rejects.toMatchObject({
      status: 400,
      code: '6000',
      detail: expect.stringContaining('VAT rate'),
    });
    await expect(client.createInvoice(invoice('TAX'), { requestId: 'gb-2' })).rejects.toMatchObject({ code: '2500' });
    const vat = await client.createInvoice(invoice(codes[0]!.Id, 100), { requestId: 'gb-3' });
    expect(vat).toMatchObject({ TotalAmt: 120, TxnTaxDetail: { TotalTax: 20 } });
  });

  it('switches faults and the company through the control paths, and refuses what it does not know', async () => {
    const { url, client, simulator, raw } = await start();
    const post = (path: string, body: unknown) =>
      fetch(`${url}/_control/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const faults = await post('faults', {
      throttleNext: 1,
      throttleAs: '403',
      format: 'xml',
      authFaultFormat: 'xml',
      budgetPerMinute: 100,
    });
    expect(faults.status).toBe(200);
    expect(await faults.json()).toMatchObject({
      throttleNext: 1,
      throttleAnswer: 'xml-403',
      authFaultFormat: 'xml',
      budgetPerMinute: 100,
    });
    const throttled = await raw(`companyinfo/${simulator.realmId}`);
    expect([throttled.status, (await throttled.text()).startsWith('<?xml')]).toEqual([403, true]);

    const company = await post('company', { kind: 'US', automatedSalesTax: true, salesTaxRate: '7.5' });
    expect(await company.json()).toMatchObject({ kind: 'US', automatedSalesTax: true, salesTaxRate: 7.5 });
    expect((await client.createInvoice(invoice('TAX', 100), { requestId: 'ctl-1' })).TotalAmt).toBe(107.5);
    expect(await (await post('company', { kind: 'non-US' })).json()).toMatchObject({
      kind: 'non-US',
      taxCodes: expect.arrayContaining([{ Id: '2', Name: '20.0% S', Active: true }]),
    });
    expect((await client.listTaxCodes()).map((code) => code.Id)).toEqual(['2', '4', '6']);

    for (const [path, body, says] of [
      ['faults', { throttleAs: '418' }, 'throttleAs'],
      ['faults', { speed: 'fast' }, 'Unknown field'],
      ['company', { kind: 'Atlantis' }, 'kind'],
      ['company', { kind: 'US', salesTaxRate: 'lots' }, 'salesTaxRate'],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status).toBe(400);
      expect((await answer.json()).error_description).toContain(says);
    }
  });
});
