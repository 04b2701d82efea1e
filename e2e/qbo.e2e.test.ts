import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedQboSimulator } from '../apps/server/src/areas/qbo';
import { chromiumAvailable, launchBrowser, signInThroughUi } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

describe.skipIf(!chromiumAvailable)('QuickBooks: connect from QBO Setup through the simulator, then read Company Info', () => {
  let testServer: TestServer;
  let browser: Browser;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    testServer = await startTestServer({ withWebApp: true });
    // The browser uses the app's own origin: the redirect URI QuickBooks returns to is on it.
    origin = testServer.server.services.config.appOrigin;
    browser = await launchBrowser();
    page = await browser.newPage();
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
    await page.getByRole('button', { name: 'Refresh Token' }).click();
    await page.getByText('Token refreshed successfully').waitFor();
  });

  it('shows the company on Company Info', async () => {
    await page.getByRole('link', { name: 'View Company Info' }).click();
    await page.waitForURL(`${origin}/company-info`);
    await page.getByText('Bayshore Voice Services LLC').first().waitFor();
    for (const text of ['Company Address', 'Legal Address', 'Contact Information', 'Company Settings', 'System Information', 'Connection Status', 'billing@bayshorevoice.example', '(650) 944-4444', 'America/Los_Angeles', 'IndustryType', 'Telecommunications']) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    const website = page.getByRole('link', { name: 'https://bayshorevoice.example' });
    expect(await website.getAttribute('href')).toBe('https://bayshorevoice.example');
    expect(await page.getByText('2500 Garcia Ave').count()).toBe(2);
  });

  it('a callback without a code shows the error and a way back', async () => {
    await page.goto(`${origin}/qbo-callback?state=abc`);
    await page.getByText('Authorization code not received. Please try again.').waitFor();
    await page.getByRole('button', { name: 'Back to QBO Setup' }).click();
    await page.waitForURL(`${origin}/qbo-setup`);
  });

  it('a replayed callback URL is refused with the server\'s message', async () => {
    await page.goto(`${origin}/qbo-callback?code=made-up&state=never-issued&realmId=1`);
    await page.getByText('Invalid or expired authorization state', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Back to QBO Setup' }).isVisible()).toBe(true);
  });
});
