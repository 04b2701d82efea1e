import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '../packages/api/src/auth/passwords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenesysQueueSummary, GenesysService } from '../packages/api/src/integrations';
import { chromiumAvailable, launchBrowser, signIn, waitForToast } from '../test/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../test/server';

// Region & Team Management as a person uses it: create a region and a team, assign two queues,
// find them in the tree, delete the region and see the queues unassigned again.

const QUEUES: GenesysQueueSummary[] = [
  {
    id: '00000000-0000-4000-8000-00000000e2e1',
    name: 'E2E Alpha Support',
    description: 'First test queue',
    divisionName: 'Home',
  },
  {
    id: '00000000-0000-4000-8000-00000000e2e2',
    name: 'E2E Beta Sales',
    description: 'Second test queue',
    divisionName: 'Sales',
  },
];

const fakeGenesys: GenesysService = {
  simulated: true,
  listQueues: async () => QUEUES.map((queue) => ({ ...queue })),
  ensureCallRecords: async () => undefined,
  status: async () => ({ isConnected: true, tokenExpiresAt: null, lastError: null }),
};

describe.skipIf(!chromiumAvailable)('Region & Team Management', () => {
  let server: TestServer;
  let browser: Browser;
  let originalGenesys: GenesysService | undefined;

  beforeAll(async () => {
    server = await startTestServer({ withWebApp: true });
    const { services } = server.server;
    originalGenesys = services.integrations.genesys;
    services.integrations.genesys = fakeGenesys;
    await services.db.region.deleteMany(); // no demo data: start from an empty screen
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (server) server.server.services.integrations.genesys = originalGenesys;
    await server?.stop();
  });

  const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

  it('creates a region and a team, assigns two queues, deletes the region and gets the queues back', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/region-teams`);

    // Two Genesys queues, none assigned: the orange banner and the card say so.
    await page.getByText('2 queues are not assigned to any team').waitFor();
    expect(await tab(page, 'Unassigned Queues').textContent()).toBe('Unassigned Queues2');
    await page.getByText('Need attention').waitFor();

    // New Region, first without a name.
    await page.getByRole('button', { name: 'New Region' }).click();
    const regionDialog = page.getByRole('dialog', { name: 'Create New Region' });
    await regionDialog.getByRole('button', { name: 'Create Region' }).click();
    await regionDialog.getByText('Region name is required').waitFor();
    // A pasted name with an invisible character gets the server's own message, before any request.
    await regionDialog.getByLabel('Region Name').fill('E2E\u200BWest');
    await regionDialog.getByRole('button', { name: 'Create Region' }).click();
    await regionDialog.getByText('Region name cannot contain invisible formatting characters').waitFor();
    await regionDialog.getByLabel('Region Name').fill('E2E West');
    await regionDialog.getByLabel('Description').fill('Browser test region');
    await regionDialog.getByRole('button', { name: 'Create Region' }).click();
    await waitForToast(page, 'Region created successfully');
    await regionDialog.waitFor({ state: 'detached' });

    // New Team, first without name or region.
    await page.getByRole('button', { name: 'New Team' }).click();
    const teamDialog = page.getByRole('dialog', { name: 'Create New Team' });
    await teamDialog.getByRole('button', { name: 'Create Team' }).click();
    await teamDialog.getByText('Team name is required').waitFor();
    await teamDialog.getByText('Please select a region').waitFor();
    await teamDialog.getByLabel('Team Name').fill('E2E Support Team');
    await teamDialog.getByLabel('Region').selectOption({ label: 'E2E West' });
    await teamDialog.getByRole('button', { name: 'Create Team' }).click();
    await waitForToast(page, 'Team created successfully');
    await teamDialog.waitFor({ state: 'detached' });

    // Assign both queues from the Unassigned Queues tab.
    await tab(page, 'Unassigned Queues').click();
    for (const queue of QUEUES) {
      await page.getByRole('button', { name: `Assign ${queue.name} to Team` }).click();
      const assignDialog = page.getByRole('dialog', { name: 'Assign Queue to Team' });
      expect(await assignDialog.getByLabel('Queue').inputValue()).toBe(queue.name);
      await assignDialog.getByRole('button', { name: 'Assign Queue' }).click();
      await assignDialog.getByText('Please select a team').waitFor();
      await assignDialog.getByLabel('Team').selectOption({ label: 'E2E Support Team (E2E West)' });
      await assignDialog.getByLabel('Notes').fill(`notes for ${queue.name}`);
      await assignDialog.getByRole('button', { name: 'Assign Queue' }).click();
      await assignDialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Assign ${queue.name} to Team` }).waitFor({ state: 'detached' });
    }
    await page.getByText('All queues are assigned!').waitFor();
    expect(await page.getByText('Queue assigned successfully').count()).toBeGreaterThan(0);

    // The assignments tab shows who assigned them (the signed-in admin) and the notes.
    await tab(page, 'Queue Assignments').click();
    const assignments = page.getByRole('table', { name: 'Queue assignments' });
    await assignments.getByRole('cell', { name: 'E2E Alpha Support', exact: true }).waitFor();
    expect(await assignments.getByRole('cell', { name: 'Administrator', exact: true }).count()).toBe(2);
    await assignments.getByText('notes for E2E Beta Sales').waitFor();

    // The tree: region > team > both queues; no banner any more.
    await tab(page, 'Overview').click();
    const tree = page.getByRole('list', { name: 'Regions, teams and queues' });
    await tree.getByRole('button', { name: /E2E West.*1 team · 2 queues/ }).waitFor();
    await tree.getByRole('button', { name: /E2E Support Team/ }).click();
    const teamQueues = page.getByRole('list', { name: 'Queues of E2E Support Team' });
    expect(
      (await teamQueues.getByRole('listitem').allTextContents()).map((text) => text.split('–')[0]!.trim()),
    ).toEqual(QUEUES.map((q) => q.name));
    expect(await page.getByText('queues are not assigned to any team').count()).toBe(0);

    // Delete the region after the browser confirmation, which says its teams go too.
    await tab(page, 'Regions').click();
    let confirmation = '';
    page.once('dialog', (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete region E2E West' }).click();
    await waitForToast(page, 'Region deleted successfully');
    expect(confirmation).toContain('Delete region "E2E West"');
    expect(confirmation).toContain('also deletes its 1 team');

    // Both queues are unassigned again.
    await tab(page, 'Unassigned Queues').click();
    for (const queue of QUEUES) await page.getByRole('button', { name: `Assign ${queue.name} to Team` }).waitFor();
    expect(await tab(page, 'Unassigned Queues').textContent()).toBe('Unassigned Queues2');
    expect(await tab(page, 'Teams').textContent()).toBe('Teams0');
    await page.close();
  });

  it('lets a team manager edit and unassign a queue, without region controls', async () => {
    const { db } = server.server.services;
    const region = await db.region.create({ data: { name: 'E2E East' } });
    const team = await db.team.create({ data: { name: 'E2E Night Shift', regionId: region.id } });
    const other = await db.team.create({ data: { name: 'E2E Day Shift', regionId: region.id } });
    await db.queueAssignment.create({
      data: { queueId: QUEUES[0]!.id, queueName: QUEUES[0]!.name, teamId: team.id, assignedBy: 'Someone' },
    });
    const teamManage = await db.action.findUniqueOrThrow({ where: { key: 'team:manage' } });
    const role = await db.role.create({
      data: { name: 'e2e-team-lead', actions: { create: [{ actionId: teamManage.id }] } },
    });
    await db.user.create({
      data: {
        email: 'lead@example.com',
        displayName: 'Team Lead',
        passwordHash: await hashPassword('lead-password-1'),
        roles: { create: [{ roleId: role.id }] },
      },
    });

    const page = await browser.newPage();
    await signIn(page, server.url, 'lead@example.com', 'lead-password-1');
    await page.goto(`${server.url}/region-teams`);
    await page.getByRole('button', { name: 'New Team' }).waitFor();
    expect(await page.getByRole('button', { name: 'New Region' }).count()).toBe(0);
    await tab(page, 'Regions').click();
    await page.getByRole('cell', { name: 'E2E East', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Delete region|Edit region/ }).count()).toBe(0);

    // Move the queue to the other team with a note.
    await tab(page, 'Queue Assignments').click();
    await page.getByRole('button', { name: `Edit assignment of ${QUEUES[0]!.name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Queue Assignment' });
    await editDialog.getByLabel('Team').selectOption({ label: 'E2E Day Shift (E2E East)' });
    await editDialog.getByLabel('Assigned By').fill('');
    await editDialog.getByLabel('Notes').fill('moved to days');
    await editDialog.getByRole('button', { name: 'Update Assignment' }).click();
    await waitForToast(page, 'Queue assignment updated successfully');
    const table = page.getByRole('table', { name: 'Queue assignments' });
    await table.getByRole('cell', { name: 'moved to days' }).waitFor();
    await table.getByRole('cell', { name: 'Team Lead', exact: true }).waitFor(); // moving it makes the signed-in user the assigner
    expect(await table.getByRole('cell', { name: /E2E Day Shift/ }).count()).toBe(1);
    expect((await db.queueAssignment.findUniqueOrThrow({ where: { queueId: QUEUES[0]!.id } })).teamId).toBe(other.id);

    // Unassign it after the confirmation.
    await page.getByRole('button', { name: `Edit assignment of ${QUEUES[0]!.name}` }).click();
    let confirmation = '';
    page.once('dialog', (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await page
      .getByRole('dialog', { name: 'Edit Queue Assignment' })
      .getByRole('button', { name: 'Unassign Queue' })
      .click();
    await waitForToast(page, 'Queue assignment deleted successfully');
    expect(confirmation).toContain(`Unassign queue "${QUEUES[0]!.name}"`);
    await tab(page, 'Unassigned Queues').click();
    await page.getByRole('button', { name: `Assign ${QUEUES[0]!.name} to Team` }).waitFor();
    await page.close();
  });
});
