import { afterEach, describe, expect, it } from 'vitest';
import { mapConversationToCallRecord } from './call-record-mapping';
import { GenesysClient, type GenesysClientConfig } from './client';
import { GenesysApiError } from './errors';
import { createGenesysSimulator, type GenesysSimulatorOptions } from './simulator/index';

// The client against what real Genesys does beyond its schema: whole-day intervals, the 31-day
// limit with a filter, participants without sessions, and days too big to page in one order.

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
});

async function setup(options: GenesysSimulatorOptions = {}, clientOptions: Partial<GenesysClientConfig> = {}) {
  const now = () => new Date('2026-03-18T14:30:00.000Z');
  const simulator = createGenesysSimulator({ now, ...options });
  const server = await simulator.listen(0);
  running.push(server.close);
  const client = new GenesysClient({
    apiBaseUrl: server.url,
    loginBaseUrl: server.url,
    ...simulator.credentials,
    now,
    sleep: async () => undefined,
    ...clientOptions,
  });
  return { simulator, client };
}

async function idsBetween(client: GenesysClient, start: string, end: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const conversation of client.conversationsBetween(new Date(start), new Date(end)))
    ids.push(conversation.conversationId!);
  return ids;
}

const startingBetween = (
  conversations: Array<{ conversationId: string; conversationStart: string }>,
  start: string,
  end: string,
) =>
  conversations
    .filter(
      (one) =>
        one.conversationStart >= new Date(start).toISOString() && one.conversationStart < new Date(end).toISOString(),
    )
    .map((one) => one.conversationId);

describe('GenesysClient and the details query as Genesys really answers it', () => {
  it('gets the whole day for an hour asked for, and keeps only the hour', async () => {
    const { client, simulator } = await setup();
    const day = simulator.conversationsForDay('2026-03-16');
    const answer = await client.queryConversationDetails({
      interval: '2026-03-16T10:00:00.000Z/2026-03-16T11:00:00.000Z',
      paging: { pageSize: 100, pageNumber: 1 },
    });
    expect(answer.totalHits).toBe(day.length);
    const ids = await idsBetween(client, '2026-03-16T10:00:00.000Z', '2026-03-16T11:00:00.000Z');
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(startingBetween(day, '2026-03-16T10:00:00.000Z', '2026-03-16T11:00:00.000Z'));
  });

  it('takes up to 31 days with a filter, 7 without', async () => {
    const { client } = await setup();
    const filter = [
      {
        type: 'and' as const,
        predicates: [{ type: 'dimension' as const, dimension: 'conversationEnd', operator: 'exists' as const }],
      },
    ];
    const month = {
      interval: '2026-02-01T00:00:00.000Z/2026-03-04T00:00:00.000Z',
      paging: { pageSize: 1, pageNumber: 1 },
    };
    expect(
      (await client.queryConversationDetails({ ...month, conversationFilters: filter })).totalHits,
    ).toBeGreaterThan(0);
    await expect(client.queryConversationDetails(month)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('7 days'),
    });
    await expect(
      client.queryConversationDetails({
        ...month,
        interval: '2026-02-01T00:00:00.000Z/2026-03-05T00:00:00.000Z',
        conversationFilters: filter,
      }),
    ).rejects.toBeInstanceOf(GenesysApiError);
  });

  it('pulls days holding more than the pagination cap: split at midnight, each day read from both ends, no finer', async () => {
    // A cap of 200 results stands for Genesys' 100,000: weekdays of about 300 calls are "big days".
    const { client, simulator } = await setup({ weekdayCalls: 300, maxPaginationResults: 200 }, { paginationCap: 200 });
    const start = '2026-03-09T06:00:00.000Z';
    const end = '2026-03-12T06:00:00.000Z';
    const expected = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'].flatMap((date) =>
      startingBetween(simulator.conversationsForDay(date), start, end),
    );
    const ids = await idsBetween(client, start, end);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(expected));
    const queries = simulator.stats.detailQueries;
    // 1 for the range, 1 per split, then 2 + 2 pages per day: nothing near minute slices.
    expect(queries.length).toBeLessThanOrEqual(24);
    expect(queries.every((query) => query.status === 200)).toBe(true);
  });

  it('says so, quickly, when one day holds more than both orderings can page', async () => {
    const { client, simulator } = await setup({ weekdayCalls: 600, maxPaginationResults: 200 }, { paginationCap: 200 });
    const failure = await idsBetween(client, '2026-03-10T00:00:00.000Z', '2026-03-11T00:00:00.000Z').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(GenesysApiError);
    expect(failure).toMatchObject({
      code: 'too.many.results',
      message: expect.stringContaining('cannot be pulled completely'),
    });
    expect(simulator.stats.detailQueries.length).toBe(1);
  });

  it('completes a pull where participants come without sessions and sessions without segments', async () => {
    const { client, simulator } = await setup({ modes: { participantsWithoutSessions: 1 } });
    const sent = [];
    for await (const conversation of client.conversationsBetween(
      new Date('2026-03-16T00:00:00Z'),
      new Date('2026-03-17T00:00:00Z'),
    ))
      sent.push(conversation);
    expect(sent.length).toBe(simulator.conversationsForDay('2026-03-16').length);
    expect(
      sent.every((conversation) =>
        conversation.participants?.some((participant) => participant.sessions === undefined),
      ),
    ).toBe(true);
    expect(
      sent.some((conversation) =>
        conversation.participants?.some((participant) =>
          participant.sessions?.some((session) => session.segments === undefined),
        ),
      ),
    ).toBe(true);
    const records = sent.map((conversation) => mapConversationToCallRecord(conversation));
    expect(records.every((record) => record !== null)).toBe(true);
    expect(records.filter((record) => record!.queueId !== null).length).toBeGreaterThan(sent.length * 0.9);
  });

  it('takes a late conversation sent without sessions through POST /_control/conversations, and the pull maps it', async () => {
    const { client, simulator } = await setup();
    const server = await simulator.listen(0);
    running.push(server.close);
    const injected = await fetch(`${server.url}/_control/conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        queueName: 'Acme Support',
        startTime: '2026-03-11T09:00:00Z',
        durationSeconds: 90,
        withoutSessions: true,
      }),
    });
    expect(injected.status).toBe(201);
    const { conversationId, queueId } = (await injected.json()) as { conversationId: string; queueId: string };
    const sent = [];
    for await (const conversation of client.conversationsBetween(
      new Date('2026-03-11T09:00:00Z'),
      new Date('2026-03-11T09:00:01Z'),
    ))
      sent.push(conversation);
    const late = sent.find((conversation) => conversation.conversationId === conversationId)!;
    expect(late.participants?.some((participant) => participant.sessions === undefined)).toBe(true);
    expect(mapConversationToCallRecord(late)).toMatchObject({ conversationId, queueId, duration: 90 });
    const refused = await fetch(`${server.url}/_control/conversations`, {
      method: 'POST',
      body: JSON.stringify({
        queueName: 'Acme Support',
        startTime: '2026-03-11T09:00:00Z',
        durationSeconds: 1,
        withoutSessions: 'yes',
      }),
    });
    expect(refused.status).toBe(400);
  });

  it('switches modes through its control path', async () => {
    const { simulator } = await setup();
    const server = await simulator.listen(0);
    running.push(server.close);
    const post = (body: unknown) =>
      fetch(`${server.url}/_control/modes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const changed = await post({ wholeDayIntervals: false, participantsWithoutSessions: 0.25 });
    expect(await changed.json()).toEqual({ wholeDayIntervals: false, participantsWithoutSessions: 0.25 });
    expect(simulator.modes.wholeDayIntervals).toBe(false);
    expect((await post({ participantsWithoutSessions: 2 })).status).toBe(400);
    expect((await post({ teleport: true })).status).toBe(400);
  });
});
