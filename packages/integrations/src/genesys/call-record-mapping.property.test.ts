import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapConversationToCallRecord } from './call-record-mapping';
import type { AnalyticsConversationAsSent } from './schemas';

// Conversations shaped by the vendor's own optionality (schemas.ts VendorOptional): every member
// may be absent, at every depth, and the mapping must still give a call record or null, never
// throw. What it gives is checked against what the conversation holds.

const instant = fc
  .integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') })
  .map((ms) => new Date(ms).toISOString());
const maybeInstant = fc.oneof(instant, fc.constant('not a date'));
/** A record whose every key may be left out (fc.record without required keys). */
const anyOf = <T extends Record<string, unknown>>(shape: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(shape, { requiredKeys: [] });

const segment = anyOf({
  segmentStart: maybeInstant,
  segmentEnd: instant,
  segmentType: fc.constantFrom('alert', 'interact', 'hold', 'wrapup', 'ivr'),
  queueId: fc.constantFrom('queue-a', 'queue-b'),
  wrapUpCode: fc.constantFrom('wrap-1', 'wrap-2'),
});
const session = anyOf({
  sessionId: fc.constantFrom('session-1', 'session-2', 'session-3'),
  mediaType: fc.constantFrom('voice', 'chat', 'email'),
  direction: fc.constantFrom('inbound', 'outbound') as fc.Arbitrary<'inbound' | 'outbound'>,
  recording: fc.boolean(),
  segments: fc.array(segment, { maxLength: 3 }),
  metrics: fc.array(anyOf({ name: fc.constantFrom('tTalk', 'tHeld', 'tAcw'), value: fc.nat(), emitDate: instant }), {
    maxLength: 2,
  }),
});
const participant = anyOf({
  participantId: fc.uuid(),
  participantName: fc.string({ maxLength: 8 }),
  purpose: fc.constantFrom('customer', 'acd', 'agent', 'ivr', 'workflow', 'voicemail'),
  userId: fc.constantFrom('user-1', 'user-2'),
  sessions: fc.array(session, { maxLength: 3 }),
});
const conversation: fc.Arbitrary<AnalyticsConversationAsSent> = anyOf({
  conversationId: fc.uuid(),
  conversationStart: maybeInstant,
  conversationEnd: instant,
  originatingDirection: fc.constantFrom('inbound', 'outbound') as fc.Arbitrary<'inbound' | 'outbound'>,
  divisionIds: fc.array(fc.uuid(), { maxLength: 1 }),
  participants: fc.array(participant, { maxLength: 4 }),
});

describe('mapConversationToCallRecord with any optional member absent', () => {
  it('gives a record or null, never throws, and takes every value from the conversation', () => {
    fc.assert(
      fc.property(conversation, (sent) => {
        const record = mapConversationToCallRecord(sent);
        const readableStart = sent.conversationStart !== undefined && !Number.isNaN(Date.parse(sent.conversationStart));
        if (!sent.conversationId || !readableStart) {
          expect(record).toBeNull();
          return;
        }
        expect(record).not.toBeNull();
        const participants = sent.participants ?? [];
        const sessions = participants.flatMap((one) => one.sessions ?? []);
        const segments = sessions.flatMap((one) => one.segments ?? []);
        expect(record!.conversationId).toBe(sent.conversationId);
        expect(record!.startTime.toISOString()).toBe(sent.conversationStart);
        expect(Number.isInteger(record!.duration) && record!.duration >= 0).toBe(true);
        expect(record!.direction).toBe(sent.originatingDirection ?? null);
        expect([null, ...sessions.map((one) => one.mediaType)]).toContain(record!.mediaType);
        expect([null, ...segments.map((one) => one.queueId)]).toContain(record!.queueId);
        if (!segments.some((one) => one.queueId)) expect(record!.queueId).toBeNull();
        const agents = participants.filter((one) => one.purpose === 'agent');
        expect([null, ...agents.map((one) => one.userId)]).toContain(record!.userId);
        if (agents.some((one) => one.userId)) expect(record!.userId).not.toBeNull();
        const wrapUps = agents
          .flatMap((one) => (one.sessions ?? []).flatMap((s) => s.segments ?? []))
          .filter((one) => one.segmentType === 'wrapup' && one.wrapUpCode);
        expect(record!.wrapUpCode === null).toBe(wrapUps.length === 0);
        expect(record!.recordingId).toBe(
          sessions.find((one) => one.recording === true && one.sessionId)?.sessionId ?? null,
        );
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
  });

  it('maps a participant without sessions and a session without segments beside a full agent', () => {
    const record = mapConversationToCallRecord({
      conversationId: 'c-1',
      conversationStart: '2026-03-02T10:00:00.000Z',
      conversationEnd: '2026-03-02T10:01:00.500Z',
      participants: [
        { purpose: 'workflow', participantName: 'Inbound Call Flow' },
        { purpose: 'customer', sessions: [{ mediaType: 'voice' }] },
        {
          purpose: 'acd',
          sessions: [
            {
              mediaType: 'voice',
              segments: [{ segmentStart: '2026-03-02T10:00:01.000Z', segmentType: 'interact', queueId: 'q-1' }],
            },
          ],
        },
        {
          purpose: 'agent',
          userId: 'u-1',
          sessions: [
            { segments: [{ segmentStart: '2026-03-02T10:00:05.000Z', segmentType: 'wrapup', wrapUpCode: 'w-1' }] },
          ],
        },
      ],
    });
    expect(record).toMatchObject({
      conversationId: 'c-1',
      duration: 61,
      mediaType: 'voice',
      queueId: 'q-1',
      userId: 'u-1',
      wrapUpCode: 'w-1',
      recordingId: null,
    });
  });
});
