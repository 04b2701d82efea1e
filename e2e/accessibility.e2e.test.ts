import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone } from '../packages/api/src/domain/calendar';
import { accessibilityProblems, chromiumAvailable, launchBrowser, signInThroughUi } from '../test/browser';
import { connectMountedQuickBooks } from '../test/qbo-connect';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// axe-core (from npm, injected into Chromium) over every screen of both specification documents,
// their modals and tabs, at a desktop (1440×900) and a phone (390×844) width: nothing moderate,
// serious or critical anywhere (issue 24: heading order, one main landmark, content in landmarks). Each state is checked where a clerk would see it; the findings of all states
// are compared at once, so one run names every problem.

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

describe.skipIf(!chromiumAvailable)('accessibility (axe-core) of every screen', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { DEMO_DATA: '1' } });
    const admin = await server.admin();
    await connectMountedQuickBooks(admin);
    // A dry run and a real run of yesterday for one demo queue: Job Details with previews and invoices.
    const yesterday = addDays(calendarDateInZone(new Date(), 'America/Los_Angeles'), -1);
    const queue = (await admin.get('/api/v1/billing/queues')).body.data.queues[0].name as string;
    for (const isDryRun of [true, false]) {
      const run = await admin.post('/api/v1/billing/run', {
        billingPeriodStart: yesterday,
        billingPeriodEnd: yesterday,
        isDryRun,
        selectedQueues: [queue],
      });
      expect(run.status).toBe(201);
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // The two widths run at once, each in its own browser context (separate renderer processes), so
  // the file takes less than the two one after the other; each still checks every state.
  for (const viewport of WIDTHS) {
    it.concurrent(
      `finds nothing moderate, serious or critical at ${viewport.width}×${viewport.height}`,
      async ({ expect }) => {
        const context = await browser.newContext({ bypassCSP: true, viewport });
        const page = await context.newPage();
        const problems: Record<string, string[]> = {};
        const check = async (state: string) => {
          const found = await accessibilityProblems(page, 'moderate');
          if (found.length) problems[state] = found;
        };
        const closeDialog = async () => {
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        };
        const phone = viewport.width < 768;

        await page.goto(`${server.url}/login`);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await check('login');
        await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
        // The sign-in toast fades out about two seconds later; axe would measure its text half
        // transparent if a check ran during the fade, so the checks start once it is gone.
        await page.getByText('Login successful!').waitFor({ state: 'detached', timeout: 15_000 });

        // Dashboard: every tab, and the bell.
        await page.getByText('Billing Summary').waitFor();
        await check('dashboard overview');
        for (const tab of ['Billing', 'Schedules', 'System', 'Usage']) {
          await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
          await page.getByRole('tabpanel').waitFor();
          await check(`dashboard ${tab}`);
        }
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
        await check('notifications');
        await page.keyboard.press('Escape');

        if (phone) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('dialog', { name: 'Menu' }).waitFor();
          await check('slide-in menu');
          await page.keyboard.press('Escape');
        }

        // Billing Jobs, the Run modal, and Job Details of a dry run and of a real run.
        await page.goto(`${server.url}/billing-jobs`);
        await page
          .getByTestId('billing-job-row')
          .nth(1)
          .getByText(/Completed|Failed/)
          .waitFor({ timeout: 60_000 });
        await check('billing jobs');
        await page.getByRole('button', { name: 'Run New Job' }).click();
        await page
          .getByRole('dialog', { name: 'Run Billing Job' })
          .getByRole('button', { name: 'Select all' })
          .waitFor();
        await check('run billing job');
        await closeDialog();
        for (const index of [0, 1]) {
          await page
            .getByRole('button', { name: /^View details of/ })
            .nth(index)
            .click();
          await page.getByRole('dialog').getByTestId('job-customer-row').first().waitFor();
          await check(`job details ${index}`);
          await closeDialog();
        }

        // Month end (issue 24).
        await page.goto(`${server.url}/month-end`);
        await page.getByRole('heading', { name: /^Month end: / }).waitFor();
        await check('month end');

        // Customer Profiles, its form and the statistics modal.
        await page.goto(`${server.url}/customer-profiles`);
        await page.getByTestId('customer-profile-row').first().waitFor();
        await check('customer profiles');
        await page.getByRole('button', { name: 'Add Customer Profile' }).click();
        await page
          .getByRole('dialog', { name: 'Add Customer Profile' })
          .getByRole('button', { name: 'Create', exact: true })
          .click();
        await page.getByText('At least one Genesys queue name is required').waitFor();
        await check('add customer profile (with errors)');
        await closeDialog();
        await page
          .getByRole('button', { name: /^Edit / })
          .first()
          .click();
        await page.getByRole('dialog', { name: 'Edit Customer Profile' }).getByText('Current billing').waitFor();
        await check('edit customer profile');
        await closeDialog();
        await page
          .getByRole('button', { name: /^Statistics for/ })
          .first()
          .click();
        await page.getByRole('dialog').getByText('QuickBooks details').waitFor();
        await check('customer statistics');
        await closeDialog();

        // Region & Teams: every tab and the three modals.
        await page.goto(`${server.url}/region-teams`);
        for (const tab of ['Overview', 'Regions', 'Teams', 'Queue Assignments', 'Unassigned Queues']) {
          await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
          await page.getByRole('tabpanel').waitFor();
          await check(`region & teams ${tab}`);
        }
        for (const [button, title] of [
          ['New Region', 'Create New Region'],
          ['New Team', 'Create New Team'],
        ] as const) {
          await page.getByRole('button', { name: button }).click();
          await page.getByRole('dialog', { name: title }).waitFor();
          await check(title);
          await closeDialog();
        }
        const assign = page.getByRole('button', { name: /^Assign to Team/ }).first();
        if (await assign.count()) {
          await assign.click();
          await page.getByRole('dialog', { name: 'Assign Queue to Team' }).waitFor();
          await check('assign queue');
          await closeDialog();
        }

        // QuickBooks screens and the callback's error state.
        await page.goto(`${server.url}/qbo-setup`);
        await page.getByText('Quick Actions').waitFor();
        await check('qbo setup');
        await page.goto(`${server.url}/company-info`);
        await page.getByText('Company Address').waitFor();
        await check('company info');
        await page.goto(`${server.url}/qbo-callback?state=abc`);
        await page.getByText('Authorization code not received. Please try again.').waitFor();
        await check('qbo callback error');

        // Genesys: directory tabs, a day of calls, analytics.
        await page.goto(`${server.url}/genesys`);
        await page.getByRole('tab', { name: /^Users/ }).waitFor();
        await page.getByText('Loading users').waitFor({ state: 'detached' });
        await check('genesys users');
        await page.getByRole('tab', { name: /^Queues/ }).click();
        await page.getByText('Loading queues').waitFor({ state: 'detached' });
        await check('genesys queues');
        const yesterday = addDays(calendarDateInZone(new Date(), 'America/Los_Angeles'), -1);
        await page.getByLabel('Start Date').fill(yesterday);
        await page.getByLabel('End Date').fill(yesterday);
        await page.getByRole('button', { name: 'Get Call Records' }).click();
        await page.getByRole('region', { name: 'Calls summary' }).waitFor();
        await check('genesys calls');
        await page.getByRole('button', { name: 'Get Analytics' }).click();
        await page.getByRole('region', { name: 'Analytics summary' }).waitFor();
        await check('genesys analytics');

        // Access Control with a user's roles open; Settings with the kill switch form.
        await page.goto(`${server.url}/access-control`);
        await page.getByRole('button', { name: `Manage roles of ${TEST_ADMIN.email}` }).click();
        await page.getByRole('group', { name: `Roles of ${TEST_ADMIN.email}` }).waitFor();
        await check('access control');
        await page.goto(`${server.url}/settings`);
        await page.getByRole('button', { name: 'Turn On Kill Switch' }).click();
        await page.getByRole('button', { name: 'Activate Kill Switch' }).click();
        await page.getByText('A reason is required to turn the kill switch on').waitFor();
        await check('settings');

        expect(problems).toEqual({});
        await context.close();
      },
      // Some thirty axe runs and page loads at each width: on a slow or busy machine (a virtual
      // machine where each page fault costs 15 µs took 132 s) more than the project's two minutes.
      300_000,
    );
  }
});
