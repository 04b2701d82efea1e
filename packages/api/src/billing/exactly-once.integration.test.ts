// Every call billed exactly once (issue 12): each way the day-based ledger lost or double-billed
// money, reproduced against the real server, pg-boss workers and the QuickBooks simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestClient } from '../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../test/server';
import {
  connectQbo,
  createProfile,
  insertCalls,
  qboEnv,
  runJob,
  startQboSimulator,
  stubGenesys,
  waitForJob,
  waitForScheduledRun,
} from '../../../../test/billing-kit';
import { SCHEDULED_RUN } from './job-queues';

type Line = {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  periodStart?: string;
  kind?: string;
};
type Customer = {
  customerName: string;
  status: string;
  amount: number;
  calls: number;
  lines: Line[];
  qboInvoiceId: string | null;
  docNumber: string | null;
  skipReason: string | null;
  error: string | null;
  profileId: string | null;
};
type Job = Awaited<ReturnType<typeof waitForJob>>;
const customersOf = (job: Job) => job.customers as unknown as Customer[];
const customerOf = (job: Job, name: string) => customersOf(job).find((customer) => customer.customerName === name)!;
const cents = (lines: Line[]) => lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);

/** A small RFC 4180 reader: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Calls at noon UTC (05:00 PDT / 04:00 PST: the same calendar day in Los Angeles). */
const noon = (day: string) => `${day}T12:00:00Z`;

describe('every call billed exactly once', () => {
  let test: TestServer;
  let admin: RestClient;
  let sim: Awaited<ReturnType<typeof startQboSimulator>>;
  let queueSeq = 0;

  beforeAll(async () => {
    sim = await startQboSimulator();
    test = await startTestServer({
      env: { ...qboEnv(sim.simulator, sim.url), BILLING_SWEEP_SECONDS: '1', BILLING_STALE_SECONDS: '5' },
    });
    admin = await test.admin();
    stubGenesys(test);
    await connectQbo(test, admin, sim.simulator, sim.url);
  });

  afterAll(async () => {
    await test?.stop();
    await sim?.close();
  });

  /** A fresh Genesys queue of its own for one test. */
  async function newQueue(): Promise<{ id: string; name: string }> {
    queueSeq += 1;
    const queue = { id: `eo-q-${queueSeq}`, name: `Exactly Once ${queueSeq}` };
    await test.server.services.db.genesysQueue.create({ data: queue });
    return queue;
  }

  /** Runs a due scheduled run of the profile (as the minute tick would) and waits for its job. */
  async function scheduledRun(profileId: string, dueAt: string): Promise<Job | null> {
    const { db, jobs } = test.server.services;
    const run = await db.scheduledRun.create({ data: { profileId, dueAt: new Date(dueAt), state: 'DUE' } });
    await jobs!.send(SCHEDULED_RUN.name, { scheduledRunId: run.id });
    // Handled: DONE, with its job or with nothing to bill.
    const handled = await waitForScheduledRun(
      test,
      db,
      run.id,
      (current) => Boolean(current.billingJobId) || current.state === 'DONE',
      'handled',
    );
    return handled.billingJobId ? waitForJob(test, admin, handled.billingJobId) : null;
  }

  it('a scheduled run bills every ended period not billed yet, oldest first, after a one-day manual run and missed bill dates', async () => {
    const queue = await newQueue();
    const { db } = test.server.services;
    const profile = await createProfile(db, {
      name: 'Catch Up',
      queues: [queue.name],
      rate: '1.00',
      qboCustomerId: '1',
      billingStartDate: '2026-07-01',
    });
    // July 1: 2 min; July 20: 3 min; August: nothing; September 9: 4 min; October 5: 1 min.
    await insertCalls(db, [
      { queueId: queue.id, start: noon('2026-07-01'), seconds: 120 },
      { queueId: queue.id, start: noon('2026-07-20'), seconds: 180 },
      { queueId: queue.id, start: noon('2026-09-09'), seconds: 240 },
      { queueId: queue.id, start: noon('2026-10-05'), seconds: 60 },
    ]);
    const manual = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-07-01',
          billingPeriodEnd: '2026-07-01',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    expect(customerOf(manual, 'Catch Up')).toMatchObject({ status: 'INVOICED', amount: 2 });

    // The server was down on August 1, September 1 and October 1; the November 1 run catches up.
    const november = await scheduledRun(profile.id, '2026-11-01T09:00:00Z');
    expect(november).toMatchObject({
      type: 'MONTHLY',
      status: 'COMPLETED',
      startDate: '2026-07-01',
      endDate: '2026-10-31',
    });
    const result = customerOf(november!, 'Catch Up');
    expect(result).toMatchObject({ status: 'INVOICED', calls: 3, amount: 8 });
    expect(result.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Usage, 07/02/2026–07/31/2026', '3.00'],
      ['Phone usage, 09/01/2026–09/30/2026', '4.00'],
      ['Phone usage, 10/01/2026–10/31/2026', '1.00'],
    ]);
    const invoice = sim.simulator.invoices().find((candidate) => candidate.Id === result.qboInvoiceId)!;
    expect(invoice.TotalAmt).toBe(8);

    // A run handled out of order (the October 1 one, arriving late) finds nothing left to bill.
    const late = await scheduledRun(profile.id, '2026-10-01T09:00:00Z');
    if (late) expect(customerOf(late, 'Catch Up').status).toBe('SKIPPED');
    const coverage = (await admin.get(`/api/v1/customer-profiles/${profile.id}/billing-coverage`)).body.data;
    expect(coverage).toMatchObject({
      billingStartDate: '2026-07-01',
      billedThrough: '2026-10-31',
      unbilledPeriods: [],
      lateCalls: { count: 0, minutes: 0 },
    });
    expect(
      coverage.periods.map((period: { start: string; amountInvoiced: number; calls: number }) => [
        period.start,
        period.amountInvoiced,
        period.calls,
      ]),
    ).toEqual([
      ['2026-07-01', 5, 2],
      ['2026-08-01', 0, 0],
      ['2026-09-01', 4, 1],
      ['2026-10-01', 1, 1],
    ]);
  });

  it('a manual run must end before today and span at most 366 days', async () => {
    const queue = await newQueue();
    await createProfile(test.server.services.db, { name: 'Range Check', queues: [queue.name], rate: '1.00' });
    const run = (start: string, end: string) =>
      admin.post('/api/v1/billing/run', {
        billingPeriodStart: start,
        billingPeriodEnd: end,
        isDryRun: false,
        selectedQueues: [queue.name],
      });
    const future = await run('2026-11-01', '2100-12-31');
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      success: false,
      error: 'The billing period must end before today (America/Los_Angeles)',
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    expect((await run('2026-01-01', today)).status).toBe(400);
    const long = await run('2024-01-01', '2025-01-01');
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('The billing period can span at most 366 days');
    expect((await run('2025-01-01', '2025-12-31')).status).toBe(201);
    expect(
      await test.server.services.db.invoiceLedgerEntry.count({ where: { periodEnd: { gte: new Date('2026-11-26') } } }),
    ).toBe(0);
  });

  it('the minimum belongs to the period: days 1-10 plus 11-31 bill, to the cent, what one run for 1-31 bills, and two months owe two minimums', async () => {
    const { db } = test.server.services;
    const split = await newQueue();
    const whole = await newQueue();
    const terms = { rate: '0.1000', minimum: 100, overage: '0.0800' };
    await createProfile(db, { name: 'Split Runs', queues: [split.name], ...terms, qboCustomerId: '2' });
    await createProfile(db, { name: 'One Run', queues: [whole.name], ...terms, qboCustomerId: '3' });
    // The same calls on both queues, billed by the minute: September 80 × 37 s (80 min) on days 1-9 and
    // 45 × 61 s (90 min) on days 20-28; October 30 × 37 s and 90 × 59 s (120 min).
    const calls = (queueId: string) => [
      ...Array.from({ length: 80 }, (_, index) => ({
        queueId,
        start: `2026-09-0${1 + (index % 9)}T1${index % 10}:00:00Z`,
        seconds: 37,
      })),
      ...Array.from({ length: 45 }, (_, index) => ({
        queueId,
        start: `2026-09-2${index % 9}T15:${String(index).padStart(2, '0')}:00Z`,
        seconds: 61,
      })),
      ...Array.from({ length: 30 }, (_, index) => ({
        queueId,
        start: `2026-10-0${1 + (index % 9)}T16:${String(index).padStart(2, '0')}:00Z`,
        seconds: 37,
      })),
      ...Array.from({ length: 90 }, (_, index) => ({
        queueId,
        start: `2026-10-2${index % 9}T17:${String(index % 60).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}Z`,
        seconds: 59,
      })),
    ];
    await insertCalls(db, [...calls(split.id), ...calls(whole.id)]);

    const first = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-09-01',
          billingPeriodEnd: '2026-09-10',
          selectedQueues: [split.name],
        })
      ).id,
    );
    const second = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-09-11',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: [split.name],
        })
      ).id,
    );
    const one = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-09-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: [whole.name],
        })
      ).id,
    );

    const splitLines = [...customerOf(first, 'Split Runs').lines, ...customerOf(second, 'Split Runs').lines];
    const oneLines = customerOf(one, 'One Run').lines;
    // One run: September 170 min → 100 × 0.10 + 70 × 0.08 = 15.60; October 120 min → 10.00 + 1.60 = 11.60.
    expect(oneLines.map((line) => [line.description, line.amount])).toEqual([
      ['Minimum commitment, 09/01/2026–09/30/2026', '10.00'],
      ['Overage, 09/01/2026–09/30/2026', '5.60'],
      ['Minimum commitment, 10/01/2026–10/31/2026', '10.00'],
      ['Overage, 10/01/2026–10/31/2026', '1.60'],
    ]);
    expect(cents(splitLines)).toBe(cents(oneLines));
    // September 1-10 (80 min) billed the minimum; the rest of September added only what goes beyond it.
    expect(customerOf(first, 'Split Runs').lines.map((line) => line.description)).toEqual([
      'Minimum commitment, 09/01/2026–09/30/2026',
    ]);
    expect(customerOf(second, 'Split Runs').lines.map((line) => [line.description, line.amount])).toEqual([
      ['Usage, 09/11/2026–09/30/2026', '5.60'],
      ['Minimum commitment, 10/01/2026–10/31/2026', '10.00'],
      ['Overage, 10/01/2026–10/31/2026', '1.60'],
    ]);
    for (const job of [first, second, one]) {
      for (const customer of customersOf(job).filter((candidate) => candidate.qboInvoiceId)) {
        const invoice = sim.simulator.invoices().find((candidate) => candidate.Id === customer.qboInvoiceId)!;
        expect(Math.round(invoice.TotalAmt * 100)).toBe(cents(customer.lines));
      }
    }
  });

  it('deleting a profile with invoices archives it: a new profile on its queue, or the queue moved elsewhere, never bills those calls again', async () => {
    const { db } = test.server.services;
    const queue = await newQueue();
    const other = await newQueue();
    await insertCalls(db, [
      { queueId: queue.id, start: noon('2026-10-12'), seconds: 300 },
      { queueId: queue.id, start: noon('2026-10-13'), seconds: 120 },
    ]);
    const original = await createProfile(db, {
      name: 'Archived Co',
      queues: [queue.name],
      rate: '2.00',
      qboCustomerId: '4',
    });
    const invoiced = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    expect(customerOf(invoiced, 'Archived Co')).toMatchObject({ status: 'INVOICED', amount: 14 });

    const removed = await admin.delete(`/api/v1/customer-profiles/${original.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, archived: true });
    expect(removed.body.message).toContain('archived');
    const listed = (await admin.get(`/api/v1/customer-profiles?search=Archived%20Co`)).body.data;
    expect(listed).toEqual([]);
    const archived = (await admin.get(`/api/v1/customer-profiles?search=Archived%20Co&status=archived`)).body.data;
    expect(archived).toEqual([
      expect.objectContaining({ id: original.id, isActive: false, archivedAt: expect.any(String) }),
    ]);
    expect(await db.invoiceLedgerEntry.count({ where: { profileId: original.id } })).toBe(1);

    // A new profile takes the queue: October's calls are on the archived profile's invoice.
    const successor = await createProfile(db, {
      name: 'Successor Co',
      queues: [queue.name],
      rate: '2.00',
      qboCustomerId: '5',
    });
    const again = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    expect(customerOf(again, 'Successor Co')).toMatchObject({ status: 'SKIPPED', calls: 0, amount: 0 });

    // The queue moves on to a third profile: still nothing billed twice.
    await db.customerProfile.update({ where: { id: successor.id }, data: { genesysQueueNames: [other.name] } });
    await db.customerProfileQueue.updateMany({ where: { profileId: successor.id }, data: { queueName: other.name } });
    await createProfile(db, { name: 'Third Co', queues: [queue.name], rate: '2.00', qboCustomerId: '6' });
    const third = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    expect(customerOf(third, 'Third Co')).toMatchObject({ status: 'SKIPPED', calls: 0 });
    const billedCalls = await db.callClaim.aggregate({
      where: { live: true, queueId: queue.id },
      _sum: { calls: true },
    });
    expect(billedCalls._sum.calls).toBe(2);

    // A profile never invoiced is deleted outright.
    const neverBilled = await createProfile(db, {
      name: 'Never Billed',
      queues: [(await newQueue()).name],
      rate: '1.00',
    });
    expect((await admin.delete(`/api/v1/customer-profiles/${neverBilled.id}`)).body).toMatchObject({
      success: true,
      archived: false,
    });
    expect(await db.customerProfile.findUnique({ where: { id: neverBilled.id } })).toBeNull();
  });

  it('a call in progress is not billed until it ends; a call that arrives after its period was invoiced is billed on the next invoice as late usage', async () => {
    const { db } = test.server.services;
    const queue = await newQueue();
    await createProfile(db, { name: 'Late Calls', queues: [queue.name], rate: '1.50', qboCustomerId: '7' });
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-10-02'), seconds: 120 }]);
    // Still running when Genesys was asked: no end yet, 0 s so far.
    await db.callRecord.create({
      data: {
        conversationId: 'eo-in-progress',
        startTime: new Date(noon('2026-10-30')),
        endTime: null,
        duration: 0,
        mediaType: 'voice',
        direction: 'inbound',
        queueId: queue.id,
      },
    });
    const october = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    expect(customerOf(october, 'Late Calls')).toMatchObject({ status: 'INVOICED', calls: 1, amount: 3 });

    // The call ends (a later pull updates it), and a conversation of October 15 reaches us late.
    await db.callRecord.update({
      where: { conversationId: 'eo-in-progress' },
      data: { endTime: new Date(Date.parse(noon('2026-10-30')) + 250_000), duration: 250 },
    });
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-10-15'), seconds: 30 }]);
    const coverage = (
      await admin.get(
        `/api/v1/customer-profiles/${(await db.customerProfile.findFirstOrThrow({ where: { qboDisplayName: 'Late Calls' } })).id}/billing-coverage`,
      )
    ).body.data;
    expect(coverage.lateCalls).toEqual({ count: 2, minutes: 6 });

    // November's invoice carries them: 5 + 1 minutes × 1.50 = 9.00 for October, beside November's own calls.
    await insertCalls(db, [{ queueId: queue.id, start: noon('2026-11-03'), seconds: 60 }]);
    const november = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-11-01',
          billingPeriodEnd: '2026-11-10',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    const result = customerOf(november, 'Late Calls');
    expect(result).toMatchObject({ status: 'INVOICED', calls: 3, amount: 10.5 });
    expect(result.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.amount])).toEqual([
      ['Late usage, 10/01/2026–10/31/2026', '6.0000', '1.5000', '9.00'],
      ['Phone usage, 11/01/2026–11/30/2026', '1.0000', '1.5000', '1.50'],
    ]);
    // Each call once, across both invoices.
    const claimed = await db.callClaim.aggregate({ where: { live: true, queueId: queue.id }, _sum: { calls: true } });
    expect(claimed._sum.calls).toBe(4);
  });

  it('a dry run previews exactly what the real run then does: same calls, same differences, same skips', async () => {
    const { db } = test.server.services;
    const queue = await newQueue();
    await createProfile(db, {
      name: 'Preview Me',
      queues: [queue.name],
      rate: '0.10',
      minimum: 50,
      overage: '0.20',
      qboCustomerId: '8',
    });
    await createProfile(db, {
      name: 'Preview Idle',
      queues: [queue.name + ' (none)'],
      rate: '1.00',
      qboCustomerId: '9',
    });
    await insertCalls(
      db,
      Array.from({ length: 70 }, (_, index) => ({
        queueId: queue.id,
        start: `2026-10-${String(1 + (index % 28)).padStart(2, '0')}T18:00:${String(index % 60).padStart(2, '0')}Z`,
        seconds: 60,
      })),
    );
    await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-14',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    const range = {
      billingPeriodStart: '2026-10-10',
      billingPeriodEnd: '2026-10-31',
      selectedQueues: [queue.name, queue.name + ' (none)'],
    };
    const preview = await waitForJob(test, admin, (await runJob(admin, { ...range, isDryRun: true })).id);
    const real = await waitForJob(test, admin, (await runJob(admin, range)).id);
    const shape = (job: Job) =>
      customersOf(job).map((customer) => ({
        name: customer.customerName,
        calls: customer.calls,
        amount: customer.amount,
        lines: customer.lines,
        skipReason: customer.skipReason,
        skipped: customer.status === 'SKIPPED',
      }));
    expect(shape(preview)).toEqual(shape(real));
    expect(customerOf(real, 'Preview Me')).toMatchObject({ status: 'INVOICED' });
    expect(customerOf(real, 'Preview Idle')).toMatchObject({ status: 'SKIPPED' });
  });

  it('calls export: one row per billed call of the invoice, in the company timezone', async () => {
    const { db } = test.server.services;
    const queue = await newQueue();
    const profile = await createProfile(db, {
      name: 'Export, "Quoted" Co',
      queues: [queue.name],
      rate: '1.00',
      qboCustomerId: '10',
    });
    await insertCalls(db, [
      { queueId: queue.id, start: '2026-10-01T07:00:00Z', seconds: 61 }, // Oct 1, 00:00 PDT
      { queueId: queue.id, start: '2026-10-31T20:30:00Z', seconds: 5 },
    ]);
    const job = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-10-01',
          billingPeriodEnd: '2026-10-31',
          selectedQueues: [queue.name],
        })
      ).id,
    );
    const answer = await admin.get(`/api/v1/billing/jobs/${job.id}/calls.csv?profileId=${profile.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toContain(`${job.jobId}-`);
    const rows = parseCsv(String(answer.body));
    expect(rows[0]).toEqual([
      'Conversation ID',
      'Start Time',
      'Duration (seconds)',
      'Billed Seconds',
      'Queue',
      'Period',
      'Line',
    ]);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['2026-10-01 00:00', '61', '120', queue.name, '10/01/2026–10/31/2026', 'Phone usage, 10/01/2026–10/31/2026'],
      ['2026-10-31 13:30', '5', '60', queue.name, '10/01/2026–10/31/2026', 'Phone usage, 10/01/2026–10/31/2026'],
    ]);
    expect((await admin.get(`/api/v1/billing/jobs/${job.id}/calls.csv?profileId=not-a-profile`)).status).toBe(400);
    expect(
      (await test.anonymous().get(`/api/v1/billing/jobs/${job.id}/calls.csv?profileId=${profile.id}`)).status,
    ).toBe(401);
  });

  it("calls export of a dry run: the calls its preview rated, with the preview's lines", async () => {
    const { db } = test.server.services;
    const queue = await newQueue();
    const profile = await createProfile(db, {
      name: 'Preview Export Co',
      queues: [queue.name],
      rate: '1.00',
      minimum: 5,
      qboCustomerId: '11',
    });
    await insertCalls(db, [
      { queueId: queue.id, start: '2026-09-02T16:00:00Z', seconds: 30 },
      { queueId: queue.id, start: '2026-09-03T16:00:00Z', seconds: 90 },
    ]);
    const job = await waitForJob(
      test,
      admin,
      (
        await runJob(admin, {
          billingPeriodStart: '2026-09-01',
          billingPeriodEnd: '2026-09-30',
          selectedQueues: [queue.name],
          isDryRun: true,
        })
      ).id,
    );
    const answer = await admin.get(`/api/v1/billing/jobs/${job.id}/calls.csv?profileId=${profile.id}`);
    expect(answer.status).toBe(200);
    const rows = parseCsv(String(answer.body));
    const line = 'Minimum commitment, 09/01/2026–09/30/2026';
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['2026-09-02 09:00', '30', '60', queue.name, '09/01/2026–09/30/2026', line],
      ['2026-09-03 09:00', '90', '120', queue.name, '09/01/2026–09/30/2026', line],
    ]);
    // A preview bills nothing: the same calls are still there for the real run.
    expect(await db.invoiceLedgerEntry.count({ where: { billingJobId: String(job.id) } })).toBe(0);
  });
});
