import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { voiceCallDigests } from '../../../../../test/genesys-voice-digest';
import { mapConversationToCallRecord } from '../call-record-mapping';
import type { AnalyticsConversation } from '../schemas';
import { createGenesysSimulator } from './index';

const NOW = new Date('2026-03-18T14:30:00.000Z');
const WEEK = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'];

/** Voice-call digests of the simulator as it was on main before chats, e-mails, messages and callbacks were added. */
const beforeInteractions = JSON.parse(
  readFileSync(
    new URL('../../../../../test/fixtures/genesys-voice-calls-before-interactions.json', import.meta.url),
    'utf8',
  ),
) as ReturnType<typeof voiceCallDigests>;

async function pagedThroughHttp(day: string): Promise<AnalyticsConversation[]> {
  const simulator = createGenesysSimulator({ now: () => NOW });
  const server = await simulator.listen(0);
  try {
    const basic = Buffer.from(`${simulator.credentials.clientId}:${simulator.credentials.clientSecret}`).toString(
      'base64',
    );
    const tokenAnswer = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const all: AnalyticsConversation[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const answer = await fetch(`${server.url}/api/v2/analytics/conversations/details/query`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          interval: `${day}T00:00:00.000Z/${day}T23:59:59.999Z`,
          paging: { pageSize: 100, pageNumber },
        }),
      });
      const body = (await answer.json()) as { conversations?: AnalyticsConversation[] };
      if (!body.conversations) return all;
      all.push(...body.conversations);
    }
  } finally {
    await server.close();
  }
}

describe('simulated Genesys: every media type and direction', () => {
  it("leaves every voice call of a day as main's simulator served it (the demo's invoices rest on them)", () => {
    expect(voiceCallDigests()).toEqual(beforeInteractions);
  });

  it("serves a day's conversations identically after a restart, whole and paged through the query", async () => {
    const first = createGenesysSimulator({ now: () => NOW }).conversationsForDay('2026-03-11');
    const restarted = createGenesysSimulator({ now: () => NOW }).conversationsForDay('2026-03-11');
    expect(restarted).toEqual(first);
    expect(new Set(first.map((c) => c.conversationId)).size).toBe(first.length);
    const [pagedOnce, pagedAgain] = [await pagedThroughHttp('2026-03-11'), await pagedThroughHttp('2026-03-11')];
    expect(pagedOnce).toEqual(first);
    expect(pagedAgain).toEqual(pagedOnce);
  });

  it('serves chats, e-mails, messages and callbacks beside voice, inbound and outbound, in start order', () => {
    const simulator = createGenesysSimulator({ now: () => NOW });
    for (const day of WEEK) {
      const starts = simulator.conversationsForDay(day).map((c) => Date.parse(c.conversationStart));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
    const records = WEEK.flatMap((day) => simulator.conversationsForDay(day)).map((c) =>
      mapConversationToCallRecord(c)!,
    );
    const kinds = new Set(records.map((record) => `${record.mediaType} ${record.direction}`));
    for (const mediaType of ['voice', 'chat', 'email', 'message', 'callback']) {
      expect(kinds).toContain(`${mediaType} inbound`);
      expect(kinds).toContain(`${mediaType} outbound`);
    }
    const voice = records.filter((record) => record.mediaType === 'voice');
    const digital = records.filter((record) => record.mediaType !== 'voice');
    expect(digital.length).toBeGreaterThan(voice.length * 0.08);
    expect(digital.length).toBeLessThan(voice.length * 0.2);
    // Interactions of every kind belong to customers' queues and their agents.
    expect(digital.filter((record) => record.queueId !== null).length).toBe(digital.length);
    expect(digital.filter((record) => record.userId !== null).length).toBeGreaterThan(digital.length * 0.9);
  });

  it("reports talk, hold, after-call-work and handle time on the agents' sessions, handle = talk + hold + ACW", () => {
    const simulator = createGenesysSimulator({ now: () => NOW });
    const conversations = WEEK.flatMap((day) => simulator.conversationsForDay(day));
    let agentSessions = 0;
    for (const conversation of conversations) {
      for (const session of conversation.participants.filter((p) => p.purpose === 'agent').flatMap((p) => p.sessions)) {
        const value = (name: string) => session.metrics?.find((m) => m.name === name)?.value ?? 0;
        expect(value('tHandle')).toBe(value('tTalk') + value('tHeld') + value('tAcw'));
        expect(value('tAcw')).toBeGreaterThan(0);
        agentSessions++;
      }
    }
    expect(agentSessions).toBeGreaterThan(conversations.length * 0.8);
    const records = conversations.map((c) => mapConversationToCallRecord(c)!);
    for (const mediaType of ['voice', 'chat', 'email', 'message', 'callback']) {
      const ofMedia = records.filter((record) => record.mediaType === mediaType && record.userId !== null);
      expect(ofMedia.filter((record) => record.talkSeconds > 0 && record.acwSeconds > 0).length).toBeGreaterThan(
        ofMedia.length * 0.75,
      );
      // Each figure is rounded up on its own, so their sum can pass handle time by a second or two.
      const sums = ofMedia.map(
        (record) => record.talkSeconds + record.holdSeconds + record.acwSeconds - record.handleSeconds,
      );
      expect(sums.every((difference) => difference >= 0 && difference <= 2)).toBe(true);
    }
    expect(records.filter((record) => record.holdSeconds > 0).length).toBeGreaterThan(10);
  });

  it('serves only the calls when digital interactions are switched off', () => {
    const simulator = createGenesysSimulator({ now: () => NOW, digitalInteractionShare: 0 });
    const withDigital = createGenesysSimulator({ now: () => NOW });
    const voiceOf = (conversations: AnalyticsConversation[]) =>
      conversations.filter((c) => mapConversationToCallRecord(c)?.mediaType === 'voice');
    const day = simulator.conversationsForDay('2026-03-12');
    expect(voiceOf(day)).toEqual(voiceOf(withDigital.conversationsForDay('2026-03-12')));
    // The few non-voice conversations left are the calls stream's own (about 2% of it).
    expect(day.length - voiceOf(day).length).toBeLessThan(day.length * 0.05);
  });
});
