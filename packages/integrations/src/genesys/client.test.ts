import { afterEach, describe, expect, it } from 'vitest';
import { mapConversationToCallRecord } from './call-record-mapping';
import { GenesysClient, splitIntoIntervals, type GenesysClientConfig } from './client';
import { GenesysApiError, GenesysAuthenticationError } from './errors';
import { createGenesysSimulator, type GenesysSimulatorOptions } from './simulator/index';

const DAY_MS = 86_400_000;

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
});

/**
 * A simulator and a client sharing one fake clock: the client's sleep moves the clock instead of
 * waiting, so retries and Retry-After waits are instant and recorded.
 */
async function setup(options: GenesysSimulatorOptions = {}, clientOptions: Partial<GenesysClientConfig> = {}) {
  const clock = { nowMs: Date.parse('2026-03-18T14:30:00.000Z') };
  const sleeps: number[] = [];
  const simulator = createGenesysSimulator({ now: () => new Date(clock.nowMs), ...options });
  const server = await simulator.listen(0);
  running.push(server.close);
  const client = new GenesysClient({
    apiBaseUrl: server.url,
    loginBaseUrl: server.url,
    ...simulator.credentials,
    now: () => new Date(clock.nowMs),
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.nowMs += ms;
    },
    random: () => 0.5,
    ...clientOptions,
  });
  return { simulator, client, clock, sleeps };
}

describe('GenesysClient against the simulator', () => {
  it('connects with client credentials and reports users and queues', async () => {
    const { client } = await setup();
    expect(client.tokenStatus()).toEqual({ hasValidToken: false, tokenExpiresAt: null });
    expect(await client.testConnection()).toEqual({ userCount: 40, queueCount: 12 });
    expect(client.tokenStatus().hasValidToken).toBe(true);
  });

  it('says plainly when the credentials are wrong, without retrying', async () => {
    const { client, simulator } = await setup({}, { clientSecret: 'wrong' });
    const failure = await client.testConnection().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GenesysAuthenticationError);
    expect((failure as GenesysAuthenticationError).code).toBe('invalid_client');
    expect((failure as Error).message).toMatch(/rejected the client credentials/);
    expect(simulator.stats.requestsByPath['/oauth/token']).toBe(1);
  });

  it('renews its token before it expires, and again after a 401', async () => {
    const { client, simulator, clock } = await setup();
    simulator.faults.tokenLifetimeSeconds = 120;
    await client.listUsers({ pageNumber: 1, pageSize: 5 });
    expect(simulator.stats.tokensIssued).toBe(1);

    clock.nowMs += 119_000;
    await client.listUsers({ pageNumber: 1, pageSize: 5 });
    expect(simulator.stats.tokensIssued).toBe(2);
    expect(simulator.stats.unauthorizedSent).toBe(0);

    simulator.expireAllTokens();
    const page = await client.listQueues({ pageNumber: 1, pageSize: 5 });
    expect(page.entities).toHaveLength(5);
    expect(simulator.stats.unauthorizedSent).toBe(1);
    expect(simulator.stats.tokensIssued).toBe(3);
  });

  it('gets through a burst of 429s by waiting as told, within its attempt limit', async () => {
    const { client, simulator, sleeps } = await setup();
    await client.getAccessToken();
    simulator.faults.rateLimitBurst = 4;
    const queues = await client.listAllQueues();
    expect(queues).toHaveLength(12);
    expect(simulator.stats.tooManyRequestsSent).toBe(4);
    expect(sleeps).toHaveLength(4);
    for (const slept of sleeps) expect(slept).toBeGreaterThanOrEqual(1000);

    simulator.faults.rateLimitBurst = 5;
    const failure = await client.listAllQueues().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GenesysApiError);
    expect((failure as GenesysApiError).status).toBe(429);
  });

  it('keeps working past the per-minute rate limit by honouring Retry-After', async () => {
    const { client, simulator, sleeps } = await setup({ rateLimitPerMinute: 5 });
    for (let i = 0; i < 12; i++) await client.listUsers({ pageNumber: 1, pageSize: 1 });
    expect(simulator.stats.tooManyRequestsSent).toBe(2);
    // Each wait covers the rest of the minute the simulator announced.
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(120_000);
  });

  it('retries 5xx answers with growing, jittered waits and gives up after maxAttempts', async () => {
    const { client, simulator, sleeps } = await setup({}, { random: Math.random });
    await client.getAccessToken();
    simulator.faults.serverErrorRate = 1;
    const failure = await client.listUsers({ pageNumber: 1, pageSize: 10 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GenesysApiError);
    expect([500, 503]).toContain((failure as GenesysApiError).status);
    expect(simulator.stats.requestsByPath['/api/v2/users']).toBe(5);
    expect(sleeps).toHaveLength(4);
    expect(sleeps[3]!).toBeGreaterThan(sleeps[0]!);

    // Now the service recovers after two failures.
    sleeps.length = 0;
    const { client: recovering, simulator: flaky } = await setup(
      {},
      {
        sleep: async (ms) => {
          sleeps.push(ms);
          if (sleeps.length === 2) flaky.faults.serverErrorRate = 0;
        },
      },
    );
    await recovering.getAccessToken();
    flaky.faults.serverErrorRate = 1;
    const page = await recovering.listUsers({ pageNumber: 1, pageSize: 10 });
    expect(page.entities).toHaveLength(10);
    expect(flaky.stats.serverErrorsSent).toBe(2);
  });

  it('gets through a flaky service that fails a share of requests', async () => {
    const { client, simulator } = await setup({}, { maxAttempts: 8 });
    simulator.faults.serverErrorRate = 0.3;
    const pages = [];
    for (let i = 0; i < 20; i++) pages.push(await client.listQueues({ pageNumber: 1, pageSize: 3 }));
    expect(pages.every((page) => page.entities.length === 3)).toBe(true);
    expect(simulator.stats.serverErrorsSent).toBeGreaterThan(3);
  });

  it('abandons a request the service is too slow to answer, retrying it first', async () => {
    const { client, simulator } = await setup({}, { requestTimeoutMs: 50, maxAttempts: 2 });
    simulator.faults.latencyMs = 400;
    const failure = await client.getAccessToken().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GenesysApiError);
    expect((failure as GenesysApiError).code).toBe('network.error');
    expect(simulator.stats.requestsByPath['/oauth/token']).toBe(2);
  });

  it('splits an 8-week range into weekly queries and yields every conversation once', async () => {
    const { client, simulator, clock } = await setup({ weekdayCalls: 30, weekendCalls: 6 });
    const start = new Date('2026-01-19T00:00:00.000Z');
    const end = new Date(start.getTime() + 56 * DAY_MS);
    clock.nowMs = end.getTime() + DAY_MS;
    const ids: string[] = [];
    for await (const conversation of client.conversationsBetween(start, end)) ids.push(conversation.conversationId!);

    const intervals = [...new Set(simulator.stats.detailQueries.map((query) => query.interval))];
    expect(intervals).toHaveLength(8);
    expect(intervals[0]).toBe('2026-01-19T00:00:00.000Z/2026-01-26T00:00:00.000Z');
    const expected: string[] = [];
    for (let day = 0; day < 56; day++) {
      const date = new Date(start.getTime() + day * DAY_MS).toISOString().slice(0, 10);
      expected.push(...simulator.conversationsForDay(date).map((c) => c.conversationId));
    }
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('pages a busy day to its end in pages of 100', async () => {
    const { client, simulator } = await setup({ weekdayCalls: 400 });
    const day = '2026-03-16';
    const ids: string[] = [];
    for await (const c of client.conversationsBetween(
      new Date(`${day}T00:00:00.000Z`),
      new Date(`${day}T23:59:59.999Z`),
    ))
      ids.push(c.conversationId!);
    const expected = simulator.conversationsForDay(day);
    expect(ids).toEqual(expected.map((c) => c.conversationId));
    expect(simulator.stats.detailQueries.map((q) => q.pageNumber)).toEqual(
      [1, 2, 3, 4, 5].slice(0, Math.ceil((expected.length + 1) / 100)),
    );
    expect(simulator.stats.detailQueries.every((q) => q.pageSize === 100)).toBe(true);
  });

  it('maps a conversation transferred between queues to the queue that took it first', async () => {
    const { client, simulator } = await setup();
    const day = '2026-03-16';
    const transferred = simulator
      .conversationsForDay(day)
      .find(
        (c) =>
          c.participants.filter((p) => p.purpose === 'acd').length === 2 &&
          c.participants.filter((p) => p.purpose === 'agent').length === 2,
      );
    expect(transferred).toBeDefined();
    const [firstQueue, secondQueue] = transferred!.participants.filter((p) => p.purpose === 'acd');
    const firstAgent = transferred!.participants.find((p) => p.purpose === 'agent');

    const start = new Date(transferred!.conversationStart);
    const fetched = [];
    for await (const c of client.conversationsBetween(start, new Date(start.getTime() + 1))) fetched.push(c);
    expect(fetched).toHaveLength(1);
    const record = mapConversationToCallRecord(fetched[0]!);

    const queueIdOf = (participant: typeof firstQueue) => participant!.sessions[0]!.segments[0]!.queueId;
    expect(queueIdOf(firstQueue)).not.toBe(queueIdOf(secondQueue));
    expect(record).toMatchObject({
      conversationId: transferred!.conversationId,
      queueId: queueIdOf(firstQueue),
      userId: firstAgent!.userId,
      direction: 'inbound',
      mediaType: 'voice',
    });
    const exactSeconds = (Date.parse(transferred!.conversationEnd!) - start.getTime()) / 1000;
    expect(record!.duration).toBe(Math.ceil(exactSeconds));
    expect(simulator.wrapUpCodes().map((code) => code.id)).toContain(record!.wrapUpCode);
  });
});

describe('splitIntoIntervals', () => {
  it('cuts a range into consecutive pieces of at most 7 days', () => {
    const start = new Date('2026-01-01T00:00:00.000Z');
    const intervals = splitIntoIntervals(start, new Date('2026-01-16T12:00:00.000Z'));
    expect(intervals.map((i) => [i.start.toISOString(), i.end.toISOString()])).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-01-08T00:00:00.000Z'],
      ['2026-01-08T00:00:00.000Z', '2026-01-15T00:00:00.000Z'],
      ['2026-01-15T00:00:00.000Z', '2026-01-16T12:00:00.000Z'],
    ]);
    expect(splitIntoIntervals(start, start)).toEqual([]);
  });
});
