import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountedQboSimulator } from '../../../../apps/server/src/areas/qbo';
import { waitForJob } from '../../../../test/billing-kit';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import type { QboSimulator } from '../../../integrations/src/qbo/simulator';

// DESIGN.md §4, "Manual runs re-pull their whole range": a clerk who runs a range again asks for
// what Genesys holds now. Calls come from the simulated Genesys, and one is added there afterwards
// through its late-conversation control path (README, "Late calls"), seconds after the last pull.

const TIME_ZONE = 'America/Los_Angeles';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

/** Last month (company timezone) as days: ended, and inside the 35-day late-usage window. */
function lastMonth(): { start: string; end: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

type JobCustomer = {
  profileId: string;
  status: string;
  calls: number;
  amount: number;
  skipReason: string | null;
  lines: Array<{ description: string; quantity: string }>;
};

describe('manual runs re-pull their range from Genesys', () => {
  let server: TestServer;
  let admin: RestClient;
  let qbo: QboSimulator;
  let queueName: string;
  let profileId: string;
  const month = lastMonth();
  const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

  // Three days of that month, so each run's re-pull stays short (the period is still the month).
  const range = { start: `${month.start.slice(0, 8)}13`, end: `${month.start.slice(0, 8)}15` };

  const run = async (isDryRun: boolean): Promise<JobCustomer> => {
    const body = {
      billingPeriodStart: range.start,
      billingPeriodEnd: range.end,
      selectedQueues: [queueName],
      isDryRun,
    };
    const started = await admin.post('/api/v1/billing/run', body);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const job = await waitForJob(server, admin, (started.body.data as { id: string }).id);
    expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
    return (job.customers as JobCustomer[]).find((customer) => customer.profileId === profileId)!;
  };

  const addLateCall = async (startTime: string, durationSeconds: number) => {
    const answer = await fetch(`${server.url}/sim/genesys/_control/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queueName, startTime, durationSeconds, mediaType: 'voice' }),
    });
    expect(answer.status).toBe(201);
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    qbo = mountedQboSimulator(server.server.app)!;
    const authUrl = (await admin.get('/api/v1/qbo/auth')).body.data.authUrl as string;
    const consent = new URL(await qbo.approve(authUrl));
    expect((await admin.get(`/api/v1/qbo/callback${consent.search}`)).status).toBe(200);
    queueName = (
      (await admin.get('/api/v1/customer-profiles/queue-suggestions')).body.data as Array<{ name: string }>
    )[0]!.name;
    const created = await admin.post('/api/v1/customer-profiles', {
      qboDisplayName: 'Repull Rentals',
      qboCustomerId: '1',
      genesysQueueNames: [queueName],
      ratePerMinute: '1.00',
      billingStartDate: month.start,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    profileId = (created.body.data as { id: string }).id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it(
    'a call Genesys adds after a run is previewed and billed by the next manual run, however soon',
    { timeout: 180_000 },
    async () => {
      const first = await run(false);
      expect(first.status).toBe('INVOICED');
      expect(qbo.invoices()).toHaveLength(1);

      // Seconds later (well inside the ten minutes a scheduled run waits), Genesys reports one more
      // call of that month: 7 min 30 s, billed as 8 min at $1.00.
      await addLateCall(`${month.start.slice(0, 8)}14T18:00:00Z`, 450);
      const preview = await run(true);
      expect(preview).toMatchObject({ status: 'RATED', calls: 1, amount: 8 });
      expect(preview.lines.map((line) => [line.description, line.quantity])).toEqual([
        [`Late usage, ${shown(month.start)}–${shown(month.end)}`, '8.0000'],
      ]);
      expect(qbo.invoices()).toHaveLength(1);

      const second = await run(false);
      expect(second).toMatchObject({ status: 'INVOICED', calls: 1, amount: 8 });
      expect(qbo.invoices().map((invoice) => invoice.TotalAmt)).toEqual([first.amount, 8]);

      // Another call at once, then a third run: found too (before, it said "Already invoiced").
      await addLateCall(`${month.start.slice(0, 8)}15T18:00:00Z`, 60);
      const third = await run(false);
      expect(third).toMatchObject({ status: 'INVOICED', calls: 1, amount: 1 });

      // Nothing more in Genesys: the range is billed.
      const fourth = await run(false);
      expect(fourth.status).toBe('SKIPPED');
      expect(fourth.skipReason).toMatch(/^Already invoiced: every call of .* is billed/);
    },
  );
});
