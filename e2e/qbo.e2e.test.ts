import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedQboSimulator } from '../apps/server/src/areas/qbo';
import { chromiumAvailable, launchBrowser, signIn, signInThroughUi, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

describe.skipIf(!chromiumAvailable)(
  'QuickBooks: connect from QBO Setup through the simulator, then read Company Info',
  () => {
    let testServer: TestServer;
    let browser: Browser;
    let page: Page;
    let origin: string;

    beforeAll(async () => {
      testServer = await startTestServer({ withWebApp: true });
      // The browser opens the app at 127.0.0.1 while APP_ORIGIN says localhost: simulated QuickBooks
      // sends it back where it came from, so the session cookie is there.
      origin = testServer.url;
      expect(new URL(origin).hostname).toBe('127.0.0.1');
      expect(new URL(testServer.server.services.config.appOrigin).hostname).toBe('localhost');
      browser = await launchBrowser();
      page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signInThroughUi(page, origin, TEST_ADMIN.email, TEST_ADMIN.password);
    });

    afterAll(async () => {
      await browser?.close();
      await testServer?.stop();
    });

    it('shows a disconnected, simulated QuickBooks with the real redirect URI', async () => {
      await page.goto(`${origin}/qbo-setup`);
      await expect(page.getByText('Not Connected', { exact: true }).waitFor()).resolves.toBeUndefined();
      expect(await page.getByText('Simulated', { exact: true }).first().isVisible()).toBe(true);
      expect(await page.getByText('Missing', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Not Completed', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(`${origin}/qbo-callback`).first().isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Test Connection' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Refresh Token' }).count()).toBe(0);
    });

    it('goes to the consent page, comes back through /qbo-callback, and lands on a connected QBO Setup', async () => {
      await page.getByRole('button', { name: 'Start OAuth Authorization' }).click();
      await page.waitForURL((url) => url.pathname === '/sim/qbo/connect/oauth2');
      expect(await page.getByText('Bayshore Voice Services').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Approve' }).click();

      await page.waitForURL((url) => url.pathname === '/qbo-callback');
      const callbackUrl = new URL(page.url());
      expect(callbackUrl.searchParams.get('code')).toBeTruthy();
      expect(callbackUrl.searchParams.get('realmId')).toBe(mountedQboSimulator(testServer.server.app)!.realmId);
      await page.getByText('QuickBooks connected successfully!').waitFor();
      expect(await page.getByText('Connected to Bayshore Voice Services.', { exact: false }).isVisible()).toBe(true);

      // Back to QBO Setup after about 3 seconds.
      const backAt = Date.now();
      await page.waitForURL(`${origin}/qbo-setup`, { timeout: 10_000 });
      expect(Date.now() - backAt).toBeLessThan(6000);
      await page.getByText('Connected', { exact: true }).waitFor();
      expect(await page.getByText('Valid', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Completed', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Bayshore Voice Services').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Start OAuth Authorization' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Test Connection' }).click();
      await page.getByText('QBO connection successful!').waitFor();
      // Refreshing spends the refresh token: the app asks with a POST, never a GET a link could trigger.
      const refreshRequest = page.waitForRequest(
        (request) => new URL(request.url()).pathname.startsWith('/trpc/') && request.url().includes('qbo.refreshToken'),
      );
      await page.getByRole('button', { name: 'Refresh Token' }).click();
      expect((await refreshRequest).method()).toBe('POST');
      await waitForToast(page, 'Token refreshed successfully');
    });

    it('denied consent says so, and the connection stays as it was', async () => {
      await page.goto(`${origin}/qbo-setup`);
      await page.getByRole('button', { name: 'Re-authorize' }).click();
      await page.waitForURL((url) => url.pathname === '/sim/qbo/connect/oauth2');
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.waitForURL((url) => url.pathname === '/qbo-callback');
      expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
      await page.getByRole('heading', { name: 'Access denied' }).waitFor();
      await page
        .getByText(
          'Access was denied on the QuickBooks consent page, so QuickBooks is not connected. Start the authorization again and choose Approve to connect.',
        )
        .waitFor();
      expect(await page.getByText('code not received').count()).toBe(0);
      await page.getByRole('button', { name: 'Back to QBO Setup' }).click();
      await page.getByText('Connected', { exact: true }).waitFor();
    });

    it('shows the company on Company Info', async () => {
      await page.getByRole('link', { name: 'View Company Info' }).click();
      await page.waitForURL(`${origin}/company-info`);
      await page.getByText('Bayshore Voice Services LLC').first().waitFor();
      for (const text of [
        'Company Address',
        'Legal Address',
        'Contact Information',
        'Company Settings',
        'System Information',
        'Connection Status',
        'billing@bayshorevoice.example',
        '(650) 944-4444',
        'America/Los_Angeles',
        'IndustryType',
        'Telecommunications',
      ]) {
        expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
      }
      const website = page.getByRole('link', { name: 'https://bayshorevoice.example' });
      expect(await website.getAttribute('href')).toBe('https://bayshorevoice.example');
      expect(await page.getByText('2500 Garcia Ave').count()).toBe(2);
    });

    it('disconnects (revoked at QuickBooks, audited) and re-authorizes', async () => {
      const simulator = mountedQboSimulator(testServer.server.app)!;
      await page.goto(`${origin}/qbo-setup`);
      let prompt = '';
      page.once('dialog', (dialog) => {
        prompt = dialog.message();
        void dialog.accept();
      });
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await waitForToast(page, 'QuickBooks disconnected');
      expect(prompt).toContain('Disconnect QuickBooks?');
      await page.getByText('Not Connected', { exact: true }).waitFor();
      expect(simulator.isConnected()).toBe(false);
      const audit = await testServer.server.services.db.auditLog.findMany({ where: { action: 'qbo.disconnected' } });
      expect(audit).toHaveLength(1);

      await page.getByRole('button', { name: 'Start OAuth Authorization' }).click();
      await page.waitForURL((url) => url.pathname === '/sim/qbo/connect/oauth2');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('QuickBooks connected successfully!').waitFor();
      await page.getByRole('button', { name: 'Go to QBO Setup now' }).click();
      await page.getByText('Connected', { exact: true }).waitFor();
      expect(simulator.isConnected()).toBe(true);
    });

    it('a callback without a code shows the error and a way back', async () => {
      await page.goto(`${origin}/qbo-callback?state=abc`);
      await page.getByText('Authorization code not received. Please try again.').waitFor();
      await page.getByRole('button', { name: 'Back to QBO Setup' }).click();
      await page.waitForURL(`${origin}/qbo-setup`);
    });

    it("a replayed callback URL is refused with the server's message", async () => {
      await page.goto(`${origin}/qbo-callback?code=made-up&state=never-issued&realmId=1`);
      await page.getByText('Invalid or expired authorization state', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'Back to QBO Setup' }).isVisible()).toBe(true);
    });
  },
);

describe.skipIf(!chromiumAvailable)('QBO Setup with real QuickBooks credentials', () => {
  let testServer: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // Real credentials (never used here: nothing is connected) and a public address elsewhere.
    testServer = await startTestServer({
      withWebApp: true,
      env: {
        QBO_CLIENT_ID: 'real-client-id',
        QBO_CLIENT_SECRET: 'real-client-secret',
        APP_ORIGIN: 'https://billing.example.com',
      },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await testServer?.stop();
  });

  it('warns when the browser is not on APP_ORIGIN and says which address to open', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, testServer.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${testServer.url}/qbo-setup`);
    const warning = page.getByTestId('origin-warning');
    await warning.getByText("Open this page at the application's address to connect QuickBooks").waitFor();
    expect(await warning.textContent()).toContain(
      'QuickBooks sends you back to https://billing.example.com (APP_ORIGIN)',
    );
    expect(await warning.getByRole('link').getAttribute('href')).toBe('https://billing.example.com/qbo-setup');
    expect(await page.getByText('https://billing.example.com/qbo-callback').first().isVisible()).toBe(true);
    await page.close();
  });
});
