import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, openRunBillingDialog, signInThroughUi } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// A phone (390×844): lists become cards with every action in reach, tab strips scroll, and the
// slide-in menu behaves like a dialog. A desktop (1440×900): focus goes back to whatever opened a
// modal or the bell when it closes.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The accessible name (or text) of the focused element, and whether it sits inside `selector`. */
async function focused(page: Page, selector?: string): Promise<{ name: string; inside: boolean }> {
  return page.evaluate((within) => {
    const active = document.activeElement as HTMLElement | null;
    const name = active ? active.getAttribute('aria-label') || active.textContent?.trim() || active.tagName : '';
    return { name, inside: Boolean(within && active && active.closest(within)) };
  }, selector);
}

describe.skipIf(!chromiumAvailable)('phones and keyboard focus', () => {
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

  it('long unbroken names (as long as the server takes them) push no screen sideways, on a phone or a desktop', async () => {
    const admin = await server.admin();
    const long = (what: string, length: number) => `${what}${'X'.repeat(length - what.length)}`;
    const profile = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: long('LongCustomer', 190),
      qboCompanyName: long('LongCompany', 150),
      genesysQueueNames: [long('LongQueue', 120)],
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const role = await admin.post('/api/v1/access-control/roles', { name: long('LongRole', 80), actionKeys: [] });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const user = await admin.post('/api/v1/auth/users', {
      email: 'long-role@example.com',
      name: 'Long Role',
      roleIds: [role.body.role.id],
      password: 'long-role-password',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const region = await admin.post('/api/v1/regions', { name: long('LongRegion', 100), isActive: true });
    expect(region.status, JSON.stringify(region.body)).toBe(201);
    const team = await admin.post('/api/v1/teams', {
      name: long('LongTeam', 100),
      regionId: region.body.data.id,
      isActive: true,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage({ viewport });
      await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
      for (const [path, name] of [
        ['/customer-profiles', 'LongCustomer'],
        ['/access-control', 'LongRole'],
        ['/region-teams', 'LongRegion'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await page
          .getByText(new RegExp(`^${name}X`))
          .first()
          .waitFor();
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      }
      // The long profile's actions stay on the screen.
      await page.goto(`${server.url}/customer-profiles`);
      const edit = page.getByRole('button', { name: `Edit ${long('LongCustomer', 190)}` });
      await edit.scrollIntoViewIfNeeded();
      const box = (await edit.boundingBox())!;
      expect(box.x + box.width, `Edit at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      await page.close();
    }
  });

  it('on a phone: profile cards keep every action in reach, the Region tabs scroll, and the menu traps focus and closes on Escape', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Customer Profiles: cards, each with status and its Statistics, Edit and Delete inside the screen.
    await page.goto(`${server.url}/customer-profiles`);
    const cards = page.getByRole('list', { name: 'Customer profiles' }).getByTestId('customer-profile-row');
    await cards.first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const card = cards.first();
    await card.scrollIntoViewIfNeeded();
    await card.getByText(/^(Active|Inactive|No QBO Mapping|No Queues)$/).waitFor();
    for (const action of ['Statistics', 'Edit', 'Delete']) {
      const button = card.getByRole('button', { name: new RegExp(`^${action} `) });
      const box = (await button.boundingBox())!;
      expect(box.x, action).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, action).toBeLessThanOrEqual(PHONE.width);
    }
    await noSidewaysScroll();

    // Region & Teams: the tab strip scrolls sideways (the page does not), and its last tab is reachable.
    await page.goto(`${server.url}/region-teams`);
    const tabs = page.getByRole('tablist');
    await tabs.waitFor();
    const strip = await tabs.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      overflow: getComputedStyle(element).overflowX,
    }));
    expect(strip.scroll).toBeGreaterThan(strip.client);
    expect(strip.overflow).toBe('auto');
    const last = page.getByRole('tab', { name: /^Unassigned Queues/ });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    expect(await last.getAttribute('aria-selected')).toBe('true');
    const box = (await last.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await noSidewaysScroll();

    // The slide-in menu: focus moves in, Tab stays in, Escape closes it and focus returns to its button.
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect((await focused(page, '[data-testid="sidebar"]')).inside).toBe(true);
    for (let step = 0; step < 14; step += 1) {
      await page.keyboard.press('Tab');
      expect((await focused(page, '[data-testid="sidebar"]')).inside, `after ${step + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page, '[data-testid="sidebar"]')).inside).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect((await focused(page)).name).toBe('Open menu');
    expect(await page.getByTestId('sidebar').evaluate((element) => (element as HTMLElement).inert)).toBe(true);
    await page.close();
  });

  it("on a tall desktop: the Run dialog's queue list stays put when the preflight answer appears below it", async () => {
    // Tall enough that the dialog is shorter than the screen, so growing it could move it.
    const page = await browser.newPage({ viewport: { width: 1440, height: 1400 } });
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const dialog = await openRunBillingDialog(page, server.url);
    await dialog.getByRole('button', { name: 'Select all' }).waitFor();
    // The queues' checkboxes come first, then Dry Run and Hold for review.
    const [first, second] = [dialog.getByRole('checkbox').nth(0), dialog.getByRole('checkbox').nth(1)];
    const before = (await second.boundingBox())!;
    await first.check();
    // The preflight answer appears under the list once a queue is ticked.
    await dialog.getByTestId('preflight').waitFor();
    expect((await second.boundingBox())!.y).toBe(before.y);
    await second.check();
    await page.close();
  });

  it('on a desktop: focus returns to the button that opened a modal, the bell or the Run modal', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);

    const closesBackTo = async (open: () => Promise<void>, close: () => Promise<void>, expected: string) => {
      await open();
      await page.getByRole('dialog').waitFor();
      await close();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(async () => (await focused(page)).name).toBe(expected);
    };

    await page.goto(`${server.url}/customer-profiles`);
    await page.getByTestId('customer-profile-row').first().waitFor();
    const add = page.getByRole('button', { name: 'Add Customer Profile' });
    await closesBackTo(
      () => add.click(),
      () => page.keyboard.press('Escape'),
      'Add Customer Profile',
    );
    const stats = page.getByRole('button', { name: /^Statistics for/ }).first();
    const statsName = (await stats.getAttribute('aria-label'))!;
    await closesBackTo(
      () => stats.click(),
      () => page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click(),
      statsName,
    );

    // A modal whose first field takes focus as it opens still hands focus back to its opener.
    await page.goto(`${server.url}/region-teams`);
    await closesBackTo(
      () => page.getByRole('button', { name: 'New Region' }).click(),
      () => page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click(),
      'New Region',
    );

    await page.goto(`${server.url}/billing-jobs`);
    await closesBackTo(
      () => page.getByRole('button', { name: 'Run New Job' }).click(),
      () => page.keyboard.press('Escape'),
      'Run New Job',
    );

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'detached' });
    expect((await focused(page)).name).toMatch(/^Notifications/);
    await page.close();
  });
});
