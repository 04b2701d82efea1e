import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, refusal, type Caller, type TestApi } from '../../../../../test/caller';
import { startReferenceGenesysService } from '../../../../../test/genesys-kit';
import { busyDays, COMPANY_TIMEZONE, expectedCalls } from '../../../../../test/genesys-reference';
import { addDays, calendarDateInZone } from '../../domain/calendar';

// Every interaction Genesys reports kept (issue 21) and counted honestly on the Genesys screen
// (issue 24): chats, e-mails, messages and callbacks stored beside calls with their talk, hold and
// after-call-work seconds, never billable; the media type and direction filters; voice calls
// beside each total; "Export with metrics". Expected figures come from the reference simulator
// mapped independently of the store (test/genesys-reference.ts).

const TZ = COMPANY_TIMEZONE;
let api: TestApi;
let admin: Caller;
let genesys: Awaited<ReturnType<typeof startReferenceGenesysService>>;
let startDate: string;
let endDate: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = api.admin;
  genesys = await startReferenceGenesysService(api.db, api.services.logger);
  api.services.integrations.genesys = genesys.service;
  await genesys.service.syncDirectory();
  const today = calendarDateInZone(new Date(), TZ);
  startDate = addDays(today, -12);
  endDate = addDays(today, -10);
});

afterAll(async () => {
  await genesys?.close();
  await api?.close();
});

const count = <T>(items: T[], keep: (item: T) => boolean) => items.filter(keep).length;

describe('every interaction kept', () => {
  it('stores every media type and direction with talk, hold and ACW seconds; bills only ended voice', async () => {
    const expected = expectedCalls(startDate, endDate);
    await admin.genesys.callRecords({ startDate, endDate });
    const stored = await api.db.callRecord.findMany({
      where: { conversationId: { in: expected.map((record) => record.conversationId) } },
    });
    expect(stored).toHaveLength(expected.length);
    const byId = new Map(stored.map((row) => [row.conversationId, row]));
    for (const record of expected) {
      const row = byId.get(record.conversationId)!;
      expect([
        row.mediaType,
        row.direction,
        row.talkSeconds,
        row.holdSeconds,
        row.acwSeconds,
        row.handleSeconds,
      ]).toEqual([
        record.mediaType,
        record.direction,
        record.talkSeconds,
        record.holdSeconds,
        record.acwSeconds,
        record.handleSeconds,
      ]);
      // Billable (migration 20261223_2_every_interaction_billable): ended interactions with a queue
      // of the media types a rate plan can price; profiles on the spec's fields still bill only voice.
      expect(row.billableSeq !== null).toBe(
        ['voice', 'callback', 'chat', 'email', 'message'].includes(record.mediaType ?? '') &&
          record.endTime !== null &&
          record.queueId !== null,
      );
    }
    const kinds = new Set(stored.map((row) => `${row.mediaType} ${row.direction}`));
    for (const mediaType of ['voice', 'chat', 'email', 'message', 'callback']) {
      expect(kinds).toContain(`${mediaType} inbound`);
      expect(kinds).toContain(`${mediaType} outbound`);
    }
    expect(count(stored, (row) => (row.talkSeconds ?? 0) > 0 && (row.acwSeconds ?? 0) > 0)).toBeGreaterThan(
      stored.length * 0.8,
    );
  });

  it('fills the metrics of calls stored before they were kept, without moving a billed call', async () => {
    // A day before the range the other tests pulled, and a busy one.
    const [day] = busyDays(addDays(startDate, -1), 1);
    await admin.genesys.callRecords({ startDate: day, endDate: day });
    const expected = expectedCalls(day, day);
    const ids = expected.map((record) => record.conversationId);
    const before = await api.db.callRecord.findMany({
      where: { conversationId: { in: ids }, billableSeq: { not: null } },
    });
    expect(before.length).toBeGreaterThan(100);
    // As migration 20261215_call_record_metrics leaves a database: no metrics, every pulled day to be
    // pulled again (and pulled longer ago than the screen's 30 seconds of freshness).
    await api.db.$executeRaw`
      UPDATE call_records SET "talkSeconds" = NULL, "holdSeconds" = NULL, "acwSeconds" = NULL, "handleSeconds" = NULL
      WHERE "conversationId" = ANY(${ids}::text[])`;
    await api.db.$executeRaw`UPDATE call_pull_days SET complete = false, "pulledAt" = "pulledAt" - interval '1 hour'`;
    await admin.genesys.callRecords({ startDate: day, endDate: day });
    const after = await api.db.callRecord.findMany({
      where: { conversationId: { in: expected.map((record) => record.conversationId) } },
    });
    expect(after.every((row) => row.talkSeconds !== null && row.handleSeconds !== null)).toBe(true);
    const billedAfter = new Map(
      (await api.db.callRecord.findMany({ where: { billableSeq: { not: null } } })).map((row) => [
        row.conversationId,
        row,
      ]),
    );
    for (const row of before) {
      expect(billedAfter.get(row.conversationId)?.billableSeq).toBe(row.billableSeq);
      expect(billedAfter.get(row.conversationId)?.duration).toBe(row.duration);
    }
  });
});

describe('honest counts on the Genesys screen', () => {
  it('filters calls by media type and direction over the whole range, with voice calls beside the total', async () => {
    const expected = expectedCalls(startDate, endDate);
    const everything = (await admin.genesys.callRecords({ startDate, endDate })).data;
    // Default: all, as before, with the voice figure beside the total.
    expect(everything.summary.calls).toBe(expected.length);
    expect(everything.summary.voiceCalls).toBe(count(expected, (record) => record.mediaType === 'voice'));
    expect(everything.summary.voiceCalls).toBeLessThan(everything.summary.calls);

    const chats = expected.filter((record) => record.mediaType === 'chat' && record.direction === 'outbound');
    expect(chats.length).toBeGreaterThan(0);
    const outboundChats = (
      await admin.genesys.callRecords({ startDate, endDate, mediaType: 'chat', direction: 'outbound', limit: 100 })
    ).data;
    expect(outboundChats.summary).toMatchObject({
      calls: chats.length,
      voiceCalls: 0,
      totalSeconds: chats.reduce((sum, record) => sum + record.duration, 0),
    });
    expect(outboundChats.callRecords.map((record) => record.conversationId).sort()).toEqual(
      chats.map((record) => record.conversationId).sort(),
    );
    expect(outboundChats.callRecords[0]).toMatchObject({
      mediaType: 'chat',
      direction: 'outbound',
      talkSeconds: expect.any(Number),
      handleSeconds: expect.any(Number),
    });

    const inboundVoice = (
      await admin.genesys.callRecords({ startDate, endDate, mediaType: 'voice', direction: 'inbound' })
    ).data.summary;
    const expectedInboundVoice = count(
      expected,
      (record) => record.mediaType === 'voice' && record.direction === 'inbound',
    );
    expect(inboundVoice).toMatchObject({ calls: expectedInboundVoice, voiceCalls: expectedInboundVoice });

    expect(await refusal(admin.genesys.callRecords({ startDate, endDate, mediaType: 'fax' as never }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Media type must be all or one of voice, callback, chat, email, message'),
    });
  });

  it('computes analytics over the media type and direction chosen, with voice calls beside total calls', async () => {
    const expected = expectedCalls(startDate, endDate);
    const all = (await admin.genesys.analytics({ startDate, endDate })).data;
    expect(all.totalCalls).toBe(expected.length);
    expect(all.voiceCalls).toBe(count(expected, (record) => record.mediaType === 'voice'));
    for (const mediaType of ['voice', 'chat', 'email', 'message', 'callback']) {
      expect(all.callsByMediaType[mediaType]).toBe(count(expected, (record) => record.mediaType === mediaType));
    }
    const emails = expected.filter((record) => record.mediaType === 'email' && record.direction === 'inbound');
    const inboundEmail = (
      await admin.genesys.analytics({ startDate, endDate, mediaType: 'email', direction: 'inbound' })
    ).data;
    expect(inboundEmail).toMatchObject({
      totalCalls: emails.length,
      voiceCalls: 0,
      callsByMediaType: { email: emails.length },
      callsByDirection: { inbound: emails.length },
    });
    expect(inboundEmail.totalMinutes).toBeCloseTo(emails.reduce((sum, record) => sum + record.duration, 0) / 60, 2);
    const voice = (await admin.genesys.analytics({ startDate, endDate, mediaType: 'voice' })).data;
    expect(voice.totalCalls).toBe(voice.voiceCalls);
    expect(voice.totalCalls).toBe(all.voiceCalls);
  });

  it("exports the spec's columns by default, and talk, hold, ACW and handle seconds with metrics", async () => {
    const callbacks = expectedCalls(startDate, endDate)
      .filter((record) => record.mediaType === 'callback')
      .sort(
        (a, b) => b.startTime.getTime() - a.startTime.getTime() || a.conversationId.localeCompare(b.conversationId),
      );
    const standard = (await admin.genesys.exportCallRecords({ startDate, endDate, mediaType: 'callback' })).data;
    expect(standard.fileName).toBe(`call-records-${startDate}-to-${endDate}.csv`);
    expect(standard.csv.split('\r\n')[0]).toBe(
      'Conversation ID,Start Time (America/Los_Angeles),End Time (America/Los_Angeles),Duration (seconds),' +
        'Duration (minutes),Direction,Media Type,User ID,User Name,Queue ID,Queue Name,Wrap-up Code,Recording ID',
    );
    const withMetrics = (
      await admin.genesys.exportCallRecords({ startDate, endDate, mediaType: 'callback', columns: 'with-metrics' })
    ).data;
    expect(withMetrics).toMatchObject({
      fileName: `call-records-with-metrics-${startDate}-to-${endDate}.csv`,
      count: callbacks.length,
    });
    const lines = withMetrics.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      `${standard.csv.split('\r\n')[0]},` +
        'Talk Time (seconds),Hold Time (seconds),After-call Work (seconds),Handle Time (seconds)',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(-4).map(Number))).toEqual(
      callbacks.map((record) => [record.talkSeconds, record.holdSeconds, record.acwSeconds, record.handleSeconds]),
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(callbacks.map((record) => record.conversationId));
  });
});
