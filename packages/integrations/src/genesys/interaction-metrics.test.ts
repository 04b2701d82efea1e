import { describe, expect, it } from 'vitest';
import { mapConversationToCallRecord } from './call-record-mapping';
import { interactionMetrics } from './interaction-metrics';
import type { AnalyticsConversation, AnalyticsParticipant, AnalyticsSessionMetric } from './schemas';

const metric = (name: string, value: number): AnalyticsSessionMetric => ({
  name,
  value,
  emitDate: '2026-03-02T10:10:00.000Z',
});

function participant(
  purpose: string,
  mediaType: string,
  metrics: AnalyticsSessionMetric[] | undefined,
  id = purpose,
): AnalyticsParticipant {
  return {
    participantId: id,
    purpose,
    ...(purpose === 'agent' ? { userId: `user-${id}` } : {}),
    sessions: [
      {
        sessionId: `s-${id}`,
        mediaType,
        direction: 'inbound',
        ...(metrics ? { metrics } : {}),
        segments: [
          {
            segmentStart: '2026-03-02T10:00:00.000Z',
            segmentEnd: '2026-03-02T10:05:00.000Z',
            segmentType: 'interact',
            queueId: 'queue-1',
          },
        ],
      },
    ],
  };
}

function conversation(
  mediaType: string,
  participants: AnalyticsParticipant[],
  direction: 'inbound' | 'outbound' = 'inbound',
): AnalyticsConversation {
  return {
    conversationId: `conv-${mediaType}`,
    conversationStart: '2026-03-02T10:00:00.000Z',
    conversationEnd: '2026-03-02T10:05:00.000Z',
    originatingDirection: direction,
    participants,
  };
}

describe('interaction metrics on call records', () => {
  it('keeps a chat with its talk, hold, after-call-work and handle seconds, rounded up from milliseconds', () => {
    const record = mapConversationToCallRecord(
      conversation('chat', [
        participant('customer', 'chat', undefined),
        participant('acd', 'chat', [metric('nOffered', 1), metric('tAcd', 12_000)]),
        participant('agent', 'chat', [
          metric('tTalk', 241_300),
          metric('tHeld', 30_000),
          metric('tAcw', 45_001),
          metric('tHandle', 316_301),
        ]),
      ]),
    );
    expect(record).toMatchObject({
      mediaType: 'chat',
      direction: 'inbound',
      queueId: 'queue-1',
      userId: 'user-agent',
      talkSeconds: 242,
      holdSeconds: 30,
      acwSeconds: 46,
      handleSeconds: 317,
    });
  });

  it("adds up the agents of a transferred interaction, and never counts the customer's or the queue's sessions", () => {
    const metrics = interactionMetrics(
      conversation('voice', [
        participant('customer', 'voice', [metric('tTalk', 999_000)]),
        participant('acd', 'voice', [metric('tAcd', 20_000), metric('tTalk', 5_000)]),
        participant(
          'agent',
          'voice',
          [metric('tTalk', 60_000), metric('tAcw', 10_000), metric('tHandle', 70_000)],
          'a',
        ),
        participant(
          'agent',
          'voice',
          [metric('tTalk', 90_000), metric('tHeld', 15_000), metric('tAcw', 20_000), metric('tHandle', 125_000)],
          'b',
        ),
      ]),
    );
    expect(metrics).toEqual({ talkSeconds: 150, holdSeconds: 15, acwSeconds: 30, handleSeconds: 195 });
  });

  it('derives handle time from talk, hold and after-call work when Genesys sent no tHandle', () => {
    const metrics = interactionMetrics(
      conversation('email', [
        participant('agent', 'email', [metric('tTalk', 400_000), metric('tHeld', 0), metric('tAcw', 61_500)]),
      ]),
    );
    expect(metrics).toEqual({ talkSeconds: 400, holdSeconds: 0, acwSeconds: 62, handleSeconds: 462 });
  });

  it('gives an interaction nobody answered zero seconds, and ignores negative or unreadable values', () => {
    expect(
      interactionMetrics(
        conversation('message', [
          participant('customer', 'message', undefined),
          participant('acd', 'message', [metric('tAbandon', 30_000)]),
        ]),
      ),
    ).toEqual({ talkSeconds: 0, holdSeconds: 0, acwSeconds: 0, handleSeconds: 0 });
    const odd = interactionMetrics(
      conversation('callback', [
        participant('agent', 'callback', [
          metric('tTalk', -5_000),
          { name: 'tHeld', value: Number.NaN, emitDate: '' },
          metric('tAcw', 3_000),
        ]),
      ]),
    );
    expect(odd).toEqual({ talkSeconds: 0, holdSeconds: 0, acwSeconds: 3, handleSeconds: 3 });
  });

  it('keeps outbound interactions of every media type with their direction', () => {
    for (const mediaType of ['voice', 'chat', 'email', 'message', 'callback']) {
      const record = mapConversationToCallRecord(
        conversation(mediaType, [participant('agent', mediaType, [metric('tTalk', 1_000)])], 'outbound'),
      );
      expect(record).toMatchObject({ mediaType, direction: 'outbound', talkSeconds: 1, handleSeconds: 1 });
    }
  });

  it('copes with participants that carry no sessions, as the vendor schema allows', () => {
    const withoutSessions = { participantId: 'bare', purpose: 'agent' } as unknown as AnalyticsParticipant;
    const metrics = interactionMetrics(
      conversation('voice', [withoutSessions, participant('agent', 'voice', [metric('tTalk', 2_500)])]),
    );
    expect(metrics.talkSeconds).toBe(3);
  });
});
