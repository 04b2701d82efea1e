import { describe, expect, it } from 'vitest';
import { mapConversationToCallRecord } from './call-record-mapping';
import type { AnalyticsConversation } from './schemas';

const QUEUE_SUPPORT = 'queue-support';
const QUEUE_BILLING = 'queue-billing';

/** Customer → Support queue → agent A, transferred → Billing queue → agent B. Participants deliberately out of time order. */
function transferredCall(): AnalyticsConversation {
  return {
    conversationId: 'conv-1',
    conversationStart: '2026-03-02T10:00:00.000Z',
    conversationEnd: '2026-03-02T10:05:00.001Z',
    originatingDirection: 'inbound',
    participants: [
      {
        participantId: 'p-agent-b',
        purpose: 'agent',
        userId: 'user-b',
        participantName: 'Agent B',
        sessions: [
          {
            sessionId: 's-agent-b',
            mediaType: 'voice',
            direction: 'inbound',
            recording: true,
            segments: [
              {
                segmentStart: '2026-03-02T10:03:00.000Z',
                segmentEnd: '2026-03-02T10:05:00.001Z',
                segmentType: 'interact',
                queueId: QUEUE_BILLING,
              },
              {
                segmentStart: '2026-03-02T10:05:00.001Z',
                segmentEnd: '2026-03-02T10:06:00.000Z',
                segmentType: 'wrapup',
                queueId: QUEUE_BILLING,
                wrapUpCode: 'wrap-billing',
              },
            ],
          },
        ],
      },
      {
        participantId: 'p-acd-billing',
        purpose: 'acd',
        participantName: 'Billing',
        sessions: [
          {
            sessionId: 's-acd-billing',
            mediaType: 'voice',
            segments: [
              {
                segmentStart: '2026-03-02T10:02:30.000Z',
                segmentEnd: '2026-03-02T10:03:00.000Z',
                segmentType: 'interact',
                queueId: QUEUE_BILLING,
              },
            ],
          },
        ],
      },
      {
        participantId: 'p-customer',
        purpose: 'customer',
        sessions: [
          {
            sessionId: 's-customer',
            mediaType: 'voice',
            direction: 'inbound',
            segments: [
              {
                segmentStart: '2026-03-02T10:00:00.000Z',
                segmentEnd: '2026-03-02T10:05:00.001Z',
                segmentType: 'interact',
              },
            ],
          },
        ],
      },
      {
        participantId: 'p-agent-a',
        purpose: 'agent',
        userId: 'user-a',
        participantName: 'Agent A',
        sessions: [
          {
            sessionId: 's-agent-a',
            mediaType: 'voice',
            direction: 'inbound',
            recording: false,
            segments: [
              {
                segmentStart: '2026-03-02T10:00:40.000Z',
                segmentEnd: '2026-03-02T10:02:30.000Z',
                segmentType: 'interact',
                queueId: QUEUE_SUPPORT,
                disconnectType: 'transfer',
              },
              {
                segmentStart: '2026-03-02T10:02:30.000Z',
                segmentEnd: '2026-03-02T10:03:10.000Z',
                segmentType: 'wrapup',
                queueId: QUEUE_SUPPORT,
                wrapUpCode: 'wrap-transferred',
              },
            ],
          },
        ],
      },
      {
        participantId: 'p-acd-support',
        purpose: 'acd',
        participantName: 'Support',
        sessions: [
          {
            sessionId: 's-acd-support',
            mediaType: 'voice',
            segments: [
              {
                segmentStart: '2026-03-02T10:00:10.000Z',
                segmentEnd: '2026-03-02T10:00:40.000Z',
                segmentType: 'interact',
                queueId: QUEUE_SUPPORT,
              },
            ],
          },
        ],
      },
    ],
  };
}

describe('mapConversationToCallRecord', () => {
  it('attributes a transferred call to the queue that took it first, and to the first agent', () => {
    const record = mapConversationToCallRecord(transferredCall());
    expect(record).toEqual({
      conversationId: 'conv-1',
      startTime: new Date('2026-03-02T10:00:00.000Z'),
      endTime: new Date('2026-03-02T10:05:00.001Z'),
      duration: 301,
      direction: 'inbound',
      mediaType: 'voice',
      userId: 'user-a',
      queueId: QUEUE_SUPPORT,
      wrapUpCode: 'wrap-transferred',
      recordingId: 's-agent-b',
      // No session of this conversation reports metrics.
      talkSeconds: 0,
      holdSeconds: 0,
      acwSeconds: 0,
      handleSeconds: 0,
    });
  });

  it('rounds durations up to whole seconds and keeps exact seconds as they are', () => {
    const exact = { ...transferredCall(), conversationEnd: '2026-03-02T10:05:00.000Z' };
    expect(mapConversationToCallRecord(exact)?.duration).toBe(300);
    const justOver = { ...transferredCall(), conversationEnd: '2026-03-02T10:00:00.001Z' };
    expect(mapConversationToCallRecord(justOver)?.duration).toBe(1);
  });

  it('gives a call that has not ended no end time and a zero duration', () => {
    const { conversationEnd: _end, ...ongoing } = transferredCall();
    const record = mapConversationToCallRecord(ongoing);
    expect(record?.endTime).toBeNull();
    expect(record?.duration).toBe(0);
  });

  it('maps an abandoned chat with no agent to nulls rather than guesses', () => {
    const record = mapConversationToCallRecord({
      conversationId: 'chat-1',
      conversationStart: '2026-03-02T11:00:00.000Z',
      conversationEnd: '2026-03-02T11:01:30.000Z',
      participants: [
        {
          participantId: 'c',
          purpose: 'customer',
          sessions: [
            {
              sessionId: 'sc',
              mediaType: 'chat',
              segments: [
                {
                  segmentStart: '2026-03-02T11:00:00.000Z',
                  segmentEnd: '2026-03-02T11:01:30.000Z',
                  segmentType: 'interact',
                },
              ],
            },
          ],
        },
        {
          participantId: 'q',
          purpose: 'acd',
          sessions: [
            {
              sessionId: 'sq',
              mediaType: 'chat',
              segments: [
                {
                  segmentStart: '2026-03-02T11:00:00.000Z',
                  segmentEnd: '2026-03-02T11:01:30.000Z',
                  segmentType: 'interact',
                  queueId: QUEUE_SUPPORT,
                },
              ],
            },
          ],
        },
      ],
    });
    expect(record).toMatchObject({
      mediaType: 'chat',
      queueId: QUEUE_SUPPORT,
      userId: null,
      wrapUpCode: null,
      recordingId: null,
      direction: null,
      duration: 90,
    });
  });

  it('refuses a conversation without a readable start', () => {
    expect(mapConversationToCallRecord({ ...transferredCall(), conversationStart: 'not a date' })).toBeNull();
  });
});
