import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile } from '../test/billing-kit';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import { connectMountedQuickBooks } from '../test/qbo-connect';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// The profile form's Tax Code as a person meets it with a non-US QuickBooks company: the
// company's own codes to pick from, and a code it does not know (saved before QuickBooks was
// connected) shown, marked, and refused on save with the valid codes named.

describe.skipIf(!chromiumAvailable)('Tax codes from the connected QuickBooks company', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { DEMO_DATA: '0' } });
    await connectMountedQuickBooks(await server.admin());
    // The simulator plays a UK company, as its control path lets a newcomer try.
    const switched = await fetch(`${server.url}/sim/qbo/_control/company`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'non-US' }),
    });
    expect(switched.status).toBe(200);
    await createProfile(server.server.services.db, {
      name: 'Thames Telecom',
      queues: ['Thames Line'],
      rate: '0.05',
      taxCode: 'TAX',
      qboCustomerId: '3',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("offers the company's codes, and refuses a code it does not know naming the valid ones", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/customer-profiles`);
    await page.getByRole('button', { name: 'Edit Thames Telecom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer Profile' });
    const taxCode = dialog.getByLabel('Tax Code');
    await dialog.getByText('"TAX" is not a tax code of the connected QuickBooks company: choose one.').waitFor();
    const options = await taxCode.locator('option').allTextContents();
    expect(options).toEqual([
      'Choose a tax code',
      'TAX (not in QuickBooks)',
      '20.0% S — Standard rated (20%)',
      '0.0% Z — Zero-rated',
      'Exempt — Exempt from VAT',
    ]);

    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await page
      .getByText(
        'Tax code "TAX" is not one of this QuickBooks company\'s tax codes. Valid tax codes: 20.0% S [2] (Standard rated (20%)), 0.0% Z [4] (Zero-rated), Exempt [6] (Exempt from VAT).',
      )
      .first()
      .waitFor();

    await taxCode.selectOption({ label: '20.0% S — Standard rated (20%)' });
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await waitForToast(page, 'Customer profile updated successfully');
    const stored = await server.server.services.db.customerProfile.findFirstOrThrow({
      where: { qboDisplayName: 'Thames Telecom' },
    });
    expect(stored.taxCode).toBe('2');
    await page.close();
  });
});
