import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn, signInThroughUi, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

const DESK = { email: 'desk@example.com', password: 'desk-password-1' };

async function sidebarEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

describe.skipIf(!chromiumAvailable)('Access Control in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin creates a permission, a role holding it and a user; the user sees exactly what the role allows until the role is removed', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInThroughUi(admin, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await admin.getByRole('link', { name: 'Access Control' }).click();
    await admin.getByRole('table', { name: 'Users' }).getByText(TEST_ADMIN.email).waitFor();

    // Validation messages of the three forms.
    const permissionForm = admin.getByRole('form', { name: 'Create Permission' });
    await permissionForm.getByRole('button', { name: 'Create Permission' }).click();
    await permissionForm.getByText('Permission key and description are required').first().waitFor();
    const roleForm = admin.getByRole('form', { name: 'Create Role' });
    await roleForm.getByRole('button', { name: 'Create Role' }).click();
    await roleForm.getByText('Role name is required').waitFor();
    const userForm = admin.getByRole('form', { name: 'Add New User' });
    await userForm.getByRole('button', { name: 'Add User' }).click();
    await userForm.getByText('Email is required').waitFor();
    await userForm.getByLabel('Email').fill('someone@example.com');
    await userForm.getByLabel('Temporary password').fill('short');
    await userForm.getByRole('button', { name: 'Add User' }).click();
    await userForm.getByText('Password must be at least 8 characters').waitFor();

    // A permission, inserted in key order.
    await permissionForm.getByLabel('Permission key').fill('reports:export');
    await permissionForm.getByLabel('Permission description').fill('Export reports');
    await permissionForm.getByRole('button', { name: 'Create Permission' }).click();
    await waitForToast(admin, 'Permission created');
    const permissions = admin.getByRole('region', { name: 'Permissions' }).locator('code');
    await permissions.getByText('reports:export').waitFor();
    const keys = await permissions.allTextContents();
    expect(keys).toEqual([...keys].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    // A duplicate key is refused with the server's message.
    await permissionForm.getByLabel('Permission key').fill('Reports:Export');
    await permissionForm.getByLabel('Permission description').fill('Again');
    await permissionForm.getByRole('button', { name: 'Create Permission' }).click();
    await waitForToast(admin, 'A permission with the key Reports:Export already exists');

    // A role holding it and customer:view.
    await roleForm.getByLabel('Role name').fill('Customer Desk');
    await roleForm.getByRole('checkbox', { name: /reports:export/ }).check();
    await roleForm.getByRole('checkbox', { name: /^customer:view/ }).check();
    await roleForm.getByRole('button', { name: 'Create Role' }).click();
    await waitForToast(admin, 'Role created');
    const roleCard = admin.getByTestId('role-Customer Desk');
    await roleCard.getByText('reports:export').waitFor();
    const roleNames = await admin
      .getByRole('region', { name: 'Roles' })
      .locator('li > div:first-child')
      .allTextContents();
    expect(roleNames).toEqual(['admin', 'billing-manager', 'Customer Desk', 'viewer']);

    // A user with that role and a password.
    await userForm.getByLabel('Email').fill(DESK.email);
    await userForm.getByLabel('Name').fill('Desk Person');
    await userForm.getByLabel('Temporary password').fill(DESK.password);
    await userForm.getByRole('checkbox', { name: 'Customer Desk' }).check();
    await userForm.getByRole('button', { name: 'Add User' }).click();
    await waitForToast(admin, 'User created. Share the password you set with them.');
    const firstRow = admin.getByRole('table', { name: 'Users' }).locator('tbody tr').first();
    await expect(firstRow.textContent()).resolves.toContain(DESK.email);
    await expect(firstRow.textContent()).resolves.toContain('Customer Desk');

    // The new user sees exactly the entries the role allows.
    const deskContext = await browser.newContext();
    const desk = await deskContext.newPage();
    await signInThroughUi(desk, server.url, DESK.email, DESK.password);
    expect(await sidebarEntries(desk)).toEqual(['Customer Profiles']);

    // The admin removes the role; the user loses the entry on the next navigation.
    await admin.getByRole('button', { name: `Manage roles of ${DESK.email}` }).click();
    await admin
      .getByRole('group', { name: `Roles of ${DESK.email}` })
      .getByRole('checkbox', { name: 'Customer Desk' })
      .uncheck();
    await waitForToast(admin, 'Roles updated');
    await expect(admin.getByTestId(`user-row-${DESK.email}`).textContent()).resolves.toContain('No roles');

    await desk.goto(`${server.url}/customer-profiles`);
    await desk.getByText('Access restricted').waitFor();
    expect(await sidebarEntries(desk)).toEqual([]);

    // The admin cannot take away their own access. A click, not uncheck(): the box flips until the
    // server refuses and then goes back, and uncheck() fails when the refusal comes before it looks.
    await admin.getByRole('button', { name: `Manage roles of ${TEST_ADMIN.email}` }).click();
    await admin
      .getByRole('group', { name: `Roles of ${TEST_ADMIN.email}` })
      .getByRole('checkbox', { name: 'admin' })
      .click();
    await waitForToast(admin, 'You cannot remove your own system:manage-access permission');
    // The box goes back to what the server holds.
    await expect
      .poll(() =>
        admin
          .getByRole('group', { name: `Roles of ${TEST_ADMIN.email}` })
          .getByRole('checkbox', { name: 'admin' })
          .isChecked(),
      )
      .toBe(true);

    // The audit log shows what happened, newest first (once the toasts above it have gone: a clean-clone
    // run found one over the Reload button for 30 s).
    await expect.poll(() => admin.locator('[data-rht-toaster] [role="status"]').count(), { timeout: 60_000 }).toBe(0);
    await admin.getByRole('button', { name: 'Reload' }).click();
    const audit = admin.getByRole('table', { name: 'Audit log' });
    await audit.getByText('access.user-roles-changed').first().waitFor();
    await audit.getByText('access.role-created').waitFor();
    await audit.getByText('access.permission-created').waitFor();
    await adminContext.close();
    await deskContext.close();
  });

  it('a user added without a password chooses one through the one-time link, which then stops working', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await admin.goto(`${server.url}/access-control`);
    const userForm = admin.getByRole('form', { name: 'Add New User' });
    await userForm.getByLabel('Email').fill('newcomer@example.com');
    await userForm.getByRole('checkbox', { name: 'viewer' }).check();
    await userForm.getByRole('button', { name: 'Add User' }).click();
    await waitForToast(admin, 'User created. Ask them to reset their password via the login screen.');
    const link = (await admin.getByTestId('setup-link').locator('code').textContent())!;
    expect(link).toMatch(/\/login\?setup=/);
    const setupUrl = link.replace(/^https?:\/\/[^/]+/, server.url);

    const newcomerContext = await browser.newContext();
    const newcomer = await newcomerContext.newPage();
    await newcomer.goto(setupUrl);
    await newcomer.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await newcomer.getByText('newcomer@example.com').waitFor();
    await newcomer.getByLabel('New password').fill('newcomer-pass');
    await newcomer.getByLabel('Confirm password').fill('different-pass');
    await newcomer.getByRole('button', { name: 'Set password and sign in' }).click();
    await newcomer.getByText('Password and confirmation do not match').waitFor();
    await newcomer.getByLabel('Confirm password').fill('newcomer-pass');
    await newcomer.getByRole('button', { name: 'Set password and sign in' }).click();
    await newcomer.waitForURL(`${server.url}/`);
    await expect(newcomer.getByTestId('user-email').textContent()).resolves.toBe('newcomer@example.com');
    expect(await sidebarEntries(newcomer)).toEqual([
      'Dashboard',
      'Billing Jobs',
      'Invoices',
      'Month end',
      'Customer Profiles',
      'Genesys Cloud',
    ]);

    const again = await (await browser.newContext()).newPage();
    await again.goto(setupUrl);
    await again.getByText(/invalid, expired or has already been used/).waitFor();
    await adminContext.close();
    await newcomerContext.close();
  });

  it('the login screen says who resets a forgotten password; the admin sends a reset link from a user card on a phone, and it works once', async () => {
    // The person who forgot: the login screen explains the way.
    const personContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const person = await personContext.newPage();
    await person.goto(`${server.url}/login`);
    await person.getByRole('button', { name: 'Forgot password?' }).click();
    await person
      .getByText('Ask an administrator to send you a password reset link (Access Control → Send reset link).', {
        exact: false,
      })
      .waitFor();

    // The administrator, on a phone: users are cards, every action reachable.
    const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await adminContext.newPage();
    await signIn(admin, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await admin.goto(`${server.url}/access-control`);
    const card = admin.getByRole('list', { name: 'Users' }).getByTestId(`user-row-${DESK.email}`);
    await card.waitFor();
    expect(await admin.getByRole('table', { name: 'Users' }).count()).toBe(0);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole('button', { name: `Manage roles of ${DESK.email}` }).click();
    await card
      .getByRole('group', { name: `Roles of ${DESK.email}` })
      .getByRole('checkbox', { name: 'viewer' })
      .waitFor();
    await card.getByRole('button', { name: `Send reset link to ${DESK.email}` }).click();
    await waitForToast(admin, 'Reset link created. Send it to the user: it works once, within 72 hours.');
    const link = (await admin.getByTestId('reset-link').locator('code').textContent())!;
    // The audit log is cards on a phone as well: nothing of it is out of reach sideways.
    const auditEntries = admin.getByRole('list', { name: 'Audit log' }).getByTestId('audit-entry');
    await admin.reload();
    await auditEntries.filter({ hasText: 'auth.reset-link-created' }).filter({ hasText: DESK.email }).first().waitFor();
    expect(await admin.getByRole('table', { name: 'Audit log' }).count()).toBe(0);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(link).toMatch(/\/login\?reset=[a-z0-9]+$/);
    const resetUrl = link.replace(/^https?:\/\/[^/]+/, server.url);

    await person.goto(resetUrl);
    await person.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await person.getByText(DESK.email).waitFor();
    await person.getByLabel('New password').fill('desk-password-2');
    await person.getByLabel('Confirm password').fill('desk-password-2');
    await person.getByRole('button', { name: 'Set password and sign in' }).click();
    await person.waitForURL(`${server.url}/`);
    expect(
      await server
        .anonymous()
        .post('/api/v1/auth/sign-in', { email: DESK.email, password: DESK.password })
        .then((answer) => answer.status),
    ).toBe(401);
    await person.goto(resetUrl);
    await person.getByText(/invalid, expired or has already been used/).waitFor();
    await adminContext.close();
    await personContext.close();
  });
});
