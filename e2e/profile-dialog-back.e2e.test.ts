import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn, signInThroughUi } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Issue 24, as a clerk on Customer Profiles: the open profile dialog is in the URL, Back closes it
// and stays on the page; with unsaved edits, Back, Escape and Cancel ask before dropping them, and
// saying no keeps the dialog with what was typed. A link to the dialog (pasted, or a reload while it
// is open) opens it; one to a profile that is gone says so instead; an archived one opens as from the table.

describe.skipIf(!chromiumAvailable)('the profile dialog, Back and unsaved changes', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { DEMO_DATA: '1' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Answers the next browser confirmation with `accept` and returns its text. */
  const nextConfirm = (page: Page, accept: boolean) =>
    new Promise<string>((resolve) =>
      page.once('dialog', (dialog: Dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      }),
    );

  it('Back closes the dialog; unsaved edits are asked about on Back, Escape and Cancel', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/customer-profiles`);
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    const name = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
    const dialog = page.getByRole('dialog', { name: 'Edit Customer Profile' });
    const notes = dialog.locator('#profile-notes');
    const path = () => new URL(page.url()).pathname + new URL(page.url()).search;

    // Untouched: Back closes it at once, and the clerk is still on Customer Profiles.
    await edit.click();
    await notes.waitFor();
    expect(path()).toMatch(/^\/customer-profiles\?profile=[0-9a-f-]{36}$/);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(path()).toBe('/customer-profiles');
    await page.getByRole('button', { name: 'Add Customer Profile' }).waitFor();

    // Edited, then Back: asked; "no" keeps the dialog, what was typed and its place in the URL.
    await edit.click();
    await notes.fill('Call before invoicing');
    const asked = nextConfirm(page, false);
    await page.goBack();
    expect(await asked).toBe(`Discard your unsaved changes to ${name}? What you typed will be lost.`);
    await page.waitForFunction(() => new URLSearchParams(window.location.search).has('profile'));
    expect(await dialog.isVisible()).toBe(true);
    expect(await notes.inputValue()).toBe('Call before invoicing');

    // Escape: asked again; "no" keeps it.
    const escape = nextConfirm(page, false);
    await page.keyboard.press('Escape');
    expect(await escape).toContain('Discard your unsaved changes');
    expect(await notes.inputValue()).toBe('Call before invoicing');

    // Cancel: asked; "yes" drops the edit, closes the dialog and takes it out of the URL.
    const cancel = nextConfirm(page, true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await cancel).toContain('Discard your unsaved changes');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.location.search === '');
    expect(path()).toBe('/customer-profiles');
    // Nothing was saved.
    await edit.click();
    expect(await notes.inputValue()).not.toBe('Call before invoicing');
    await context.close();
  });

  it('a pasted link opens that profile in its dialog; closing takes the link off; archived, gone and new links', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const path = () => new URL(page.url()).pathname + new URL(page.url()).search;
    const editDialog = page.getByRole('dialog', { name: 'Edit Customer Profile' });
    const displayName = editDialog.getByLabel('QBO Display Name');

    // A colleague sends the link of the last profile's dialog.
    const [profile] = await server.server.services.db.customerProfile.findMany({
      where: { archivedAt: null },
      orderBy: { qboDisplayName: 'desc' },
      take: 1,
    });
    const link = `${server.url}/customer-profiles?profile=${profile!.id}`;

    // Pasted into the address bar: the list with that profile's Edit dialog open.
    await page.goto(link);
    await displayName.waitFor();
    expect(await displayName.inputValue()).toBe(profile!.qboDisplayName);
    // Closing it takes the parameter off the address, and the list stays.
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await editDialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.location.search === '');
    expect(path()).toBe('/customer-profiles');
    await page.getByRole('button', { name: `Edit ${profile!.qboDisplayName}` }).waitFor();

    // A reload with the dialog open keeps it open; Back then closes it and stays on the page.
    await page.getByRole('button', { name: `Edit ${profile!.qboDisplayName}` }).click();
    await displayName.waitFor();
    await page.reload();
    await displayName.waitFor();
    expect(await displayName.inputValue()).toBe(profile!.qboDisplayName);
    await page.goBack();
    await editDialog.waitFor({ state: 'detached' });
    expect(path()).toBe('/customer-profiles');
    await page.getByRole('button', { name: 'Add Customer Profile' }).waitFor();

    // ?profile=new is the Add dialog.
    await page.goto(`${server.url}/customer-profiles?profile=new`);
    const addDialog = page.getByRole('dialog', { name: 'Add Customer Profile' });
    await addDialog.getByLabel('QBO Display Name').waitFor();
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await addDialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.location.search === '');

    // A profile that no longer exists: a message, no dialog, and the link leaves the address.
    await page.goto(`${server.url}/customer-profiles?profile=00000000-0000-4000-8000-000000000000`);
    const missing = page.getByRole('alert').filter({ hasText: 'Customer profile not found' });
    await missing.waitFor();
    expect(await missing.textContent()).toContain('No customer profile matches this link');
    await page.waitForFunction(() => window.location.search === '');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await missing.getByRole('button', { name: 'Dismiss' }).click();
    await missing.waitFor({ state: 'detached' });

    // An archived one (archived as DELETE does for a profile with invoices) opens as it does from the
    // table under Status: Archived.
    await server.server.services.db.customerProfile.update({
      where: { id: profile!.id },
      data: { archivedAt: new Date(), isActive: false },
    });
    await page.goto(link);
    await displayName.waitFor();
    expect(await displayName.inputValue()).toBe(profile!.qboDisplayName);
    await context.close();
  });
});
