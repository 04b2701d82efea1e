import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedQboSimulator } from '../apps/server/src/areas/qbo';
import type { QboSimulator } from '../packages/integrations/src/qbo/simulator';
import { seriousAccessibilityViolations } from '../test/accessibility';
import { chromiumAvailable, launchBrowser, signIn, signInThroughUi } from '../test/browser';
import type { RestClient } from '../test/rest-client';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Issue 22's "Done when", as a newcomer does it: a real billing job (simulated Genesys calls,
// simulated QuickBooks connected through its consent page), then the simulator's company page in
// the browser: a partial payment on one invoice, a void of another. Within a minute the Invoices
// screen shows Partially paid with the right balance and Voided, Job Details offers "Release for
// re-billing"; one invoice e-mailed from Job Details shows "Sent" with the time; with webhooks
// dropped, the next sync interval brings a payment all the same.

const SYNC_SECONDS = 8;
const TIME_ZONE = 'America/Los_Angeles';
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

function lastMonth(): { start: string; end: string } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

describe.skipIf(!chromiumAvailable)('Invoices after sending: payments, voids and e-mail from QuickBooks', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: RestClient;
  let qbo: QboSimulator;
  let jobId: string;
  let invoices: Array<{ Id: string; DocNumber: string; TotalAmt: number }>;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { QBO_SYNC_INTERVAL_SECONDS: String(SYNC_SECONDS) } });
    admin = await server.admin();
    qbo = mountedQboSimulator(server.server.app)!;
    const authUrl = (await admin.get('/api/v1/qbo/auth')).body.data.authUrl as string;
    const consent = new URL(await qbo.approve(authUrl));
    expect((await admin.get(`/api/v1/qbo/callback${consent.search}`)).status).toBe(200);

    const month = lastMonth();
    const suggestions = (await admin.get('/api/v1/customer-profiles/queue-suggestions')).body.data as Array<{
      name: string;
    }>;
    const queues = suggestions.slice(0, 3).map((suggestion) => suggestion.name);
    const names = ["Amy's Bird Sanctuary", "Bill's Windsurf Shop", 'Cool Cars'];
    for (const [index, queue] of queues.entries()) {
      const answer = await admin.post('/api/v1/customer-profiles', {
        qboDisplayName: names[index],
        qboCustomerId: String(index + 1),
        genesysQueueNames: [queue],
        ratePerMinute: '0.05',
        billingStartDate: month.start,
        qboPrimaryEmailAddr: `ap${index}@customer.example`,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const started = await admin.post('/api/v1/billing/run', {
      billingPeriodStart: month.start,
      billingPeriodEnd: month.end,
      selectedQueues: queues,
      isDryRun: false,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    jobId = started.body.data.id as string;
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      const job = (await admin.get(`/api/v1/billing/jobs/${jobId}`)).body.data as { status: string };
      if (!['PENDING', 'IN_PROGRESS'].includes(job.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    invoices = qbo
      .invoices()
      .map((invoice) => ({ Id: invoice.Id, DocNumber: invoice.DocNumber, TotalAmt: invoice.TotalAmt }));
    expect(invoices).toHaveLength(3);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The Invoices screen's row of an invoice, reloaded until `text` shows in it (within a minute). */
  async function invoiceRowShows(page: Page, docNumber: string, text: string, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await page.goto(`${server.url}/invoices`);
      const row = page.getByTestId('invoice-row').filter({ hasText: docNumber });
      await row.waitFor();
      const content = (await row.textContent()) ?? '';
      if (content.includes(text)) return content;
      if (Date.now() > deadline) throw new Error(`invoice ${docNumber} still shows "${content}"`);
      await page.waitForTimeout(1000);
    }
  }

  it('a partial payment and a void on the company page show on the Invoices screen within a minute', async () => {
    const [paid, voided] = invoices as [(typeof invoices)[number], (typeof invoices)[number]];
    const customer = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await customer.goto(`${server.url}/sim/qbo/app/company`);
    const paidRow = customer.locator('tr', { hasText: paid.DocNumber });
    const partial = Math.round(paid.TotalAmt * 40) / 100;
    await paidRow.getByLabel(`Payment amount for invoice ${paid.DocNumber}`).fill(partial.toFixed(2));
    await paidRow.getByRole('button', { name: 'Record payment' }).click();
    await customer.getByRole('status').filter({ hasText: 'recorded' }).waitFor();
    await customer.locator('tr', { hasText: voided.DocNumber }).getByRole('button', { name: 'Void' }).click();
    await customer.getByRole('status').filter({ hasText: 'voided' }).waitFor();
    const changedAt = Date.now();

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const paidText = await invoiceRowShows(page, paid.DocNumber, 'Partially paid');
    expect(paidText).toContain(money(Math.round((paid.TotalAmt - partial) * 100) / 100));
    await invoiceRowShows(page, voided.DocNumber, 'Voided');
    expect(Date.now() - changedAt).toBeLessThan(60_000);
    await page.getByRole('button', { name: `Release for re-billing: invoice ${voided.DocNumber}` }).waitFor();
    expect(await seriousAccessibilityViolations(page, 'main')).toEqual([]);
    // The totals are those of the listed rows.
    expect(await page.getByTestId('invoice-totals').textContent()).toContain('Invoices3');

    // Job Details flags it too, with the existing release.
    await page.goto(`${server.url}/billing-jobs`);
    await page
      .getByRole('button', { name: /^View details of / })
      .first()
      .click();
    const details = page.getByRole('dialog');
    await details
      .getByRole('button', { name: `Release for re-billing: invoice ${voided.DocNumber}` })
      .first()
      .waitFor();
    expect(await details.getByTestId('job-invoice-row').filter({ hasText: voided.DocNumber }).textContent()).toContain(
      'Voided',
    );
  });

  it('e-mails one invoice from Job Details and shows Sent with the time', async () => {
    const target = invoices[2]!;
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/billing-jobs`);
    await page
      .getByRole('button', { name: /^View details of / })
      .first()
      .click();
    const details = page.getByRole('dialog');
    const row = details.getByTestId('job-invoice-row').filter({ hasText: target.DocNumber });
    await row.getByRole('button', { name: `Send: invoice ${target.DocNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `E-mail invoice ${target.DocNumber}` });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`Invoice ${target.DocNumber} e-mailed to`).first().waitFor();
    // Exact: a plain getByText('Sent') also matches the "Not sent" the row shows until the list refreshes.
    await row.getByText('Sent', { exact: true }).waitFor();
    expect(await row.textContent()).toMatch(/Sent [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
    expect(qbo.invoices().find((invoice) => invoice.Id === target.Id)?.EmailStatus).toBe('EmailSent');
  });

  it('with webhooks dropped, the next sync interval brings a payment all the same', async () => {
    const target = invoices[2]!;
    const control = await fetch(`${server.url}/sim/qbo/_control/webhooks`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'drop' }),
    });
    expect(control.status).toBe(200);
    qbo.receivables.recordPayment(target.Id, target.TotalAmt);
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const started = Date.now();
    const card = await invoiceRowShows(page, target.DocNumber, 'Paid', (SYNC_SECONDS + 20) * 1000);
    expect(card).not.toContain('Partially paid');
    expect(Date.now() - started).toBeLessThan((SYNC_SECONDS + 20) * 1000);
    // On a phone the invoices are cards: nothing to scroll sideways.
    expect(await page.getByRole('table', { name: 'Invoices' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page, 'main')).toEqual([]);
  });
});
