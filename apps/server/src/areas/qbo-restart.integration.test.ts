import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import { RestClient } from '../../../../test/rest-client';
import { TEST_ADMIN } from '../../../../test/server';
import { loadConfig } from '../config';
import { createServer, type PhoneBillingServer } from '../server';
import { mountedQboSimulator } from './qbo';

// `npm start` without credentials: the mounted simulator keeps its company and grants in
// DATA_DIR, our tokens stay (encrypted) in the database, so a restart stays connected.
describe('the mounted QuickBooks simulator across a restart', () => {
  const running: PhoneBillingServer[] = [];

  afterAll(async () => {
    for (const server of running) await server.stop().catch(() => undefined);
  });

  async function start(env: NodeJS.ProcessEnv) {
    const config = loadConfig(env, { port: 0, host: '127.0.0.1' });
    config.webDistDir = null;
    const server = await createServer({ config, logger: false });
    running.push(server);
    const url = await server.start();
    const admin = new RestClient(url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    return { server, admin };
  }

  it('stays connected, with the invoices it holds, after the app restarts', async () => {
    const env: NodeJS.ProcessEnv = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pb-qbo-restart-')),
      DATABASE_URL: await createTestDatabase(),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'warn',
      PATH: process.env.PATH,
      DEMO_DATA: '0',
    };

    const first = await start(env);
    const authUrl = (await first.admin.get('/api/v1/qbo/auth')).body.data.authUrl as string;
    const redirect = new URL(await mountedQboSimulator(first.server.app)!.approve(authUrl));
    expect((await first.admin.get(`/api/v1/qbo/callback?${redirect.searchParams}`)).status).toBe(200);
    const client = await first.server.services.integrations.qbo!.getClient();
    const customer = await client!.findCustomerByDisplayName("Jeff's Jalopies");
    const item = await client!.ensureServiceItem();
    const invoice = await client!.createInvoice(
      {
        CustomerRef: { value: customer!.Id },
        Line: [
          {
            DetailType: 'SalesItemLineDetail',
            Amount: 3,
            SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 60, UnitPrice: 0.05 },
          },
        ],
      },
      { requestId: 'restart-test-1' },
    );
    await first.server.stop();

    const second = await start(env);
    const status = (await second.admin.get('/api/v1/qbo/status')).body.data;
    expect(status).toMatchObject({
      connected: true,
      hasTokens: true,
      simulated: true,
      companyInfo: { companyName: 'Bayshore Voice Services' },
    });
    expect((await second.admin.post('/api/v1/qbo/test-connection', {})).status).toBe(200);
    expect(
      mountedQboSimulator(second.server.app)!
        .invoices()
        .map((stored) => stored.Id),
    ).toEqual([invoice.Id]);
  });
});
