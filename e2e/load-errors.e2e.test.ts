import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// When a call answers with a proxy's HTML 502 page or the network drops, the clerk reads the
// catalogue's words (spec 000 §8, 001 §8), never "Unexpected token '<'" or "Failed to fetch";
// a screen that could not load says so with Retry instead of showing empty lists or zeros.

const BAD_GATEWAY_PAGE = '<html><body><h1>502 Bad Gateway</h1></body></html>';
// The browser's bare "Failed to fetch" (the catalogue's texts go on: "Failed to fetch users").
const JARGON = /Unexpected token|is not valid JSON|Failed to fetch(?! \w)|NetworkError|Load failed/;

/** Fails the tRPC calls of `procedure` (in any batch) the given way until `release` is called. */
async function breakCalls(page: Page, procedure: string, how: 'html-502' | 'network-drop') {
  const handler = (route: Route) => {
    if (!new URL(route.request().url()).pathname.includes(procedure)) return route.continue();
    return how === 'html-502'
      ? route.fulfill({ status: 502, contentType: 'text/html', body: BAD_GATEWAY_PAGE })
      : route.abort('failed');
  };
  await page.route('**/trpc/**', handler);
  return () => page.unroute('**/trpc/**', handler);
}

describe.skipIf(!chromiumAvailable)('failed calls', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { DEMO_DATA: '1' } });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const screens = [
    {
      path: '/customer-profiles',
      procedure: 'customerProfiles.list',
      text: 'Failed to fetch customer profiles',
      how: 'html-502',
      loaded: () => page.getByTestId('customer-profile-row').first(),
    },
    {
      path: '/region-teams',
      procedure: 'regions.listRegions',
      text: 'Failed to load regions',
      how: 'network-drop',
      loaded: () => page.getByRole('tab', { name: /^Overview/ }),
    },
    {
      path: '/access-control',
      procedure: 'accessControl.listUsers',
      text: 'Failed to load access data',
      how: 'html-502',
      loaded: () => page.getByRole('table', { name: 'Users' }),
    },
    {
      path: '/genesys',
      procedure: 'genesys.',
      text: 'Failed to fetch users',
      how: 'network-drop',
      loaded: () => page.getByRole('table', { name: 'Genesys users' }),
    },
    {
      path: '/billing-jobs',
      procedure: 'billing.jobs',
      text: 'Failed to load billing jobs',
      how: 'html-502',
      loaded: () => page.getByText('No billing jobs yet'),
    },
  ] as const;

  for (const screen of screens) {
    it(`${screen.path}: a failed load (${screen.how}) says "${screen.text}" with Retry, never empty data`, async () => {
      const release = await breakCalls(page, screen.procedure, screen.how);
      await page.goto(`${server.url}${screen.path}`);
      const failure = page.getByTestId('load-error');
      await failure.getByText(screen.text, { exact: true }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('status')
        .or(page.getByRole('alert'))
        .getByText(screen.text, { exact: true })
        .first()
        .waitFor();
      expect(await page.locator('body').textContent()).not.toMatch(JARGON);
      if (screen.path === '/region-teams') expect(await page.getByText('Need attention').count()).toBe(0); // no "0 regions" cards
      if (screen.path === '/genesys') {
        // The summary says nothing it could not load: no "Disconnected", no zero users or queues.
        const summary = page.getByRole('region', { name: 'Genesys summary' });
        await summary.getByText('Unknown', { exact: true }).waitFor();
        const text = (await summary.textContent()) ?? '';
        expect(text).not.toContain('Disconnected');
        expect(text).toContain('Total Users—');
        expect(text).toContain('Total Queues—');
      }
      await release();
      await failure.getByRole('button', { name: 'Retry' }).click();
      await screen.loaded().waitFor();
      expect(await failure.count()).toBe(0);
    });
  }

  it('failed changes toast the catalogue text: run a job, create a region, reschedule all billing', async () => {
    const expectToast = async (text: string) => {
      await waitForToast(page, text);
      expect(await page.locator('body').textContent()).not.toMatch(JARGON);
    };

    await page.goto(`${server.url}/billing-jobs`);
    let release = await breakCalls(page, 'billing.run', 'network-drop');
    await page.getByRole('button', { name: 'Run New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run Billing Job' });
    await dialog.getByRole('button', { name: 'Select all' }).click();
    await dialog.getByLabel('Dry Run (no invoices created)').check();
    await dialog.getByRole('button', { name: 'Run Billing Job' }).click();
    await expectToast('Failed to start billing job');
    await release();
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/region-teams`);
    release = await breakCalls(page, 'regions.createRegion', 'html-502');
    await page.getByRole('button', { name: 'New Region' }).click();
    await page.getByLabel(/^Region Name/).fill('North');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Region' }).click();
    await expectToast('Failed to create region');
    await release();
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/customer-profiles`);
    await page.getByTestId('customer-profile-row').first().waitFor();
    release = await breakCalls(page, 'customerProfiles.rescheduleAllBilling', 'html-502');
    page.once('dialog', (dialog) => void dialog.accept()); // Reschedule All asks first (issue 24)
    await page.getByRole('button', { name: 'Reschedule All Billing' }).click();
    await expectToast('Failed to reschedule all billing');
    await release();
  });
});
