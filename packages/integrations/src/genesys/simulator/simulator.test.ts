import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mapConversationToCallRecord } from '../call-record-mapping';
import { interactionMetrics } from '../interaction-metrics';
import type { AnalyticsConversation } from '../schemas';
import { createGenesysSimulator, type GenesysSimulatorOptions } from './index';

// A Wednesday afternoon, so "today" holds calls that are still going on.
const NOW = Date.parse('2026-03-18T14:30:00.000Z');
const fixedNow = (): Date => new Date(NOW);

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
});

async function start(options: GenesysSimulatorOptions = {}) {
  const simulator = createGenesysSimulator({ now: fixedNow, ...options });
  const server = await simulator.listen(0);
  running.push(server.close);
  const basic = Buffer.from(`${simulator.credentials.clientId}:${simulator.credentials.clientSecret}`).toString(
    'base64',
  );
  async function token(): Promise<string> {
    const response = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }
  async function query(accessToken: string, body: unknown): Promise<Response> {
    return fetch(`${server.url}/api/v2/analytics/conversations/details/query`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
  return { simulator, url: server.url, token, query };
}

describe('simulated Genesys data', () => {
  it('holds about 40 users and 12 uniquely, plainly named queues, each with a division and description', () => {
    const simulator = createGenesysSimulator({ now: fixedNow });
    expect(simulator.users()).toHaveLength(40);
    const queues = simulator.queues();
    expect(queues).toHaveLength(12);
    expect(new Set(queues.map((queue) => queue.name)).size).toBe(12);
    for (const queue of queues) {
      expect(queue.name).toMatch(/^[A-Za-z0-9 ]+$/);
      expect(queue.division.name).not.toBe('');
      expect(queue.description).toBeTruthy();
    }
    expect(new Set(simulator.users().map((user) => user.division.name)).size).toBeGreaterThan(1);
    expect(new Set(simulator.users().map((user) => user.department)).size).toBeGreaterThan(1);
  });

  it('gives the same day the same calls, whatever the seed-mate simulator or the current time', () => {
    const early = createGenesysSimulator({ now: fixedNow });
    const later = createGenesysSimulator({ now: () => new Date(NOW + 20 * 86_400_000) });
    expect(later.conversationsForDay('2026-03-10')).toEqual(early.conversationsForDay('2026-03-10'));
    expect(early.queues()).toEqual(later.queues());
    const otherSeed = createGenesysSimulator({ now: fixedNow, seed: 'another-org' });
    expect(otherSeed.conversationsForDay('2026-03-10')[0]?.conversationId).not.toBe(
      early.conversationsForDay('2026-03-10')[0]?.conversationId,
    );
  });

  it('has about 300 calls a weekday, fewer at weekends, and none beyond its three months of history', () => {
    const simulator = createGenesysSimulator({ now: fixedNow });
    const isVoice = (c: AnalyticsConversation) => mapConversationToCallRecord(c)?.mediaType === 'voice';
    const monday = simulator.conversationsForDay('2026-03-16').filter(isVoice);
    const saturday = simulator.conversationsForDay('2026-03-14').filter(isVoice);
    expect(monday.length).toBeGreaterThan(260);
    expect(monday.length).toBeLessThan(340);
    expect(saturday.length).toBeLessThan(monday.length / 3);
    expect(saturday.length).toBeGreaterThan(0);
    expect(simulator.conversationsForDay('2025-12-01')).toHaveLength(0);
    expect(simulator.conversationsForDay('2026-03-19')).toHaveLength(0);
  });

  it('mixes directions, wrap-up codes, transfers between queues and non-voice conversations', () => {
    const simulator = createGenesysSimulator({ now: fixedNow });
    const week = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'].flatMap((day) =>
      simulator.conversationsForDay(day),
    );
    const wrapUpIds = new Set(simulator.wrapUpCodes().map((code) => code.id));
    const transferred = week.filter((c) => c.participants.filter((p) => p.purpose === 'acd').length > 1);
    const nonVoice = week.filter((c) => !c.participants.some((p) => p.sessions.some((s) => s.mediaType === 'voice')));
    const outbound = week.filter((c) => c.originatingDirection === 'outbound');
    const usedWrapUps = new Set(
      week
        .flatMap((c) => c.participants.flatMap((p) => p.sessions.flatMap((s) => s.segments.map((g) => g.wrapUpCode))))
        .filter(Boolean),
    );
    expect(transferred.length).toBeGreaterThan(20);
    // Chats, e-mails, messages and callbacks: about an eighth of the day's conversations.
    expect(nonVoice.length).toBeGreaterThan(week.length / 12);
    expect(nonVoice.length).toBeLessThan(week.length / 5);
    expect(outbound.length).toBeGreaterThan(week.length / 10);
    expect(usedWrapUps.size).toBeGreaterThan(3);
    for (const code of usedWrapUps) expect(wrapUpIds.has(code!)).toBe(true);
    const startHours = week.map((c) => new Date(c.conversationStart).getUTCHours());
    expect(startHours.filter((hour) => hour >= 8 && hour < 19).length).toBeGreaterThan(week.length * 0.75);
  });

  it("puts business hours on the clock of the calls' place, keeping each day's calls on that day", () => {
    const utc = createGenesysSimulator({ now: fixedNow });
    const pacific = createGenesysSimulator({ now: fixedNow, businessUtcOffsetMinutes: -480 });
    const days = ['2026-03-09', '2026-03-10', '2026-03-11'];
    for (const day of days) {
      const calls = pacific.conversationsForDay(day);
      expect(calls.length).toBe(utc.conversationsForDay(day).length);
      expect(calls.every((c) => c.conversationStart.startsWith(day))).toBe(true);
    }
    const week = days.flatMap((day) => pacific.conversationsForDay(day));
    const pacificHours = week.map((c) => (new Date(c.conversationStart).getUTCHours() + 24 - 8) % 24);
    expect(pacificHours.filter((hour) => hour >= 8 && hour < 19).length).toBeGreaterThan(week.length * 0.75);
  });

  it('shows today only up to now: nothing starts later, and calls in progress have no end', () => {
    const simulator = createGenesysSimulator({ now: fixedNow });
    const today = simulator.conversationsForDay('2026-03-18');
    expect(today.length).toBeGreaterThan(100);
    expect(today.every((c) => Date.parse(c.conversationStart) <= NOW)).toBe(true);
    const inProgress = today.filter((c) => c.conversationEnd === undefined);
    expect(inProgress.length).toBeGreaterThan(0);
    for (const conversation of today) {
      if (conversation.conversationEnd) expect(Date.parse(conversation.conversationEnd)).toBeLessThanOrEqual(NOW);
      for (const segment of conversation.participants.flatMap((p) => p.sessions.flatMap((s) => s.segments))) {
        expect(Date.parse(segment.segmentStart)).toBeLessThanOrEqual(NOW);
        if (segment.segmentEnd) expect(Date.parse(segment.segmentEnd)).toBeLessThanOrEqual(NOW);
      }
    }
  });
});

describe('simulated Genesys endpoints', () => {
  it('issues client-credentials tokens and refuses bad ones the way Genesys does', async () => {
    const { url } = await start();
    const wrong = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('sim-genesys-client:nope').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client', description: 'authentication failed' });

    const right = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('sim-genesys-client:sim-genesys-secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(await right.json()).toMatchObject({
      token_type: 'bearer',
      expires_in: 86399,
      access_token: expect.any(String),
    });
  });

  it('lists users and queues in the real listing envelope', async () => {
    const { url, token } = await start();
    const accessToken = await token();
    const first = await fetch(`${url}/api/v2/users`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(first.headers.get('inin-ratelimit-allowed')).toBe('300');
    const firstPage = await first.json();
    expect(firstPage).toMatchObject({
      pageSize: 25,
      pageNumber: 1,
      total: 40,
      pageCount: 2,
      nextUri: '/api/v2/users?pageSize=25&pageNumber=2',
    });
    expect(firstPage.entities).toHaveLength(25);
    expect(firstPage).not.toHaveProperty('previousUri');
    const last = await (
      await fetch(`${url}/api/v2/routing/queues?pageSize=10&pageNumber=2`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
    ).json();
    expect(last).toMatchObject({ total: 12, pageCount: 2, lastUri: '/api/v2/routing/queues?pageSize=10&pageNumber=2' });
    expect(last.entities).toHaveLength(2);
    expect(last).not.toHaveProperty('nextUri');
  });

  it('refuses intervals over 7 days and paging past 100,000 results, and leaves conversations out past the last page', async () => {
    const { token, query } = await start();
    const accessToken = await token();
    const tooLong = await query(accessToken, { interval: '2026-03-01T00:00:00.000Z/2026-03-08T00:00:01.000Z' });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ status: 400, code: 'bad.request' });

    const tooDeep = await query(accessToken, {
      interval: '2026-03-01T00:00:00.000Z/2026-03-08T00:00:00.000Z',
      paging: { pageSize: 100, pageNumber: 1001 },
    });
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.json()).toMatchObject({ message: 'Pagination may not exceed 100000 results.' });

    const badDate = await query(accessToken, { interval: 'yesterday/today' });
    expect(await badDate.json()).toMatchObject({ status: 400, code: 'invalid.date' });

    const pastEnd = await query(accessToken, {
      interval: '2026-03-10T00:00:00.000Z/2026-03-11T00:00:00.000Z',
      paging: { pageSize: 100, pageNumber: 50 },
    });
    const body = await pastEnd.json();
    expect(body).not.toHaveProperty('conversations');
    expect(body.totalHits).toBeGreaterThan(200);
  });

  it('answers a filtered query with only ended voice conversations', async () => {
    const { token, query } = await start();
    const response = await query(await token(), {
      interval: '2026-03-18T00:00:00.000Z/2026-03-19T00:00:00.000Z',
      paging: { pageSize: 100, pageNumber: 1 },
      conversationFilters: [
        { type: 'and', predicates: [{ type: 'dimension', dimension: 'conversationEnd', operator: 'exists' }] },
      ],
      segmentFilters: [
        {
          type: 'and',
          predicates: [{ type: 'dimension', dimension: 'mediaType', operator: 'matches', value: 'voice' }],
        },
      ],
    });
    const body = await response.json();
    const simulator = createGenesysSimulator({ now: fixedNow });
    const expected = simulator
      .conversationsForDay('2026-03-18')
      .filter((c) => c.conversationEnd && c.participants.some((p) => p.sessions.some((s) => s.mediaType === 'voice')));
    expect(body.totalHits).toBe(expected.length);
    expect(body.conversations.every((c: { conversationEnd?: string }) => c.conversationEnd)).toBe(true);
  });

  it('rate-limits each token per minute with 429, Retry-After and inin-ratelimit headers', async () => {
    const { url, token, simulator } = await start({ rateLimitPerMinute: 3 });
    const accessToken = await token();
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${url}/api/v2/routing/queues`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused?.headers.get('inin-ratelimit-count')).toBe('4');
    expect(await refused?.json()).toMatchObject({ code: 'too.many.requests.retry.after', status: 429 });
    expect(simulator.stats.tooManyRequestsSent).toBe(1);
  });

  it('answers 401 credentials.expired once tokens have expired', async () => {
    const { url, token, simulator } = await start();
    const accessToken = await token();
    simulator.expireAllTokens();
    const response = await fetch(`${url}/api/v2/users`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'credentials.expired' });
  });

  it('works when mounted under a prefix by a host server', async () => {
    const simulator = createGenesysSimulator({ now: fixedNow });
    const { createServer } = await import('node:http');
    const host = createServer((req, res) => {
      req.url = (req.url ?? '/').replace(/^\/sim\/genesys/, '') || '/';
      simulator.handle(req, res);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    running.push(
      () =>
        new Promise<void>((resolve) => {
          host.close(() => resolve());
          host.closeAllConnections();
        }),
    );
    const port = (host.address() as { port: number }).port;
    const response = await fetch(`http://127.0.0.1:${port}/sim/genesys/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('sim-genesys-client:sim-genesys-secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(response.status).toBe(200);
  });

  it('answers a page deep into a history sized for a million conversations', async () => {
    const { token, query } = await start({ weekdayCalls: 13_000, weekendCalls: 8_000 });
    const response = await query(await token(), {
      interval: '2026-02-01T00:00:00.000Z/2026-02-08T00:00:00.000Z',
      paging: { pageSize: 100, pageNumber: 500 },
    });
    const body = await response.json();
    expect(body.totalHits).toBeGreaterThan(70_000);
    expect(body.conversations).toHaveLength(100);
    expect(body.conversations[0].conversationStart < body.conversations[99].conversationStart).toBe(true);
  });
});

describe('simulated Genesys: conversations added after the fact', () => {
  async function inject(url: string, body: unknown): Promise<Response> {
    return fetch(`${url}/_control/conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Every conversation the details query reports for the interval, page by page. */
  async function pullAll(
    token: string,
    query: (accessToken: string, body: unknown) => Promise<Response>,
    interval: string,
  ) {
    const all: AnalyticsConversation[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const body = (await (
        await query(token, { interval, order: 'asc', paging: { pageSize: 100, pageNumber } })
      ).json()) as { conversations?: AnalyticsConversation[]; totalHits: number };
      all.push(...(body.conversations ?? []));
      if (!body.conversations) return { all, totalHits: body.totalHits };
    }
  }

  it('serves an injected voice call in the details query, in start order, with the real participants', async () => {
    const { url, token, query, simulator } = await start();
    const queue = simulator.queues().find((candidate) => candidate.name === 'Acme Support')!;
    const interval = '2026-03-10T00:00:00.000Z/2026-03-11T00:00:00.000Z';
    const before = await pullAll(await token(), query, interval);

    const created = await inject(url, {
      queueName: 'acme support',
      startTime: '2026-03-10T12:00:00.500Z',
      durationSeconds: 125,
    });
    expect(created.status).toBe(201);
    const answer = (await created.json()) as {
      conversationId: string;
      queueId: string;
      startTime: string;
      endTime: string;
    };
    expect(answer).toEqual({
      conversationId: expect.any(String),
      queueId: queue.id,
      startTime: '2026-03-10T12:00:00.500Z',
      endTime: '2026-03-10T12:02:05.500Z',
    });

    const after = await pullAll(await token(), query, interval);
    expect(after.totalHits).toBe(before.totalHits + 1);
    expect(after.all.map((conversation) => conversation.conversationId)).toEqual(
      [...before.all, { conversationId: answer.conversationId, conversationStart: answer.startTime }]
        .sort((a, b) => Date.parse(a.conversationStart) - Date.parse(b.conversationStart))
        .map((conversation) => conversation.conversationId),
    );
    const conversation = after.all.find((candidate) => candidate.conversationId === answer.conversationId)!;
    expect(conversation).toMatchObject({
      conversationStart: answer.startTime,
      conversationEnd: answer.endTime,
      originatingDirection: 'inbound',
    });
    expect(conversation.participants.map((participant) => participant.purpose)).toEqual(['customer', 'acd', 'agent']);
    const acdSegment = conversation.participants[1]!.sessions[0]!.segments[0]!;
    expect(acdSegment.queueId).toBe(queue.id);
    expect(simulator.users().map((user) => user.id)).toContain(conversation.participants[2]!.userId);
    expect(mapConversationToCallRecord(conversation)).toMatchObject({
      duration: 125,
      mediaType: 'voice',
      direction: 'inbound',
      queueId: queue.id,
      userId: conversation.participants[2]!.userId,
    });
    expect(simulator.conversationsForDay('2026-03-10').map((candidate) => candidate.conversationId)).toContain(
      answer.conversationId,
    );
  });

  it('reports a call still going on without an end, and with its end once the clock has passed it', async () => {
    let clock = Date.parse('2026-03-18T14:30:00.000Z');
    const { token, query, simulator } = await start({ now: () => new Date(clock) });
    const { conversationId } = simulator.addConversation({
      queueName: 'Northwind Sales',
      startTime: new Date(clock - 60_000),
      durationSeconds: 600,
      mediaType: 'voice',
    });
    const find = async () => {
      const { all } = await pullAll(await token(), query, '2026-03-18T14:00:00.000Z/2026-03-18T15:00:00.000Z');
      return all.find((conversation) => conversation.conversationId === conversationId);
    };
    const inProgress = await find();
    expect(inProgress).toBeDefined();
    expect(inProgress).not.toHaveProperty('conversationEnd');
    expect(mapConversationToCallRecord(inProgress!)).toMatchObject({ endTime: null, duration: 0 });

    clock += 10 * 60_000;
    const ended = await find();
    expect(ended?.conversationEnd).toBe('2026-03-18T14:39:00.000Z');
    expect(mapConversationToCallRecord(ended!)).toMatchObject({ duration: 600 });
  });

  it('takes chat, email, callback and message conversations, and filters see them', async () => {
    const { url, token, query, simulator } = await start();
    simulator.modes.wholeDayIntervals = false; // only the second asked for, not its whole day
    for (const mediaType of ['chat', 'email', 'callback', 'message']) {
      expect(
        (
          await inject(url, {
            queueName: 'Contoso Billing',
            startTime: '2026-03-11T09:00:00Z',
            durationSeconds: 30,
            mediaType,
          })
        ).status,
      ).toBe(201);
    }
    const { conversationId: voiceId } = simulator.addConversation({
      queueName: 'Contoso Billing',
      startTime: '2026-03-11T09:00:00Z',
      durationSeconds: 0,
    });
    const body = await (
      await query(await token(), {
        interval: '2026-03-11T09:00:00.000Z/2026-03-11T09:00:01.000Z',
        segmentFilters: [
          {
            type: 'and',
            predicates: [{ type: 'dimension', dimension: 'mediaType', operator: 'matches', value: 'voice' }],
          },
        ],
      })
    ).json();
    expect(body.conversations.map((conversation: AnalyticsConversation) => conversation.conversationId)).toEqual([
      voiceId,
    ]);
    const zeroLength = body.conversations[0] as AnalyticsConversation;
    expect(zeroLength.conversationEnd).toBe('2026-03-11T09:00:00.000Z');
    const all = simulator
      .conversationsForDay('2026-03-11')
      .filter((conversation) => conversation.conversationStart === '2026-03-11T09:00:00.000Z');
    expect(all.map((conversation) => mapConversationToCallRecord(conversation)?.mediaType)).toEqual([
      'chat',
      'email',
      'callback',
      'message',
      'voice',
    ]);
  });

  it('reports an injected outbound conversation with the talk, hold and after-call-work seconds asked for', async () => {
    const { simulator } = await start();
    const { conversationId } = simulator.addConversation({
      queueName: 'Acme Support',
      startTime: '2026-03-12T09:00:00Z',
      durationSeconds: 300,
      mediaType: 'callback',
      direction: 'outbound',
      metrics: { talkSeconds: 250, holdSeconds: 50, acwSeconds: 45 },
    });
    const conversation = simulator
      .conversationsForDay('2026-03-12')
      .find((candidate) => candidate.conversationId === conversationId)!;
    expect(mapConversationToCallRecord(conversation)).toMatchObject({
      direction: 'outbound',
      mediaType: 'callback',
      duration: 300,
    });
    expect(interactionMetrics(conversation)).toEqual({
      talkSeconds: 250,
      holdSeconds: 50,
      acwSeconds: 45,
      handleSeconds: 345,
    });
    expect(() =>
      simulator.addConversation({
        queueName: 'Acme Support',
        startTime: '2026-03-12T09:00:00Z',
        durationSeconds: 1,
        direction: 'sideways' as 'inbound',
      }),
    ).toThrow('direction must be inbound or outbound');
  });

  it('refuses an unknown queue, a bad date, a negative or fractional duration and an unknown media type with a clear 400', async () => {
    const { url, simulator } = await start();
    const good = { queueName: 'Acme Support', startTime: '2026-03-10T12:00:00Z', durationSeconds: 60 };
    const cases: Array<[unknown, string]> = [
      [{ ...good, queueName: 'Nobody Inc' }, 'Unknown queue "Nobody Inc"'],
      [{ ...good, queueName: undefined }, 'queueName is required'],
      [{ ...good, startTime: 'yesterday' }, 'startTime must be an ISO-8601 date and time'],
      [{ ...good, startTime: '2026-02-30T12:00:00Z' }, 'startTime must be an ISO-8601 date and time'],
      [{ ...good, startTime: '2026-03-10T12:00:00' }, 'startTime must be an ISO-8601 date and time'],
      [{ ...good, durationSeconds: -1 }, 'durationSeconds must be a whole number of seconds from 0 to 86400'],
      [{ ...good, durationSeconds: 1.5 }, 'durationSeconds must be a whole number'],
      [{ ...good, durationSeconds: '60' }, 'durationSeconds must be a whole number'],
      [{ ...good, mediaType: 'fax' }, 'mediaType must be one of voice, chat, email, callback, message'],
      [[good], 'The body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const response = await inject(url, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({
        status: 400,
        code: 'bad.request',
        message: expect.stringContaining(message),
      });
    }
    const notJson = await fetch(`${url}/_control/conversations`, { method: 'POST', body: '{"queueName":' });
    expect(notJson.status).toBe(400);
    expect(
      simulator
        .conversationsForDay('2026-03-10')
        .filter((conversation) => conversation.conversationStart === '2026-03-10T12:00:00.000Z'),
    ).toHaveLength(0);
    expect(() => simulator.addConversation({ ...good, durationSeconds: -5 })).toThrow('durationSeconds must be');
  });

  it('keeps injected conversations in its state file across a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'genesys-sim-'));
    try {
      const stateFile = join(folder, 'genesys.json');
      const first = await start({ stateFile });
      const created = await (
        await inject(first.url, {
          queueName: 'Umbrella Claims',
          startTime: '2026-03-12T16:20:00Z',
          durationSeconds: 300,
        })
      ).json();

      const second = await start({ stateFile });
      const again = second.simulator
        .conversationsForDay('2026-03-12')
        .find((conversation) => conversation.conversationId === created.conversationId);
      expect(again).toEqual(
        first.simulator
          .conversationsForDay('2026-03-12')
          .find((conversation) => conversation.conversationId === created.conversationId),
      );
      expect(again?.conversationEnd).toBe('2026-03-12T16:25:00.000Z');
      const withoutFile = createGenesysSimulator({ now: fixedNow });
      expect(
        withoutFile.conversationsForDay('2026-03-12').map((conversation) => conversation.conversationId),
      ).not.toContain(created.conversationId);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
