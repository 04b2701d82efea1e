import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QboClient, QboOAuth, createMemoryTokenStore } from '../index';
import { createQboSimulator } from './index';

// Credit memos through the product's client against the simulator, on the wire format of
// reference/quickbooks-after-invoice.md §5.2.
const simulator = createQboSimulator();
const server = createServer((req, res) => simulator.handle(req, res));
let client: QboClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = {
    ...simulator.credentials,
    environment: 'sandbox' as const,
    redirectUri: 'http://localhost/qbo-callback',
    simulatorBaseUrl: url,
  };
  client = new QboClient({ config, tokenStore: createMemoryTokenStore() });
  await client.connect(await simulator.approve(new QboOAuth(config).authorizeUrl('credit-memos')));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const memo = (docNumber: string) => ({
  CustomerRef: { value: '1' },
  DocNumber: docNumber,
  TxnDate: '2026-11-02',
  PrivateNote: 'Billing job BJ-TEST01',
  Line: [
    {
      DetailType: 'SalesItemLineDetail' as const,
      Amount: 10,
      Description: 'Credit, 10/01/2026–10/31/2026',
      SalesItemLineDetail: { ItemRef: { value: '21' }, Qty: 1, UnitPrice: 10 },
    },
  ],
});

describe('credit memos in the QuickBooks simulator', () => {
  it('creates one with the fields QuickBooks adds, reads it back by id and by DocNumber, and lowers the customer balance', async () => {
    const before = simulator.customers().find((customer) => customer.Id === '1')!.Balance ?? 0;
    const created = await client.createCreditMemo(memo('CM-1'), { requestId: 'cm-request-1' });
    expect(created).toMatchObject({
      DocNumber: 'CM-1',
      TxnDate: '2026-11-02',
      TotalAmt: 10,
      Balance: 10,
      RemainingCredit: 10,
      SyncToken: '0',
      domain: 'QBO',
      CustomerRef: { value: '1' },
    });
    expect(created.Line.at(-1)).toEqual({ DetailType: 'SubTotalLineDetail', Amount: 10, SubTotalLineDetail: {} });
    expect(await client.getCreditMemo(created.Id)).toEqual(created);
    expect(await client.findCreditMemoByDocNumber('CM-1')).toEqual(created);
    expect(await client.findCreditMemoByDocNumber('CM-404')).toBeNull();
    expect(await client.getCreditMemo('999999')).toBeNull();
    expect(simulator.customers().find((customer) => customer.Id === '1')!.Balance).toBe(before - 10);
  });

  it('answers a repeated requestid with the original memo, and refuses a duplicate DocNumber (6140) or one longer than 21 characters', async () => {
    const first = await client.createCreditMemo(memo('CM-2'), { requestId: 'cm-request-2' });
    const again = await client.createCreditMemo(memo('CM-2'), { requestId: 'cm-request-2' });
    expect(again.Id).toBe(first.Id);
    expect(simulator.creditMemos().filter((candidate) => candidate.DocNumber === 'CM-2')).toHaveLength(1);
    await expect(client.createCreditMemo(memo('CM-2'), { requestId: 'cm-request-3' })).rejects.toMatchObject({
      code: '6140',
    });
    await expect(client.createCreditMemo(memo('X'.repeat(22)), { requestId: 'cm-request-4' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
