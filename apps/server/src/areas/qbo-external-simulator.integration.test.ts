import { createQboSimulator } from '@phone-billing/integrations/qbo/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/server';
import { mountedQboSimulator } from './qbo';

// QBO_SIMULATOR_URL: the app talks to a simulator running outside its process (it outlives
// the app's processes, as a real QuickBooks would).
describe('QuickBooks at QBO_SIMULATOR_URL', () => {
  const simulator = createQboSimulator();
  let listening: { url: string; close(): Promise<void> };
  let testServer: TestServer;

  beforeAll(async () => {
    listening = await simulator.listen();
    testServer = await startTestServer({
      env: {
        QBO_SIMULATOR_URL: listening.url,
        QBO_CLIENT_ID: simulator.credentials.clientId,
        QBO_CLIENT_SECRET: simulator.credentials.clientSecret,
      },
    });
  });

  afterAll(async () => {
    await testServer?.stop();
    await listening?.close();
  });

  it('authorizes against the outside simulator and reads the company from it', async () => {
    const admin = await testServer.admin();
    expect(mountedQboSimulator(testServer.server.app)).toBeUndefined();
    expect((await admin.get('/sim/qbo/connect/oauth2')).status).toBe(404);
    expect(testServer.server.services.config.simulated.qbo).toBe(true);

    const status = await admin.get('/api/v1/qbo/status');
    expect(status.body.data).toMatchObject({
      simulated: true,
      clientId: 'configured',
      redirectUri: `${testServer.url}/qbo-callback`,
      authenticated: false,
    });
    // Simulated QuickBooks sends the browser back to the origin it used, whatever APP_ORIGIN says.
    expect(status.body.data.redirectFollowsBrowser).toBe(true);

    const authUrl = (await admin.get('/api/v1/qbo/auth')).body.data.authUrl as string;
    expect(authUrl.startsWith(`${listening.url}/connect/oauth2?`)).toBe(true);
    const redirect = new URL(await simulator.approve(authUrl));
    expect(redirect.origin + redirect.pathname).toBe(`${testServer.url}/qbo-callback`);
    const callback = await admin.get(`/api/v1/qbo/callback?${redirect.searchParams}`);
    expect(callback.status).toBe(200);
    expect(callback.body.data.companyName).toBe('Bayshore Voice Services');
    expect(simulator.isConnected()).toBe(true);

    const info = await admin.get('/api/v1/qbo/company-info');
    expect(info.body.data.CompanyInfo.CompanyName).toBe('Bayshore Voice Services');
  });
});
