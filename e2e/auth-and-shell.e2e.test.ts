import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../packages/api/src/auth/passwords';
import { chromiumAvailable, launchBrowser, signInThroughUi, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

const VIEWER = { email: 'viewer@example.com', password: 'viewer-password-1' };

describe.skipIf(!chromiumAvailable)('signing in and the app shell', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    const { db } = server.server.services;
    const viewerRole = await db.role.findUniqueOrThrow({ where: { name: 'viewer' } });
    await db.user.create({
      data: {
        email: VIEWER.email,
        passwordHash: await hashPassword(VIEWER.password),
        roles: { create: [{ roleId: viewerRole.id }] },
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the login page with its validation messages and rejects a wrong password', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    // The page says 'Checking session...' until the session check answers, then shows the form.
    await page.getByRole('heading', { name: 'Phone Billing Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email address').waitFor();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await password.fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('lets the admin in, shows all nine sidebar entries, keeps the session on reload and signs out', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await waitForToast(page, 'Login successful!');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Settings' }).waitFor();
    const entries = await sidebar.getByRole('link').allTextContents();
    expect(entries.map((entry) => entry.trim())).toEqual([
      'Dashboard',
      'Billing Jobs',
      'Invoices',
      'Month end',
      'Customer Profiles',
      'Region & Teams',
      'Company Info',
      'QBO Setup',
      'Genesys Cloud',
      'Access Control',
      'Settings',
    ]);
    expect(await page.getByTestId('user-email').textContent()).toBe(TEST_ADMIN.email);

    await page.reload();
    await page.getByTestId('user-email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.goto(`${server.url}/billing-jobs`);
    await page.waitForURL(`${server.url}/login`);
    await page.close();
  });

  it('shows a viewer only the entries their permissions allow', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server.url, VIEWER.email, VIEWER.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Genesys Cloud' }).waitFor();
    const entries = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(entries.map((entry) => entry.trim())).toEqual([
      'Dashboard',
      'Billing Jobs',
      'Invoices',
      'Month end',
      'Customer Profiles',
      'Genesys Cloud',
    ]);
    await page.goto(`${server.url}/access-control`);
    await page.getByText('Access restricted').waitFor();
    // The screens the spec leaves unguarded say which permission they need, not the server's refusal.
    for (const [path, needs] of [
      ['/company-info', 'Company Info needs the settings:manage or integration:qbo permission.'],
      ['/qbo-setup', 'QBO Setup needs the integration:qbo permission.'],
      ['/region-teams', 'Managing regions and teams needs the region:manage or team:manage permission.'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByText(needs).waitFor();
      await page.getByText('Access restricted').waitFor();
      expect(await page.getByText(/Permission denied|Failed to fetch/).count(), path).toBe(0);
    }
    await page.close();
  });

  it('sends signed-out visitors to /login and shows the error page for unknown routes', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/billing-jobs`);
    await page.waitForURL(`${server.url}/login`);
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/no-such-page`);
    await page.getByText('Unexpected Application Error!').waitFor();
    await context.close();
  });
});
