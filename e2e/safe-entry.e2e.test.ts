import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn } from '../test/browser';
import { connectMountedQuickBooks } from '../test/qbo-connect';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Issue 24, safe data entry as a clerk meets it: money typed with a comma is refused next to the
// field, a rate 100× the old one asks first, two tabs cannot undo each other's change, and the
// audit log says what changed (old → new).

describe.skipIf(!chromiumAvailable)('safe data entry', () => {
  let server: TestServer;
  let browser: Browser;
  let profileId: string;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { DEMO_DATA: '0' } });
    const admin = await server.admin();
    await connectMountedQuickBooks(admin);
    const created = await admin.post('/api/v1/customer-profiles', {
      genesysQueueNames: ['Safe Entry Line'],
      qboDisplayName: "Bill's Windsurf Shop",
      ratePerMinute: '0.05',
      notes: 'first note',
    });
    expect(created.status).toBe(201);
    profileId = created.body.data.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const field = (scope: Locator, label: string) =>
    scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

  async function openEdit(page: Page) {
    await page.goto(`${server.url}/customer-profiles`);
    await page.getByRole('button', { name: "Edit Bill's Windsurf Shop" }).click();
    return page.getByRole('dialog', { name: 'Edit Customer Profile' });
  }

  for (const width of [1440, 390]) {
    it(`refuses "0,05" and "1e3" with the field's message next to the field (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
      const dialog = await openEdit(page);
      await field(dialog, 'Rate Per Minute ($)').fill('0,05');
      await field(dialog, 'Minimum Minutes').fill('1e3');
      await field(dialog, 'Overage Rate Per Minute ($)').fill('0.05.1');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      const rateError = dialog.getByText('Use a point for decimals: 0.05', { exact: true });
      await rateError.waitFor();
      await dialog.getByText('Minimum minutes must be a whole number of zero or more').waitFor();
      await dialog.getByText('Overage Rate Per Minute must be a valid number').waitFor();
      // The message is tied to its field for screen readers and sits right under it.
      expect(await field(dialog, 'Rate Per Minute ($)').getAttribute('aria-invalid')).toBe('true');
      const fieldBox = (await field(dialog, 'Rate Per Minute ($)').boundingBox())!;
      const errorBox = (await rateError.boundingBox())!;
      expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
      expect(Math.abs(errorBox.x - fieldBox.x)).toBeLessThan(4);
      // Nothing reached the server: the stored rate is still $0.05.
      const stored = await server.server.services.db.customerProfile.findUniqueOrThrow({ where: { id: profileId } });
      expect(stored.ratePerMinute.toString()).toBe('0.05');
      await page.close();
    });
  }

  it('asks before saving a rate 100× the current one, and saves nothing when told no', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const dialog = await openEdit(page);
    await field(dialog, 'Rate Per Minute ($)').fill('5');
    let question = '';
    page.once('dialog', (browserDialog) => {
      question = browserDialog.message();
      void browserDialog.dismiss();
    });
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => question).toContain('Rate Per Minute $5.00 is 10× or more the current $0.05.');
    expect(question).toContain("Every minute billed to Bill's Windsurf Shop from now on uses it.");
    await dialog.waitFor({ state: 'visible' });
    expect(await field(dialog, 'Rate Per Minute ($)').inputValue()).toBe('5');
    const stored = await server.server.services.db.customerProfile.findUniqueOrThrow({ where: { id: profileId } });
    expect(stored.ratePerMinute.toString()).toBe('0.05');

    // Cancel with edits asks before dropping them, naming the profile.
    let discard = '';
    page.once('dialog', (browserDialog) => {
      discard = browserDialog.message();
      void browserDialog.dismiss();
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => discard)
      .toBe("Discard your unsaved changes to Bill's Windsurf Shop? What you typed will be lost.");
    await dialog.waitFor({ state: 'visible' });
    await page.close();
  });

  it('two tabs: the second save is refused naming who changed it, the form kept, and the audit log shows old → new', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const tabA = await context.newPage();
    await signIn(tabA, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const tabB = await context.newPage();
    const dialogA = await openEdit(tabA);
    const dialogB = await openEdit(tabB);

    await field(dialogA, 'Rate Per Minute ($)').fill('0.06');
    await dialogA.getByRole('button', { name: 'Update', exact: true }).click();
    await dialogA.waitFor({ state: 'hidden' });

    await dialogB.getByRole('textbox', { name: 'Notes' }).fill('only the notes');
    await dialogB.getByRole('button', { name: 'Update', exact: true }).click();
    await dialogB.getByText('Not saved: this profile changed meanwhile').waitFor();
    await dialogB
      .getByText(/^Changed by admin@example\.com at [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}: reload to see their change/)
      .waitFor();
    expect(await dialogB.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe('only the notes');
    const stored = await server.server.services.db.customerProfile.findUniqueOrThrow({ where: { id: profileId } });
    expect([stored.ratePerMinute.toString(), stored.notes]).toEqual(['0.06', 'first note']);

    await tabA.goto(`${server.url}/access-control`);
    await tabA.getByText('ratePerMinute: 0.05 → 0.06').first().waitFor();
    await context.close();
  });

  it('Reschedule All Billing and Delete say what they do to whom, and do nothing when told no', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/customer-profiles`);
    await page.getByRole('button', { name: "Edit Bill's Windsurf Shop" }).waitFor();
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Reschedule All Billing' }).click();
    await page.getByRole('button', { name: "Delete Bill's Windsurf Shop" }).click();
    await expect.poll(() => questions.length).toBe(2);
    expect(questions[0]).toContain('Reschedule billing for all 1 active customer profile?');
    expect(questions[1]!.split('\n')[0]).toBe('Are you sure you want to delete this customer profile?');
    expect(questions[1]).toContain("Bill's Windsurf Shop");
    expect(questions[1]).toContain('Without invoices it is deleted for good.');
    const audit = await server.server.services.db.auditLog.count({
      where: { action: { in: ['customer-profile.rescheduled-all', 'customer-profile.deleted'] } },
    });
    expect(audit).toBe(0);
    expect(await server.server.services.db.customerProfile.count({ where: { id: profileId } })).toBe(1);
    await page.close();
  });

  for (const [width, typed, expected] of [
    [1440, 'surf@', "Bill's Windsurf Shop"],
    [390, 'Amy\u2019s', "Amy's Bird Sanctuary"],
  ] as const) {
    it(`the QuickBooks customer picker finds "${typed}" and picking fills the QuickBooks fields (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
      await page.goto(`${server.url}/customer-profiles`);
      await page.getByRole('button', { name: 'Add Customer Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Customer Profile' });
      await dialog.getByLabel('Find QuickBooks customer').fill(typed);
      const results = dialog.getByRole('list', { name: 'QuickBooks customers found' });
      await results.getByRole('button', { name: new RegExp(`^${expected}`) }).click();
      expect(await field(dialog, 'QBO Display Name').inputValue()).toBe(expected);
      expect(await field(dialog, 'QBO Customer ID').inputValue()).toMatch(/^\d+$/);
      expect(await field(dialog, 'Email').inputValue()).toMatch(/@intuit\.com$/i);
      await results.waitFor({ state: 'detached' });
      await page.close();
    });
  }
});
