import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, insertCalls, stubGenesys } from '../test/billing-kit';
import { chromiumAvailable, launchBrowser, signIn } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Issue 20's rules as a clerk meets them in the browser: the profile form refuses a period rule that
// leaves days unbilled and says why beside the end day; calls no run will bill ("unowned calls") are
// listed on Billing Jobs, in the statistics modal's coverage and on the dashboard, and a clerk
// dismisses them.

describe.skipIf(!chromiumAvailable)('Period rules and unowned calls', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    stubGenesys(server);
    const { db } = server.server.services;
    await db.genesysQueue.createMany({
      data: [
        { id: 'mr-orphan', name: 'Orphan Line' },
        { id: 'mr-late', name: 'Late Start Line' },
      ],
    });
    await createProfile(db, {
      name: 'Late Starter',
      queues: ['Late Start Line'],
      rate: '1.00',
      billingStartDate: '2026-10-01',
    });
    await insertCalls(db, [
      // Orphan Line: nobody holds it (61 s + 30 s bill 3 min).
      { queueId: 'mr-orphan', start: '2026-10-03T17:00:00Z', seconds: 61 },
      { queueId: 'mr-orphan', start: '2026-10-09T17:00:00Z', seconds: 30 },
      // Late Start Line: a call before Late Starter's billing start date (1 min).
      { queueId: 'mr-late', start: '2026-09-20T17:00:00Z', seconds: 45 },
    ]);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the profile form says which days a period rule would never bill, beside the end day', async () => {
    await page.goto(`${server.url}/customer-profiles`);
    await page.getByRole('button', { name: 'Add Customer Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer Profile' });
    const end = dialog.getByLabel('Billing Period End Day');
    await end.fill('15');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const message = 'Days 16–31 would never be billed: a period starting on day 1 ends on day 31';
    await dialog.getByText(message).waitFor();
    // The message belongs to the end day's field (announced with it).
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await end.getAttribute('aria-describedby'))!.split(' ');
    expect(await Promise.all(describedBy.map((id) => dialog.locator(`[id="${id}"]`).textContent()))).toContain(message);
    // Changing the start day checks the rule again: 16..15 covers every day.
    await dialog.getByLabel('Billing Period Start Day').fill('16');
    await dialog.getByText(message).waitFor({ state: 'hidden' });
    await dialog.getByText(/^Days .* would never be billed/).waitFor({ state: 'hidden' });
    expect(await end.getAttribute('aria-invalid')).not.toBe('true');
    await page.keyboard.press('Escape');
  });

  it('lists unowned calls on Billing Jobs, in the coverage and on the dashboard; a clerk dismisses them', async () => {
    await page.goto(`${server.url}/billing-jobs`);
    const panel = page.locator('section[aria-labelledby="unowned-calls-heading"]');
    await panel.getByText('Unowned calls: 3 unowned calls (4 min) will not be billed by any run').waitFor();
    const rows = panel.getByTestId('unowned-queue');
    expect(await rows.count()).toBe(2);
    const orphan = rows.filter({ hasText: 'Orphan Line' });
    expect(await orphan.textContent()).toContain('No active customer profile holds this queue');
    expect(await rows.filter({ hasText: 'Late Start Line' }).textContent()).toContain(
      "Before Late Starter's billing start date 10/01/2026",
    );

    // The holder's statistics show its queue's unowned call in the billing coverage.
    await page.goto(`${server.url}/customer-profiles`);
    await page
      .getByTestId('customer-profile-row')
      .filter({ hasText: 'Late Starter' })
      .getByRole('button', { name: 'Statistics for Late Starter' })
      .click();
    const stats = page.getByRole('dialog', { name: 'Customer Statistics: Late Starter' });
    await stats.getByText("1 unowned call (1 min) on this profile's queues will not be billed by any run").waitFor();
    expect(await stats.getByTestId('coverage-unowned-queue').textContent()).toMatch(
      /^Late Start Line: 1 call, 1 min, .*Before Late Starter's billing start date 10\/01\/2026\.$/,
    );
    await page.keyboard.press('Escape');

    // The dashboard's system issues name them with their count and minutes.
    await page.goto(`${server.url}/`);
    await page.getByRole('tab', { name: 'System' }).click();
    await page
      .getByRole('list', { name: 'System issues' })
      .getByText(
        /^3 unowned calls \(4 min\) will not be billed by any run \(Orphan Line: 2 calls, no active profile holds it;/,
      )
      .waitFor();

    // Dismiss Orphan Line's calls: asked first, then gone from the list.
    await page.goto(`${server.url}/billing-jobs`);
    await page.getByRole('button', { name: 'Dismiss unowned calls on Orphan Line' }).click();
    const confirm = page.getByRole('dialog', { name: 'Dismiss 2 unowned calls (3 min) on Orphan Line?' });
    await confirm.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await page.getByText('2 unowned calls (3 min) on Orphan Line dismissed').first().waitFor();
    await page.getByText('Unowned calls: 1 unowned call (1 min) will not be billed by any run').waitFor();
    expect(await page.getByTestId('unowned-queue').count()).toBe(1);
    const audit = await server.server.services.db.auditLog.findFirstOrThrow({
      where: { action: 'billing.unowned-calls-dismissed' },
    });
    expect(audit).toMatchObject({ actorEmail: TEST_ADMIN.email, target: 'Orphan Line' });
  });

  it('lists five queues of unowned calls at first and the rest on "Show all" (a long list kept the jobs out of reach on a phone)', async () => {
    const { db } = server.server.services;
    const extra = ['A', 'B', 'C', 'D', 'E'].map((letter) => ({
      id: `mr-extra-${letter}`,
      name: `Extra Line ${letter}`,
    }));
    await db.genesysQueue.createMany({ data: extra });
    await insertCalls(
      db,
      extra.map((queue, index) => ({ queueId: queue.id, start: `2026-10-1${index}T17:00:00Z`, seconds: 30 })),
    );
    await page.goto(`${server.url}/billing-jobs`);
    const panel = page.locator('section[aria-labelledby="unowned-calls-heading"]');
    // The title counts every queue's calls (Late Start Line's 1 and one on each new line).
    await panel.getByText('Unowned calls: 6 unowned calls (6 min) will not be billed by any run').waitFor();
    expect(await panel.getByTestId('unowned-queue').count()).toBe(5);
    await panel.getByRole('button', { name: 'Show all 6 queues' }).click();
    expect(await panel.getByTestId('unowned-queue').count()).toBe(6);
    expect(await panel.getByRole('button', { name: /^Show all/ }).count()).toBe(0);
  });
});
