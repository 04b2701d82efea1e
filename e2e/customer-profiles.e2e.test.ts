import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenesysQueueSummary, GenesysService } from '../packages/api/src/integrations';
import { chromiumAvailable, launchBrowser, signInThroughUi, waitForToast } from '../test/browser';
import { connectMountedQuickBooks } from '../test/qbo-connect';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Customer Profiles as a person uses it: add a profile with a queue and the QuickBooks customer
// found by its display name, edit it, see its statistics, delete it.

const QUEUE: GenesysQueueSummary = {
  id: '00000000-0000-4000-8000-0000000c0e01',
  name: 'E2E Bird Line',
  description: 'Test queue',
  divisionName: 'Home',
};

const fakeGenesys: GenesysService = {
  simulated: true,
  listQueues: async () => [{ ...QUEUE }],
  ensureCallRecords: async () => undefined,
  status: async () => ({ isConnected: true, tokenExpiresAt: null, lastError: null }),
};

describe.skipIf(!chromiumAvailable)('Customer Profiles', () => {
  let server: TestServer;
  let browser: Browser;
  let originalGenesys: GenesysService | undefined;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { DEMO_DATA: '0' } });
    const { services } = server.server;
    originalGenesys = services.integrations.genesys;
    services.integrations.genesys = fakeGenesys;
    await connectMountedQuickBooks(await server.admin());

    // Three voice calls on the test queue half a minute ago (61 s, 120 s, 30 s) and one chat that
    // does not count. Billed per started minute: 120 + 120 + 60 s = 5 minutes.
    const db = services.db;
    await db.genesysQueue.create({
      data: { id: QUEUE.id, name: QUEUE.name, description: QUEUE.description, divisionName: QUEUE.divisionName },
    });
    const start = new Date(Date.now() - 30 * 60_000);
    const calls = [
      { conversationId: 'e2e-call-1', duration: 61, mediaType: 'voice' },
      { conversationId: 'e2e-call-2', duration: 120, mediaType: 'voice' },
      { conversationId: 'e2e-call-3', duration: 30, mediaType: 'voice' },
      { conversationId: 'e2e-chat-1', duration: 600, mediaType: 'chat' },
    ];
    await db.callRecord.createMany({
      data: calls.map((call, index) => ({
        ...call,
        startTime: new Date(start.getTime() + index * 60_000),
        endTime: new Date(start.getTime() + index * 60_000 + call.duration * 1000),
        direction: 'inbound',
        queueId: QUEUE.id,
      })),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (server) server.server.services.integrations.genesys = originalGenesys;
    await server?.stop();
  });

  /** A form control by its label (a required field's label ends with '*'). */
  const field = (scope: Locator, label: string) =>
    scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));
  // Toasts sit outside the open dialog, which hides the rest of the page from the accessibility tree.

  it('adds a profile connected to a QuickBooks customer, edits it, shows its statistics and deletes it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    // The default rate of Settings is what a new profile starts with.
    await page.goto(`${server.url}/settings`);
    await page.getByLabel('Rate per minute (default)').fill('0.85');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await waitForToast(page, 'Settings saved successfully');
    await page.goto(`${server.url}/customer-profiles`);
    await page.getByText('No customer profiles found').waitFor();

    // Add: the spec's messages for an empty form.
    await page.getByRole('button', { name: 'Add Customer Profile' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Customer Profile' });
    await addDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await addDialog.getByText('At least one Genesys queue name is required').waitFor();
    await addDialog.getByText('QBO Display Name is required for QuickBooks integration').waitFor();
    // The rate shows the default once Settings answered (the dialog may open a moment before).
    await expect.poll(() => field(addDialog, 'Rate Per Minute ($)').inputValue()).toBe('0.85');
    expect(await field(addDialog, 'Bill Time').inputValue()).toBe('02:00');
    // Names follow the server's text rules with the server's own messages (one shared schema),
    // before any request: an invisible character pasted into the display name, a control character in a queue name.
    await field(addDialog, 'QBO Display Name').fill('Amy\u200Bs Bird Sanctuary');
    await addDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await addDialog.getByText('QBO Display Name cannot contain invisible formatting characters').waitFor();
    await field(addDialog, 'Queue names').fill('Bird\u0007Line');
    await field(addDialog, 'Queue names').press('Enter');
    // The name is added as a chip before the form is sent.
    await addDialog.getByRole('button', { name: /^Remove queue Bird/ }).waitFor();
    await addDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await addDialog.getByText('Queue name cannot contain control characters').waitFor();
    await addDialog.getByRole('button', { name: /^Remove queue Bird/ }).click();
    await field(addDialog, 'QBO Display Name').fill('');

    // Search QuickBooks by display name, then connect.
    await addDialog.getByRole('button', { name: 'Search QBO Customer ID' }).click();
    await waitForToast(page, 'Please enter a display name to search for');
    await field(addDialog, 'QBO Display Name').fill('Nobody By That Name');
    await addDialog.getByRole('button', { name: 'Search QBO Customer ID' }).click();
    await waitForToast(page, 'No QBO customer found with that display name');
    await field(addDialog, 'QBO Display Name').fill("Amy's Bird Sanctuary");
    await field(addDialog, 'Email').fill('accounts@amys.example');
    await addDialog.getByRole('button', { name: 'Search QBO Customer ID' }).click();
    await waitForToast(page, "Found QBO customer: Amy's Bird Sanctuary");
    await addDialog.getByRole('button', { name: 'Connect to This Customer' }).click();
    expect(await field(addDialog, 'QBO Customer ID').inputValue()).toBe('1');
    expect(await field(addDialog, 'QBO Customer ID').getAttribute('readonly')).not.toBeNull();
    expect(await field(addDialog, 'First Name').inputValue()).toBe('Amy');
    expect(await field(addDialog, 'City').inputValue()).toBe('Bayshore');
    // What was typed is kept: only empty fields are filled.
    expect(await field(addDialog, 'Email').inputValue()).toBe('accounts@amys.example');

    // Queue names: Enter or Add, trimmed, no duplicates; an unknown name is warned about.
    const queueInput = field(addDialog, 'Queue names');
    await queueInput.fill('  E2E Bird Line ');
    await queueInput.press('Enter');
    await queueInput.fill('E2E Bird Line');
    await addDialog.getByRole('button', { name: 'Add queue name' }).click();
    await queueInput.fill('Not A Real Queue');
    await addDialog.getByRole('button', { name: 'Add queue name' }).click();
    await addDialog.getByText("Genesys does not know 'Not A Real Queue'").waitFor();
    await addDialog.getByRole('button', { name: 'Remove queue Not A Real Queue' }).click();
    expect(
      await addDialog.getByRole('list', { name: 'Genesys queue names' }).getByRole('listitem').allTextContents(),
    ).toEqual(['E2E Bird Line']);

    // A new profile has no rate anyone is billed at yet: a rate far below the default is not questioned.
    let asked = '';
    const askedAbout = (browserDialog: { message(): string; dismiss(): Promise<void> }) => {
      asked = browserDialog.message();
      void browserDialog.dismiss();
    };
    page.once('dialog', askedAbout);
    await field(addDialog, 'Rate Per Minute ($)').fill('0.05');
    await addDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForToast(page, 'Customer profile created successfully');
    page.off('dialog', askedAbout);
    expect(asked).toBe('');
    await addDialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('customer-profile-row').filter({ hasText: "Amy's Bird Sanctuary" });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('$0.05/min').waitFor();

    const stored = await server.server.services.db.customerProfile.findFirstOrThrow();
    expect(stored.qboCustomerId).toBe('1');
    expect(stored.qboMetadata).toMatchObject({ Id: '1', DisplayName: "Amy's Bird Sanctuary" });
    expect(stored.nextRunAt).not.toBeNull();

    // Edit: reschedule, clear the phone, raise the rate.
    await row.getByRole('button', { name: "Edit Amy's Bird Sanctuary" }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Customer Profile' });
    await editDialog.getByText('Current billing: day 1 at 02:00').waitFor();
    await editDialog.getByRole('button', { name: 'Reschedule Now' }).click();
    await waitForToast(page, "Billing rescheduled for Amy's Bird Sanctuary");
    await field(editDialog, 'Phone').fill('');
    await field(editDialog, 'Rate Per Minute ($)').fill('0.10');
    await editDialog.getByRole('button', { name: 'Update', exact: true }).click();
    await waitForToast(page, 'Customer profile updated successfully');
    await editDialog.waitFor({ state: 'hidden' });
    await row.getByText('$0.10/min').waitFor();

    // Statistics: 3 voice calls, 5 billed minutes at $0.10 = $0.50, average (61+120+30)/3 s = 1.17 min.
    await row.getByRole('button', { name: "Statistics for Amy's Bird Sanctuary" }).click();
    const stats = page.getByRole('dialog', { name: /Customer Statistics/ });
    await stats.getByText('Usage by queue').waitFor();
    const card = (title: string) => stats.getByText(title, { exact: true }).locator('..');
    expect(await card('Total Calls').textContent()).toContain('3');
    expect(await card('Total Minutes').textContent()).toContain('5');
    expect(await card('Total Amount ($)').textContent()).toContain('$0.50');
    expect(await card('Average Call Duration (min)').textContent()).toContain('1.17');
    const queueRow = stats.getByRole('row').filter({ hasText: 'E2E Bird Line' });
    expect((await queueRow.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([
      'E2E Bird Line',
      '3',
      '5',
      '$0.50',
    ]);
    await stats.getByText('Lauterbach').waitFor();
    expect(await stats.locator('dt:text("Phone") + dd').textContent()).toBe('Not set');
    await stats.getByRole('button', { name: 'Close' }).first().click();
    await stats.waitFor({ state: 'hidden' });

    // Delete, with the spec's confirmation.
    let confirmation = '';
    page.once('dialog', (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await row.getByRole('button', { name: "Delete Amy's Bird Sanctuary" }).click();
    await waitForToast(page, 'Customer profile deleted successfully');
    // The spec's question, and what becomes of a profile with invoices (this one has none: deleted).
    expect(confirmation.split('\n')[0]).toBe('Are you sure you want to delete this customer profile?');
    expect(confirmation).toContain('A profile that has invoices is archived instead');
    await page.getByText('No customer profiles found').waitFor();
    expect(await server.server.services.db.customerProfile.count()).toBe(0);
  });
});
