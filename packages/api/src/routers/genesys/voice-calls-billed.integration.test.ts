import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, runJob, waitForJob } from '../../../../../test/billing-kit';
import { busyDays, COMPANY_TIMEZONE, referenceGenesys } from '../../../../../test/genesys-reference';
import type { RestClient } from '../../../../../test/rest-client';
import { startTestServer, type TestServer } from '../../../../../test/server';
import { addDays, calendarDateInZone } from '../../domain/calendar';

// Issue 24, "Done when": the Genesys screen's voice calls equal the billed calls. Every queue of the
// app's simulated Genesys belongs to a customer; a dry run over two past days counts the calls it
// would bill, and the Genesys screen's figures for the same days say how many voice calls there were
// beside every interaction (chats, e-mails, messages and callbacks are kept but never billed).

let server: TestServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { GENESYS_HISTORY_DAYS: '2' } });
  admin = await server.admin();
});

afterAll(async () => {
  await server?.stop();
});

describe('voice calls on the Genesys screen and billed calls', () => {
  it('match for a range whose queues all belong to customers; every other interaction is counted apart', async () => {
    const { db } = server.server.services;
    const queues = referenceGenesys.queues().map((queue) => queue.name);
    for (const [index, queue] of queues.entries()) {
      await createProfile(db, { name: `Voice Match ${index + 1}`, queues: [queue], rate: '0.05' });
    }
    const today = calendarDateInZone(new Date(), COMPANY_TIMEZONE);
    const [startDate, endDate] = busyDays(addDays(today, -5), 2);
    const { id } = await runJob(admin, {
      billingPeriodStart: startDate,
      billingPeriodEnd: endDate,
      isDryRun: true,
      selectedQueues: queues,
    });
    const job = await waitForJob(server, admin, id, 60_000);
    expect(job.status).toBe('COMPLETED');
    const billedCalls = job.customers.reduce((sum, customer) => sum + Number(customer.calls ?? 0), 0);
    expect(billedCalls).toBeGreaterThan(300);

    const range = `startDate=${startDate}&endDate=${endDate}`;
    const records = await admin.get(`/api/v1/genesys/call-records?${range}`);
    expect(records.body.data.summary.voiceCalls).toBe(billedCalls);
    expect(records.body.data.summary.calls).toBeGreaterThan(billedCalls);
    const analytics = await admin.get(`/api/v1/genesys/analytics?${range}`);
    expect(analytics.body.data.voiceCalls).toBe(billedCalls);
    const voiceOnly = await admin.get(`/api/v1/genesys/analytics?${range}&mediaType=voice`);
    expect(voiceOnly.body.data.totalCalls).toBe(billedCalls);
  });
});
