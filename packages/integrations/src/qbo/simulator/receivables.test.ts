import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseWebhookBody, signWebhookBody, verifyWebhookSignature } from '../webhook-format';
import { createQboSimulator, type QboSimulator, type QboSimulatorOptions } from './index';

// The simulator after an invoice exists: payments, void, delete, send, CDC, webhooks (reference §9).

const redirectUri = 'http://app.test/qbo-callback';
const running: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()?.();
});

async function start(options: QboSimulatorOptions = {}) {
  const simulator = createQboSimulator(options);
  const server = await simulator.listen();
  running.push(server.close, () => simulator.receivables.webhooks.stop());
  const params = new URLSearchParams({
    client_id: 'sim-qbo-client',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'com.intuit.quickbooks.accounting',
    state: 's',
  });
  const redirect = new URL(await simulator.approve(`${server.url}/connect/oauth2?${params}`));
  const tokens = (await (
    await fetch(`${server.url}/oauth2/v1/tokens/bearer`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('sim-qbo-client:sim-qbo-secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
      }),
    })
  ).json()) as { access_token: string };
  const api = async (resource: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}/v3/company/${simulator.realmId}/${resource}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${tokens.access_token}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...init.headers,
      },
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const createInvoice = async (amount: number) =>
    (
      await api('invoice', {
        method: 'POST',
        body: JSON.stringify({
          CustomerRef: { value: '1' },
          Line: [
            { DetailType: 'SalesItemLineDetail', Amount: amount, SalesItemLineDetail: { ItemRef: { value: '21' } } },
          ],
        }),
      })
    ).body.Invoice as { Id: string; SyncToken: string };
  return { simulator, url: server.url, api, createInvoice };
}

/** A stand-in for the app's webhook endpoint: records each delivery, answers what `answer` says. */
async function webhookReceiver(answer: (delivery: number) => number = () => 200) {
  const deliveries: Array<{ body: string; signature: string; contentType: string }> = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['intuit-signature'] ?? ''),
        contentType: String(req.headers['content-type']),
      });
      res.writeHead(answer(deliveries.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries };
}

function subscribe(
  simulator: QboSimulator,
  url: string,
  extra: Partial<QboSimulator['receivables']['webhooks']['settings']> = {},
) {
  Object.assign(simulator.receivables.webhooks.settings, {
    url,
    verifierToken: 'verifier-1',
    retryScheduleMs: [0, 20, 40],
    ...extra,
  });
}

describe('QuickBooks simulator: payments', () => {
  it('a partial then a full payment lower the balance, link the invoice and bump its SyncToken', async () => {
    const { api, createInvoice } = await start();
    const invoice = await createInvoice(100);
    const pay = (amount: number) =>
      api('payment', {
        method: 'POST',
        body: JSON.stringify({
          CustomerRef: { value: '1' },
          TotalAmt: amount,
          Line: [{ Amount: amount, LinkedTxn: [{ TxnId: invoice.Id, TxnType: 'Invoice' }] }],
        }),
      });
    const first = await pay(40);
    expect(first.status).toBe(200);
    expect(first.body.Payment.UnappliedAmt).toBe(0);
    let read = (await api(`invoice/${invoice.Id}`)).body.Invoice;
    expect(read.Balance).toBe(60);
    expect(read.SyncToken).toBe('1');
    expect(read.LinkedTxn).toEqual([{ TxnId: first.body.Payment.Id, TxnType: 'Payment' }]);

    const tooMuch = await pay(70);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.Fault.Error[0].code).toBe('6000');

    await pay(60);
    read = (await api(`invoice/${invoice.Id}`)).body.Invoice;
    expect(read.Balance).toBe(0);

    // Deleting the first payment gives its 40 back; the invoice shows only the second payment.
    const deleted = await api('payment?operation=delete', {
      method: 'POST',
      body: JSON.stringify({ Id: first.body.Payment.Id, SyncToken: '0' }),
    });
    expect(deleted.body.Payment.status).toBe('Deleted');
    read = (await api(`invoice/${invoice.Id}`)).body.Invoice;
    expect(read.Balance).toBe(40);
    expect((await api(`payment/${first.body.Payment.Id}`)).body.Fault.Error[0].code).toBe('610');
  });

  it('refuses to void or delete an invoice with a payment applied, until the payment is voided', async () => {
    const { simulator, api, createInvoice } = await start();
    const invoice = await createInvoice(50);
    const { payment } = simulator.receivables.recordPayment(invoice.Id, 10);
    const voided = await api('invoice?operation=void', {
      method: 'POST',
      body: JSON.stringify({ Id: invoice.Id, SyncToken: '1' }),
    });
    expect(voided.status).toBe(400);
    expect(voided.body.Fault.Error[0].Detail).toContain('payments applied');
    const paymentVoid = await api('payment?operation=update&include=void', {
      method: 'POST',
      body: JSON.stringify({ Id: payment.Id, SyncToken: '0', sparse: true }),
    });
    expect(paymentVoid.body.Payment.TotalAmt).toBe(0);
    expect(paymentVoid.body.Payment.PrivateNote).toBe('Voided');
    const read = (await api(`invoice/${invoice.Id}`)).body.Invoice;
    expect(read.Balance).toBe(50);
    const again = await api('invoice?operation=void', {
      method: 'POST',
      body: JSON.stringify({ Id: invoice.Id, SyncToken: read.SyncToken }),
    });
    expect(again.body.Invoice.TotalAmt).toBe(0);
    expect(again.body.Invoice.PrivateNote).toMatch(/^Voided/);
  });
});

describe('QuickBooks simulator: send', () => {
  it('sets EmailStatus and DeliveryInfo, takes sendTo, refuses a bad address and the 41st e-mail of a day', async () => {
    const { api, createInvoice } = await start({ receivables: { emailsPerDay: 2 } });
    const invoice = await createInvoice(20);
    const sent = await api(`invoice/${invoice.Id}/send?sendTo=${encodeURIComponent('ap@customer.example')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.Invoice.EmailStatus).toBe('EmailSent');
    expect(sent.body.Invoice.DeliveryInfo.DeliveryType).toBe('Email');
    expect(sent.body.Invoice.BillEmail.Address).toBe('ap@customer.example');
    const bad = await api(`invoice/${invoice.Id}/send?sendTo=not-an-address`, { method: 'POST' });
    expect(bad.body.Fault.Error[0].code).toBe('2210');
    expect((await api(`invoice/${invoice.Id}/send`, { method: 'POST' })).status).toBe(200);
    const capped = await api(`invoice/${invoice.Id}/send`, { method: 'POST' });
    expect(capped.status).toBe(400);
    expect(capped.body.Fault.Error[0].Detail).toContain('2 e-mails');
  });
});

describe('QuickBooks simulator: change data capture', () => {
  it('answers one QueryResponse per entity, tombstones for deletes, refuses past 30 days and cuts at the cap', async () => {
    const { simulator, api, createInvoice } = await start({ receivables: { cdcMaxObjects: 3 } });
    const since = new Date(Date.now() - 60_000).toISOString();
    const first = await createInvoice(10);
    const second = await createInvoice(20);
    simulator.receivables.recordPayment(first.Id, 5);
    simulator.deleteInvoice(second.Id);
    const cdc = await api(`cdc?entities=Invoice,Payment,CreditMemo&changedSince=${encodeURIComponent(since)}`);
    expect(cdc.status).toBe(200);
    const [invoices, payments, creditMemos] = cdc.body.CDCResponse[0].QueryResponse;
    expect(invoices.Invoice.map((row: { Id: string }) => row.Id).sort()).toEqual([first.Id, second.Id].sort());
    expect(invoices.Invoice.find((row: { Id: string }) => row.Id === second.Id)).toMatchObject({
      status: 'Deleted',
      domain: 'QBO',
    });
    expect(payments.Payment).toHaveLength(1);
    expect(creditMemos).toEqual({});

    await createInvoice(30);
    const capped = await api(`cdc?entities=Invoice,Payment&changedSince=${encodeURIComponent(since)}`);
    const rows = capped.body.CDCResponse[0].QueryResponse.reduce(
      (sum: number, response: Record<string, unknown[]>) =>
        sum + (response.Invoice?.length ?? 0) + (response.Payment?.length ?? 0),
      0,
    );
    expect(rows).toBe(3);

    const old = await api(
      `cdc?entities=Invoice&changedSince=${encodeURIComponent(new Date(Date.now() - 31 * 86_400_000).toISOString())}`,
    );
    expect(old.status).toBe(400);
    expect(old.body.Fault.Error[0].Detail).toContain('older than fixed days is not supported');
  });
});

describe('QuickBooks simulator: webhooks', () => {
  it('signs each delivery with the verifier token, in the classic and the CloudEvents format', async () => {
    const { simulator, createInvoice } = await start();
    const receiver = await webhookReceiver();
    subscribe(simulator, receiver.url);
    const invoice = await createInvoice(10);
    simulator.receivables.recordPayment(invoice.Id, 4);
    await simulator.receivables.webhooks.idle();
    expect(receiver.deliveries).toHaveLength(2);
    for (const delivery of receiver.deliveries)
      expect(verifyWebhookSignature('verifier-1', delivery.body, delivery.signature)).toBe(true);
    const payment = parseWebhookBody(receiver.deliveries[1]!.body);
    expect(payment.format).toBe('classic');
    expect(payment.events.map((event) => `${event.entityName}/${event.operation}`)).toEqual([
      'Payment/Create',
      'Invoice/Update',
    ]);

    simulator.receivables.webhooks.settings.format = 'cloudevents';
    simulator.voidInvoice((await createInvoice(7)).Id);
    await simulator.receivables.webhooks.idle();
    const cloud = parseWebhookBody(receiver.deliveries.at(-1)!.body);
    expect(cloud.format).toBe('cloudevents');
    expect(cloud.events.map((event) => event.operation)).toContain('Void');
    expect(JSON.parse(receiver.deliveries.at(-1)!.body)[0].type).toMatch(/^qbo\.invoice\.(created|voided)\.v1$/);
  });

  it('retries a batch that is not answered 200 and holds later ones until it is acknowledged', async () => {
    const { simulator, createInvoice } = await start();
    const receiver = await webhookReceiver((delivery) => (delivery <= 2 ? 500 : 200));
    subscribe(simulator, receiver.url);
    const invoice = await createInvoice(10);
    simulator.receivables.recordPayment(invoice.Id, 1);
    await simulator.receivables.webhooks.idle();
    // Create failed twice and went through on the third attempt, before the payment's batch.
    expect(receiver.deliveries).toHaveLength(4);
    expect(receiver.deliveries[0]!.body).toBe(receiver.deliveries[2]!.body);
    expect(parseWebhookBody(receiver.deliveries[3]!.body).events[0]!.entityName).toBe('Payment');
    expect(simulator.receivables.webhooks.stats.failedAttempts).toBe(2);
  });

  it('drops, duplicates and reorders deliveries when told to', async () => {
    const { simulator, url, createInvoice } = await start();
    const receiver = await webhookReceiver();
    subscribe(simulator, receiver.url);
    const control = (mode: string) =>
      fetch(`${url}/_control/webhooks`, { method: 'POST', body: JSON.stringify({ mode }) });
    expect((await control('sideways')).status).toBe(400);

    await control('drop');
    await createInvoice(1);
    await simulator.receivables.webhooks.idle();
    expect(receiver.deliveries).toHaveLength(0);

    await control('duplicate');
    await createInvoice(2);
    await simulator.receivables.webhooks.idle();
    expect(receiver.deliveries).toHaveLength(2);
    expect(receiver.deliveries[0]!.body).toBe(receiver.deliveries[1]!.body);

    await control('reorder');
    const a = await createInvoice(3);
    const b = await createInvoice(4);
    await simulator.receivables.webhooks.idle();
    const ids = receiver.deliveries.slice(2).map((delivery) => parseWebhookBody(delivery.body).events[0]!.entityId);
    expect(ids).toEqual([b.Id, a.Id]);
  });

  it("matches Intuit's published signature vectors", () => {
    const body =
      '{"eventNotifications":[{"realmId":"1185883450","dataChangeEvent":{"entities":[{"name":"Customer","id":"1","operation":"Create","lastUpdated":"2015-10-05T14:42:19-0700"}]}}]}';
    expect(signWebhookBody('b5771f19b12ddb4bcdb9f08bdc50bc63878a', body)).toBe(
      'JC2GUwciPmRBwEO7WvrRmKqu9tGOKL8FFallocTFi8Q=',
    );
    expect(
      verifyWebhookSignature(
        'b5771f19b12ddb4bcdb9f08bdc50bc63878a',
        `${body}\n`,
        'JC2GUwciPmRBwEO7WvrRmKqu9tGOKL8FFallocTFi8Q=',
      ),
    ).toBe(false);
    expect(parseWebhookBody(body).events[0]).toMatchObject({
      realmId: '1185883450',
      entityName: 'Customer',
      operation: 'Create',
      occurredAt: '2015-10-05T21:42:19.000Z',
    });
  });
});

describe('QuickBooks simulator: control paths and company page', () => {
  it('records a payment, voids and deletes through /_control, and lists invoices with their buttons', async () => {
    const { url, createInvoice } = await start();
    const paid = await createInvoice(30);
    const voided = await createInvoice(15);
    const post = (path: string, body: unknown = {}) =>
      fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) });
    const payment = await post(`/_control/invoices/${paid.Id}/payments`, { amount: 12.5 });
    expect(payment.status).toBe(200);
    expect(((await payment.json()) as { Invoice: { Balance: number } }).Invoice.Balance).toBe(17.5);
    expect((await post(`/_control/invoices/${paid.Id}/payments`, { amount: 'lots' })).status).toBe(400);
    expect((await post(`/_control/invoices/${voided.Id}/void`)).status).toBe(200);
    expect((await post(`/_control/invoices/${paid.Id}/delete`)).status).toBe(400);
    const page = await (await fetch(`${url}/app/company`)).text();
    expect(page).toContain('Record payment');
    expect(page).toContain('PARTIALLY_PAID');
    expect(page).toContain('VOIDED');
    const form = await fetch(`${url}/app/company/invoices/${paid.Id}/payment`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ amount: '17.50' }),
    });
    expect(form.status).toBe(303);
    expect(
      await (
        await fetch(new URL(form.headers.get('location')!, `${url}/app/company/invoices/${paid.Id}/payment`))
      ).text(),
    ).toContain('PAID');
  });
});

describe('QuickBooks simulator: terms and due dates', () => {
  it('dates an invoice by its terms, else the company default Net 30; a given DueDate is kept', async () => {
    const { api } = await start();
    const create = async (extra: Record<string, unknown>) =>
      (
        await api('invoice', {
          method: 'POST',
          body: JSON.stringify({
            CustomerRef: { value: '1' },
            TxnDate: '2026-01-20',
            Line: [{ DetailType: 'SalesItemLineDetail', Amount: 5, SalesItemLineDetail: { ItemRef: { value: '21' } } }],
            ...extra,
          }),
        })
      ).body.Invoice as { DueDate: string; SalesTermRef: { value: string } };
    expect(await create({})).toMatchObject({ DueDate: '2026-02-19', SalesTermRef: { value: '3' } });
    expect(await create({ SalesTermRef: { value: '2' } })).toMatchObject({
      DueDate: '2026-02-04',
      SalesTermRef: { value: '2' },
    });
    // Date-driven: the 1st, a month later when dated within 31 days of it.
    expect((await create({ SalesTermRef: { value: '5' } })).DueDate).toBe('2026-03-01');
    expect((await create({ DueDate: '2026-05-05', SalesTermRef: { value: '2' } })).DueDate).toBe('2026-05-05');
    expect((await api('term/4')).body.Term).toMatchObject({ Name: 'Net 60', DueDays: 60, Type: 'STANDARD' });
    const terms = await api(`query?query=${encodeURIComponent('select * from Term')}`);
    expect(terms.body.QueryResponse.Term).toHaveLength(5);
  });
});
