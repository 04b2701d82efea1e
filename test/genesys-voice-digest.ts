import { createHash } from 'node:crypto';
import { mapConversationToCallRecord } from '../packages/integrations/src/genesys/call-record-mapping';
import { createGenesysSimulator } from '../packages/integrations/src/genesys/simulator';

// What billing reads of a simulated day's voice calls, reduced to a digest: the demo's billed
// amounts stay the same exactly when these digests do.

/** Simulators the app and the tests make: the demo's seed on Los Angeles' winter and summer clocks, and the default. */
export const VOICE_DIGEST_SIMULATORS = [
  { seed: 'phone-billing', businessUtcOffsetMinutes: -480 },
  { seed: 'phone-billing', businessUtcOffsetMinutes: -420 },
  { seed: 'phone-billing', businessUtcOffsetMinutes: 0 },
] as const;

/** The simulators' clock: these days are in their history, the last one half over. */
export const VOICE_DIGEST_NOW = '2026-11-20T12:00:00.000Z';
export const VOICE_DIGEST_DAYS = [
  '2026-08-31',
  '2026-10-04',
  '2026-10-05',
  '2026-11-02',
  '2026-11-19',
  '2026-11-20',
] as const;

export interface VoiceDayDigest {
  voiceCalls: number;
  sha256: string;
}

/** Digest of the billing-relevant fields of every voice call of each day, per simulator. */
export function voiceCallDigests(): Record<string, Record<string, VoiceDayDigest>> {
  const result: Record<string, Record<string, VoiceDayDigest>> = {};
  for (const options of VOICE_DIGEST_SIMULATORS) {
    const simulator = createGenesysSimulator({ ...options, now: () => new Date(VOICE_DIGEST_NOW) });
    const perDay: Record<string, VoiceDayDigest> = {};
    for (const day of VOICE_DIGEST_DAYS) {
      const lines = simulator
        .conversationsForDay(day)
        .map((conversation) => mapConversationToCallRecord(conversation))
        .filter((record) => record?.mediaType === 'voice')
        .map((record) =>
          JSON.stringify([
            record!.conversationId,
            record!.startTime.toISOString(),
            record!.endTime?.toISOString() ?? null,
            record!.duration,
            record!.direction,
            record!.queueId,
            record!.userId,
            record!.wrapUpCode,
            record!.recordingId,
          ]),
        );
      perDay[day] = { voiceCalls: lines.length, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') };
    }
    result[`${options.seed}@${options.businessUtcOffsetMinutes}`] = perDay;
  }
  return result;
}
