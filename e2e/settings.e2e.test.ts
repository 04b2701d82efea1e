import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn, signInThroughUi, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

const VIEWER = { email: 'viewer@example.com', password: 'viewer-password-1' };

describe.skipIf(!chromiumAvailable)('Settings in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    const admin = await server.admin();
    const roles = (await admin.get('/api/v1/auth/roles')).body.roles as Array<{ id: string; name: string }>;
    await admin.post('/api/v1/auth/users', {
      email: VIEWER.email,
      password: VIEWER.password,
      roleIds: [roles.find((r) => r.name === 'viewer')!.id],
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the kill switch turned on in one browser shows as on in another user's browser after reload", async () => {
    const viewer = await (await browser.newContext()).newPage();
    await signIn(viewer, server.url, VIEWER.email, VIEWER.password);
    await viewer.goto(`${server.url}/settings`);
    await expect(viewer.getByTestId('kill-switch-state').textContent()).resolves.toBe('OFF: billing can run');
    // Read-only for a user without settings:manage.
    expect(await viewer.getByRole('button', { name: 'Save Settings' }).isDisabled()).toBe(true);
    expect(await viewer.getByLabel('Timezone').isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Turn On Kill Switch' }).count()).toBe(0);

    const admin = await (await browser.newContext()).newPage();
    await signInThroughUi(admin, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await admin.getByRole('link', { name: 'Settings' }).click();
    await admin.getByRole('button', { name: 'Turn On Kill Switch' }).click();
    await admin.getByLabel('Reason').fill('Month-end audit');
    await admin.getByRole('button', { name: 'Activate Kill Switch' }).click();
    await waitForToast(admin, 'Kill switch activated: all billing jobs are paused');
    await expect(admin.getByTestId('kill-switch-state').textContent()).resolves.toBe('ON: billing paused');

    await viewer.reload();
    await viewer.getByTestId('kill-switch-state').getByText('ON: billing paused').waitFor();
    const history = await viewer.getByTestId('kill-switch-history').textContent();
    expect(history).toContain(`Turned on by ${TEST_ADMIN.email}`);
    expect(history).toContain('Month-end audit');

    await admin.getByRole('button', { name: 'Deactivate Kill Switch' }).click();
    await waitForToast(admin, 'Kill switch deactivated: billing jobs can run');
    await viewer.reload();
    await viewer.getByTestId('kill-switch-state').getByText('OFF: billing can run').waitFor();
  });

  it('Save Settings persists billing configuration and checkboxes across a reload', async () => {
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await admin.goto(`${server.url}/settings`);
    await expect(admin.getByLabel('Timezone').inputValue()).resolves.toBe('America/Los_Angeles');
    const options = await admin.getByLabel('Timezone').locator('option').allTextContents();
    expect(options.map((text) => text.split(' ')[0])).toEqual(['Pacific', 'Mountain', 'Central', 'Eastern', 'UTC']);

    await admin.getByLabel('Rate per minute (default)').fill('-1');
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await admin.getByText('Rate Per Minute must be zero or greater').waitFor();

    await admin.getByLabel('Rate per minute (default)').fill('0.85');
    await admin.getByLabel('Timezone').selectOption('America/New_York');
    await admin.getByLabel('Billing increment').selectOption('6');
    await admin.getByLabel('Kill switch changes').uncheck();
    await admin.getByLabel('Sign out sessions idle for 30 minutes').check();
    // A timezone change asks first and says what it does to periods and invoices (issue 24).
    let question = '';
    admin.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await waitForToast(admin, 'Settings saved successfully');
    expect(question).toContain('Change the company timezone from America/Los_Angeles to America/New_York?');
    expect(question).toContain('calls already billed stay billed in the old zone');

    await admin.reload();
    await expect(admin.getByLabel('Timezone').inputValue()).resolves.toBe('America/New_York');
    await expect(admin.getByLabel('Rate per minute (default)').inputValue()).resolves.toBe('0.85');
    await expect(admin.getByLabel('Billing increment').inputValue()).resolves.toBe('6');
    expect(await admin.getByLabel('Kill switch changes').isChecked()).toBe(false);
    expect(await admin.getByLabel('Sign out sessions idle for 30 minutes').isChecked()).toBe(true);
    expect(await admin.getByLabel('Billing job failures').isChecked()).toBe(true);
    await expect(admin.getByLabel('Database').inputValue()).resolves.toMatch(/PostgreSQL/);
  });

  it('profile, password messages and API tokens', async () => {
    const viewer = await (await browser.newContext()).newPage();
    await signIn(viewer, server.url, VIEWER.email, VIEWER.password);
    await viewer.goto(`${server.url}/settings`);

    await viewer.getByLabel('Display name').fill('');
    await viewer.getByRole('button', { name: 'Save Profile' }).click();
    await viewer.getByText('Display name cannot be empty').waitFor();
    await viewer.getByLabel('Display name').fill('Vera Viewer');
    await viewer.getByRole('button', { name: 'Save Profile' }).click();
    await waitForToast(viewer, 'Profile updated');

    await viewer.getByRole('button', { name: 'Update Password' }).click();
    await viewer.getByText('Current password is required').waitFor();
    await viewer.getByLabel('Current password').fill(VIEWER.password);
    await viewer.getByLabel('New password', { exact: true }).fill('short');
    await viewer.getByRole('button', { name: 'Update Password' }).click();
    await viewer.getByText('New password must be at least 8 characters').waitFor();
    await viewer.getByLabel('New password', { exact: true }).fill('viewer-password-2');
    await viewer.getByLabel('Confirm new password').fill('viewer-password-3');
    await viewer.getByRole('button', { name: 'Update Password' }).click();
    await viewer.getByText('New password and confirmation do not match').waitFor();

    await viewer.getByLabel('Token name').fill('nightly export');
    await viewer.getByRole('button', { name: 'Create Token' }).click();
    await waitForToast(viewer, 'API token created');
    const secret = (await viewer.getByTestId('new-token').locator('code').textContent())!;
    expect(secret).toMatch(/^pbt_/);
    const bearer = server.anonymous().withBearer(secret);
    expect((await bearer.get('/api/v1/auth/me')).body.user.email).toBe(VIEWER.email);

    viewer.once('dialog', (dialog) => void dialog.accept());
    await viewer.getByRole('button', { name: 'Revoke nightly export' }).click();
    await waitForToast(viewer, 'API token revoked');
    await viewer.getByText('You have no API tokens.').waitFor();
    expect((await bearer.get('/api/v1/auth/me')).status).toBe(401);
  });
});
