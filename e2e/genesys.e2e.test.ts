import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone } from '../packages/api/src/domain/calendar';
import { chromiumAvailable, launchBrowser, signIn, signInThroughUi } from '../test/browser';
import { COMPANY_TIMEZONE, expectedCalls, referenceGenesys } from '../test/genesys-reference';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

const TZ = COMPANY_TIMEZONE;
const reference = referenceGenesys;

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe.skipIf(!chromiumAvailable)('Genesys Cloud screen in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true, env: { GENESYS_HISTORY_DAYS: '14' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads users and queues, gets call records, filters inbound calls, exports CSV and shows analytics', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInThroughUi(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.getByRole('link', { name: 'Genesys Cloud' }).click();
    await page.waitForURL(`${server.url}/genesys`);

    // Users (first page of 20, by name) and queues; the integration is marked as simulated.
    const userNames = reference
      .users()
      .map((user) => user.name)
      .sort((a, b) => a.localeCompare(b));
    const usersTable = page.getByRole('table', { name: 'Genesys users' });
    await usersTable.getByText(userNames[0]!, { exact: true }).waitFor();
    expect(await usersTable.locator('tbody tr').count()).toBe(20);
    await page.getByText('Simulated', { exact: true }).waitFor();
    await page.getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('tab', { name: /Queues/ }).click();
    const queuesTable = page.getByRole('table', { name: 'Genesys queues' });
    for (const queue of reference.queues()) await queuesTable.getByText(queue.name, { exact: true }).waitFor();

    // The range defaults to the first of this month through today.
    const today = calendarDateInZone(new Date(), TZ);
    expect(await page.getByLabel('Start Date').inputValue()).toBe(`${today.slice(0, 8)}01`);
    expect(await page.getByLabel('End Date').inputValue()).toBe(today);

    // A past range of six days.
    const startDate = addDays(today, -12);
    const endDate = addDays(today, -7);
    const expected = expectedCalls(startDate, endDate);
    expect(expected.length).toBeGreaterThan(1000); // so the toasts show grouped counts
    await page.getByLabel('Start Date').fill(startDate);
    await page.getByLabel('End Date').fill(endDate);
    await page.getByRole('button', { name: 'Get Call Records' }).click();
    await toast(page, `Retrieved ${expected.length.toLocaleString('en-US')} call records`);
    const callsTable = page.getByRole('table', { name: 'Call records' });
    await callsTable.waitFor();
    expect(await callsTable.locator('tbody tr').count()).toBe(25);

    // Inbound only: the filter, the summary and the export cover the whole range, not the page.
    const inbound = expected.filter((record) => record.direction === 'inbound');
    expect(inbound.length).toBeGreaterThan(25);
    await page.getByLabel('Direction').selectOption('inbound');
    const summary = page.getByRole('region', { name: 'Calls summary' });
    await summary.getByText(inbound.length.toLocaleString('en-US'), { exact: true }).first().waitFor();
    await expect.poll(() => callsTable.getByText('outbound', { exact: true }).count()).toBe(0);
    expect(await callsTable.locator('tbody tr').count()).toBe(25);
    await page.getByText(`Showing 1–25 of ${inbound.length.toLocaleString('en-US')} results`).waitFor();
    // Names, not ids, of the agent and the queue.
    const newest = inbound[0]!;
    const agent = reference.users().find((user) => user.id === newest.userId)!.name;
    const queue = reference.queues().find((candidate) => candidate.id === newest.queueId)!.name;
    const firstRow = callsTable.locator('tbody tr').first();
    await firstRow.getByText(agent, { exact: true }).waitFor();
    await firstRow.getByText(queue, { exact: true }).waitFor();

    // CSV of every filtered call of the range: company-timezone times, names beside ids.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`call-records-${startDate}-to-${endDate}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split(/\r?\n/);
    expect(csv[0]).toBe(
      `Conversation ID,Start Time (${TZ}),End Time (${TZ}),Duration (seconds),Duration (minutes),Direction,Media Type,User ID,User Name,Queue ID,Queue Name,Wrap-up Code,Recording ID`,
    );
    expect(csv).toHaveLength(inbound.length + 1);
    expect(
      csv
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(inbound.map((record) => record.conversationId).sort());
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    })
      .format(newest.startTime)
      .replace(',', '');
    expect(csv[1]!.split(',').slice(0, 2)).toEqual([newest.conversationId, local]);
    expect(csv[1]!.split(',').slice(7, 11)).toEqual([newest.userId, agent, newest.queueId, queue]);
    await toast(page, `Exported ${inbound.length.toLocaleString('en-US')} call records to CSV`);

    // On a phone the calls are cards with every field, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Call records' }).getByTestId('call-record');
    await expect.poll(() => cards.count()).toBe(25);
    await cards.first().getByText(agent, { exact: true }).waitFor();
    expect(await page.getByRole('table', { name: 'Call records' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Analytics of the range.
    await page.getByRole('button', { name: 'Get Analytics' }).click();
    await toast(page, 'Analytics retrieved successfully');
    const analytics = page.getByRole('region', { name: 'Analytics summary' });
    await analytics.getByText(expected.length.toLocaleString('en-US'), { exact: true }).waitFor();
    await page.getByText('Duration Distribution', { exact: true }).waitFor();
    await page.getByText('Queue Performance', { exact: true }).waitFor();
    // On a phone the charts and tables fit the screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Changing the range empties the loaded list.
    await page.getByLabel('Start Date').fill(addDays(startDate, -1));
    await page.getByRole('tab', { name: /Calls/ }).click();
    await page.getByText('No call records loaded', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'PDF Report' }).click();
    await toast(page, 'PDF reports are coming soon');
    await context.close();
  });

  it('filters by media type and direction, shows voice calls beside each total and exports with metrics', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/genesys`);
    const today = calendarDateInZone(new Date(), TZ);
    const startDate = addDays(today, -5);
    const endDate = addDays(today, -4);
    const expected = expectedCalls(startDate, endDate);
    const voice = expected.filter((record) => record.mediaType === 'voice');
    const number = (value: number) => value.toLocaleString('en-US');
    await page.getByLabel('Start Date').fill(startDate);
    await page.getByLabel('End Date').fill(endDate);
    await page.getByRole('button', { name: 'Get Call Records' }).click();
    await toast(page, `Retrieved ${number(expected.length)} call records`);

    // Every interaction by default (as the specification's screen), voice calls beside the totals.
    const summary = page.getByRole('region', { name: 'Calls summary' });
    const figure = (label: string) =>
      summary.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
    await expect.poll(() => figure('Filtered Calls').textContent()).toBe(number(expected.length));
    expect(await figure('Voice Calls').textContent()).toBe(number(voice.length));
    expect(voice.length).toBeLessThan(expected.length);
    const header = page.getByRole('region', { name: 'Genesys summary' });
    await header.getByText(`${number(voice.length)} voice calls`, { exact: true }).waitFor();
    expect(await page.getByLabel('Media type').inputValue()).toBe('all');
    expect(await page.getByLabel('Direction').inputValue()).toBe('all');

    // Chats only: the summary, the table and the header's voice figure follow.
    const chats = expected.filter((record) => record.mediaType === 'chat');
    await page.getByLabel('Media type').selectOption('chat');
    await expect.poll(() => figure('Filtered Calls').textContent()).toBe(number(chats.length));
    expect(await figure('Voice Calls').textContent()).toBe('0');
    const callsTable = page.getByRole('table', { name: 'Call records' });
    await expect
      .poll(async () => new Set(await callsTable.locator('tbody tr td:nth-child(4)').allTextContents()))
      .toEqual(new Set(['chat']));
    await header.getByText('0 voice calls', { exact: true }).waitFor();

    // Outbound voice: what the clerk matches to an invoice is the voice figure.
    const outboundVoice = voice.filter((record) => record.direction === 'outbound');
    await page.getByLabel('Media type').selectOption('voice');
    await page.getByLabel('Direction').selectOption('outbound');
    await expect.poll(() => figure('Filtered Calls').textContent()).toBe(number(outboundVoice.length));
    expect(await figure('Voice Calls').textContent()).toBe(number(outboundVoice.length));

    // Export with metrics: the specification's columns, then talk, hold, ACW and handle seconds.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export with metrics' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`call-records-with-metrics-${startDate}-to-${endDate}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split(/\r?\n/);
    expect(csv[0]).toBe(
      `Conversation ID,Start Time (${TZ}),End Time (${TZ}),Duration (seconds),Duration (minutes),Direction,` +
        'Media Type,User ID,User Name,Queue ID,Queue Name,Wrap-up Code,Recording ID,' +
        'Talk Time (seconds),Hold Time (seconds),After-call Work (seconds),Handle Time (seconds)',
    );
    expect(csv).toHaveLength(outboundVoice.length + 1);
    const metricsById = new Map(
      outboundVoice.map((record) => [
        record.conversationId,
        [record.talkSeconds, record.holdSeconds, record.acwSeconds, record.handleSeconds].join(','),
      ]),
    );
    for (const line of csv.slice(1))
      expect(line.split(',').slice(-4).join(',')).toBe(metricsById.get(line.split(',')[0]!));

    // Analytics: voice calls beside the total; its own media type and direction filters.
    await page.getByRole('button', { name: 'Get Analytics' }).click();
    await toast(page, 'Analytics retrieved successfully');
    const analytics = page.getByRole('region', { name: 'Analytics summary' });
    await analytics.getByText(number(expected.length), { exact: true }).waitFor();
    await analytics
      .getByText(`${number(voice.length)} voice calls (billed calls are voice calls)`, { exact: true })
      .waitFor();
    const emails = expected.filter((record) => record.mediaType === 'email' && record.direction === 'inbound');
    await page.getByLabel('Media type').selectOption('email');
    await page.getByLabel('Direction').selectOption('inbound');
    await analytics.getByText(number(emails.length), { exact: true }).waitFor();
    await analytics.getByText('0 voice calls (billed calls are voice calls)', { exact: true }).waitFor();
    await context.close();
  });
});
