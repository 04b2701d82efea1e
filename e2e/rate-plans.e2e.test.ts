import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import type { RestClient } from '../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// DESIGN.md §4 "Rate plans", the editor: a clerk turns a profile on the spec's fields into a plan
// (voice minutes, a per-call fee on top, a monthly platform fee) in the profile form's "Rate plan"
// section, sees the live example change, is told what is wrong before saving, saves, and asks what
// the plan would have cost last month.

describe.skipIf(!chromiumAvailable)('the rate plan editor', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: RestClient;
  let profileId: string;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    admin = await server.admin();
    const created = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Plan Editor Co',
      genesysQueueNames: ['Plan Editor Queue'],
      ratePerMinute: '0.10',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    profileId = (created.body.data as { id: string }).id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits the charges with a live example, refuses a bad increment, saves and quotes', async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/customer-profiles`);
    await page
      .getByTestId('customer-profile-row')
      .filter({ hasText: 'Plan Editor Co' })
      .getByRole('button', { name: 'Edit Plan Editor Co' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer Profile' });
    const section = dialog.getByRole('region', { name: 'Rate plan' });
    // The fields' plan: one voice charge at $0.10 a minute (60/60). 7 min 10 s → 8 min = $0.80.
    expect(await section.getByLabel('Charge 1 name').inputValue()).toBe('Phone usage');
    const example = section.getByRole('status').first();
    await example
      .filter({ hasText: 'A 7 min 10 s inbound call at 20:15 on a Tuesday costs $0.80 under this plan (Phone usage)' })
      .waitFor();

    await section.getByLabel('Charge 1 name').fill('Voice');
    await section.getByRole('button', { name: 'Add charge' }).click();
    await section.getByLabel('Charge 2 name').fill('Per-call fee');
    await section.getByLabel('Charge 2 unit').selectOption('interaction');
    await section.getByLabel('Charge 2 price').fill('0.05');
    await section.getByLabel('Charge 2 is priced on top').check();
    await section.getByRole('button', { name: 'Add charge' }).click();
    await section.getByLabel('Charge 3 name').fill('Platform fee');
    await section.getByLabel('Charge 3 unit').selectOption('period');
    await section.getByLabel('Charge 3 price').fill('99.00');
    await example.filter({ hasText: 'costs $0.85 under this plan (Voice + Per-call fee)' }).waitFor();

    // An increment of 0 is explained, and nothing can be saved until it is fixed.
    await section.getByLabel('Charge 1 first increment').fill('0');
    await section.getByText('Charge 1: First increment must be a whole number of seconds from 1 to 3600').waitFor();
    expect(await section.getByRole('button', { name: 'Save rate plan' }).isDisabled()).toBe(true);
    await section.getByLabel('Charge 1 first increment').fill('60');

    await section.getByRole('button', { name: 'Save rate plan' }).click();
    await waitForToast(page, /^Rate plan saved: it applies from/);
    const saved = (await admin.get(`/api/v1/customer-profiles/${profileId}/rate-plan`)).body.data as {
      source: string;
      charges: Array<{ name: string; unit: string; additional: boolean }>;
    };
    expect(saved.source).toBe('plan');
    expect(saved.charges.map((charge) => [charge.name, charge.unit, charge.additional])).toEqual([
      ['Voice', 'minute', false],
      ['Per-call fee', 'interaction', true],
      ['Platform fee', 'period', false],
    ]);

    // No calls last month: the plan would have cost its platform fee.
    await section.getByRole('button', { name: 'What would this plan have cost?' }).click();
    await section.getByLabel('Quote').getByText('Total: $99.00').waitFor();
    await page.close();
  });

  it('makes a charge graduated: tiers added, explained when out of order, removed, saved, and back to one price', async () => {
    const created = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Tiered Co',
      genesysQueueNames: ['Tiered Queue'],
      ratePerMinute: '0.10',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tieredId = (created.body.data as { id: string }).id;
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/customer-profiles`);
    await page
      .getByTestId('customer-profile-row')
      .filter({ hasText: 'Tiered Co' })
      .getByRole('button', { name: 'Edit Tiered Co' })
      .click();
    const section = page
      .getByRole('dialog', { name: 'Edit Customer Profile' })
      .getByRole('region', { name: 'Rate plan' });
    await section.getByLabel('Charge 1 name').fill('Voice');
    await section.getByRole('button', { name: 'Use tiers for charge 1' }).click();
    const tiers = section.getByRole('group', { name: 'Charge 1 tiers' });
    // One open-ended tier at the charge's price; a second one goes before it.
    expect(await tiers.getByLabel('Charge 1 tier 1 price').inputValue()).toBe('0.1000');
    expect(await tiers.getByLabel('Charge 1 tier 1 up to').inputValue()).toBe('');
    await tiers.getByRole('button', { name: 'Add tier to charge 1' }).click();
    expect(await tiers.getByLabel('Charge 1 tier 1 up to').inputValue()).toBe('100');
    expect(await tiers.getByLabel('Charge 1 tier 2 up to').inputValue()).toBe('');
    await tiers.getByLabel('Charge 1 tier 2 price').fill('0.06');
    await tiers.getByRole('button', { name: 'Add tier to charge 1' }).click();
    expect(await tiers.getByLabel('Charge 1 tier 2 up to').inputValue()).toBe('200');
    // Out of order: explained, and nothing can be saved.
    await tiers.getByLabel('Charge 1 tier 2 up to').fill('50');
    await section
      .getByText('Charge 1: Charge "Voice": tiers out of order (tier 2 "up to" 50 is not above 100)')
      .waitFor();
    expect(await section.getByRole('button', { name: 'Save rate plan' }).isDisabled()).toBe(true);
    await tiers.getByRole('button', { name: 'Remove tier 2 of charge 1' }).click();
    await tiers.getByLabel('Charge 1 tier 1 price').fill('0.12');
    // The example's call is the period's first: 8 min at the first tier's $0.12.
    await section.getByRole('status').filter({ hasText: 'costs $0.96 under this plan (Voice)' }).waitFor();
    await section.getByRole('button', { name: 'Save rate plan' }).click();
    await waitForToast(page, /^Rate plan saved: it applies from/);
    const saved = (await admin.get(`/api/v1/customer-profiles/${tieredId}/rate-plan`)).body.data as {
      charges: Array<{ price?: string; tiers?: unknown }>;
    };
    expect(saved.charges[0]).toMatchObject({
      tiers: [
        { upTo: 100, price: '0.12' },
        { upTo: null, price: '0.06' },
      ],
    });
    expect(saved.charges[0]!.price).toBeUndefined();

    await section.getByRole('button', { name: 'Use one price for charge 1' }).click();
    expect(await section.getByLabel('Charge 1 price').inputValue()).toBe('0.12');
    expect(await section.getByRole('group', { name: 'Charge 1 tiers' }).count()).toBe(0);
    await page.close();
  });
});
