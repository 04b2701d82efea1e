// Test support (the dashboard's integration and browser tests): a known set of rows for it to read.
// Nothing in the product imports this file.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@phone-billing/db';
import { addDays, dayRangeToInstants } from '../packages/api/src/domain/calendar';
import { currentMonthInZone } from '../packages/api/src/dashboard/month';

export type SeededCall = { id: string; at: Date; duration: number; mediaType: string; queueId: string | null };

/**
 * A stand-in Genesys that refuses every credential, so a test server configured with it
 * (GENESYS_CLIENT_ID/SECRET + GENESYS_BASE_URL) pulls no demo calls and seeds no demo data.
 */
export async function startRefusingGenesys(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'invalid_client', description: 'refused by the dashboard tests' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      GENESYS_CLIENT_ID: 'dashboard-test',
      GENESYS_CLIENT_SECRET: 'dashboard-test',
      GENESYS_BASE_URL: `http://127.0.0.1:${port}`,
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Removes whatever demo data other areas may have put in the tables the dashboard reads. */
export async function clearDashboardTables(db: Database): Promise<void> {
  await db.$executeRawUnsafe(
    `TRUNCATE call_records, genesys_queues, customer_profile_queues, customer_profiles, billing_job_customers,
              call_claims, invoice_period_lines, billing_periods, invoice_ledger, billing_jobs, scheduled_runs, queue_assignments, teams, regions, notifications CASCADE`,
  );
}

/**
 * Seeds: three Genesys queues (two assigned to a team), four profiles (Acme: Support, mapped,
 * scheduled; Beta: Sales + an unknown queue, unmapped, minimum 100 min, scheduled; Gamma:
 * inactive; Delta: active, mapped, no queues, no next run), calls in and around this month,
 * twelve billing jobs (the newest a failed MONTHLY one, one IN_PROGRESS) and three ledger entries.
 */
export async function seedDashboardData(db: Database, options: { now?: Date; timeZone?: string } = {}) {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? 'America/New_York';
  await db.organizationSettings.upsert({
    where: { id: 1 },
    create: { id: 1, timezone: timeZone, currency: 'USD', billingIncrementSeconds: 60 },
    update: { timezone: timeZone, currency: 'USD', billingIncrementSeconds: 60 },
  });
  const month = currentMonthInZone(now, timeZone);
  const { from: monthStart, toExclusive: nextMonthStart } = dayRangeToInstants(month.start, month.end, timeZone);

  await db.genesysQueue.createMany({
    data: [
      { id: 'q-support', name: 'Support' },
      { id: 'q-sales', name: 'Sales' },
      { id: 'q-lonely', name: 'Overflow' },
    ],
  });
  const region = await db.region.create({ data: { name: 'West' } });
  const team = await db.team.create({ data: { name: 'Tier 1', regionId: region.id } });
  await db.queueAssignment.createMany({
    data: [
      { queueId: 'q-support', queueName: 'Support', teamId: team.id },
      { queueId: 'q-sales', queueName: 'Sales', teamId: team.id },
    ],
  });

  const firstRun = new Date(now.getTime() + 3 * 24 * 3600_000);
  const secondRun = new Date(now.getTime() + 10 * 24 * 3600_000);
  const acme = await db.customerProfile.create({
    data: {
      qboDisplayName: 'Acme Corp',
      qboCustomerId: '101',
      genesysQueueNames: ['Support'],
      ratePerMinute: '0.05',
      minimumMinutes: 0,
      overageRatePerMinute: '0.05',
      billDate: 5,
      billTime: '02:00',
      billingPeriodStart: 1,
      billingPeriodEnd: 31,
      nextRunAt: firstRun,
      queues: { create: [{ queueName: 'Support' }] },
    },
  });
  const beta = await db.customerProfile.create({
    data: {
      qboDisplayName: 'Beta LLC',
      genesysQueueNames: ['Sales', 'Ghost Queue'],
      ratePerMinute: '0.10',
      minimumMinutes: 100,
      overageRatePerMinute: '0.20',
      billDate: 15,
      billTime: '06:30',
      billingPeriodStart: 16,
      billingPeriodEnd: 15,
      nextRunAt: secondRun,
      queues: { create: [{ queueName: 'Sales' }, { queueName: 'Ghost Queue' }] },
    },
  });
  await db.customerProfile.create({
    data: {
      qboDisplayName: 'Gamma Inc',
      qboCustomerId: '102',
      genesysQueueNames: ['Overflow'],
      isActive: false,
      ratePerMinute: '9.99',
    },
  });
  await db.customerProfile.create({
    data: { qboDisplayName: 'Delta Co', qboCustomerId: '103', genesysQueueNames: [], ratePerMinute: '1.00' },
  });

  const secondDayStart = dayRangeToInstants(addDays(month.start, 1), addDays(month.start, 1), timeZone).from;
  const minutesAfterStart = (minutes: number) => new Date(monthStart.getTime() + minutes * 60_000);
  const calls: SeededCall[] = [
    { id: 'c1', at: minutesAfterStart(30), duration: 61, mediaType: 'voice', queueId: 'q-support' },
    { id: 'c2', at: minutesAfterStart(60), duration: 30, mediaType: 'voice', queueId: 'q-support' },
    { id: 'c3', at: minutesAfterStart(90), duration: 125, mediaType: 'voice', queueId: 'q-support' },
    { id: 'c4', at: minutesAfterStart(120), duration: 3000, mediaType: 'voice', queueId: 'q-sales' },
    { id: 'c5', at: minutesAfterStart(150), duration: 3700, mediaType: 'voice', queueId: 'q-sales' },
    { id: 'c6', at: minutesAfterStart(180), duration: 500, mediaType: 'email', queueId: 'q-support' },
    { id: 'c7', at: minutesAfterStart(200), duration: 90, mediaType: 'voice', queueId: null },
    { id: 'c8', at: minutesAfterStart(210), duration: 45, mediaType: 'voice', queueId: 'q-lonely' },
    // Either side of the start of the month's second day in the company timezone.
    {
      id: 'c11',
      at: new Date(secondDayStart.getTime() - 60_000),
      duration: 40,
      mediaType: 'voice',
      queueId: 'q-support',
    },
    { id: 'c12', at: secondDayStart, duration: 20, mediaType: 'voice', queueId: 'q-sales' },
    // Just outside the month on either side (the company timezone decides, not UTC).
    { id: 'c9', at: new Date(monthStart.getTime() - 60_000), duration: 600, mediaType: 'voice', queueId: 'q-support' },
    { id: 'c10', at: nextMonthStart, duration: 600, mediaType: 'voice', queueId: 'q-sales' },
  ];
  await db.callRecord.createMany({
    data: calls.map((call) => ({
      conversationId: call.id,
      startTime: call.at,
      endTime: new Date(call.at.getTime() + call.duration * 1000),
      duration: call.duration,
      direction: 'inbound',
      mediaType: call.mediaType,
      queueId: call.queueId,
    })),
  });

  // Twelve jobs, one minute apart, oldest first; statuses cycle; the newest is a failed MONTHLY job.
  const statuses = [
    'COMPLETED',
    'COMPLETED',
    'FAILED',
    'COMPLETED',
    'CANCELLED',
    'COMPLETED',
    'PENDING',
    'COMPLETED',
    'FAILED',
    'COMPLETED',
    'IN_PROGRESS',
    'FAILED',
  ] as const;
  const jobs = [];
  for (let index = 0; index < statuses.length; index++) {
    const newest = index === statuses.length - 1;
    jobs.push(
      await db.billingJob.create({
        data: {
          jobId: `BJ-T${String(index).padStart(4, '0')}`,
          status: statuses[index],
          type: newest ? 'MONTHLY' : index === 1 ? 'DRY_RUN' : 'MANUAL',
          queueName: ['Support'],
          startDate: new Date('2026-09-01T00:00:00Z'),
          endDate: new Date('2026-09-30T00:00:00Z'),
          profileId: newest ? acme.id : null,
          createdAt: new Date(now.getTime() - (statuses.length - index) * 60_000),
          totalClients: index + 1,
          totalInvoices: index,
          successfulInvoices: index,
          totalAmount: `${index}.25`,
          error: statuses[index] === 'FAILED' ? `Customer Beta LLC has no QuickBooks mapping (job ${index})` : null,
        },
      }),
    );
  }
  await db.invoiceLedgerEntry.createMany({
    data: [
      {
        profileId: acme.id,
        periodStart: new Date('2026-08-01'),
        periodEnd: new Date('2026-08-31'),
        billingJobId: jobs[0]!.id,
        docNumber: 'D-1',
        requestId: 'r-1',
        amount: '100.10',
        state: 'CREATED',
        qboInvoiceId: '9001',
      },
      {
        profileId: beta.id,
        periodStart: new Date('2026-08-16'),
        periodEnd: new Date('2026-09-15'),
        billingJobId: jobs[3]!.id,
        docNumber: 'D-2',
        requestId: 'r-2',
        amount: '50.25',
        state: 'CREATED',
        qboInvoiceId: '9002',
      },
      {
        profileId: acme.id,
        periodStart: new Date('2026-09-01'),
        periodEnd: new Date('2026-09-30'),
        billingJobId: jobs[11]!.id,
        docNumber: 'D-3',
        requestId: 'r-3',
        amount: '999.00',
        state: 'RESERVED',
      },
    ],
  });
  await db.scheduledRun.create({
    data: { profileId: beta.id, dueAt: new Date(now.getTime() - 3600_000), state: 'HELD' },
  });

  return { timeZone, month, monthStart, nextMonthStart, calls, jobs, profiles: { acme, beta }, firstRun, secondRun };
}
