import { dayRangeToInstants } from '../packages/api/src/domain/calendar';
import { mapConversationToCallRecord } from '../packages/integrations/src/genesys/call-record-mapping';
import { createGenesysSimulator } from '../packages/integrations/src/genesys/simulator';

// What the app's mounted Genesys simulator holds, for tests to compare the screens and the API with.

/** The company timezone of a fresh database. */
export const COMPANY_TIMEZONE = 'America/Los_Angeles';

// The app's simulator is deterministic: one with the same seed holds the same users, queues and calls.
// Its calls follow the company's business hours (Los Angeles: UTC-8 in winter, UTC-7 in summer).
/** The company's offset from UTC today, in minutes (the app's simulator is made with it). */
export const laOffsetMinutes = new Date()
  .toLocaleString('en-US', { timeZone: COMPANY_TIMEZONE, timeZoneName: 'short' })
  .endsWith('PDT')
  ? -420
  : -480;
export const referenceGenesys = createGenesysSimulator({
  seed: 'phone-billing',
  businessUtcOffsetMinutes: laOffsetMinutes,
});

/**
 * The first and last of `count` consecutive weekdays ending on `latest` or before it ('YYYY-MM-DD'):
 * the simulated centre takes few calls at weekends, so a test that needs a busy range must not
 * land on one by the date it happens to run.
 */
export function busyDays(latest: string, count: number): [string, string] {
  const weekday = (day: string) => ![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  let end = latest;
  while (!Array.from({ length: count }, (_, back) => shift(end, -back)).every(weekday)) end = shift(end, -1);
  return [shift(end, -(count - 1)), end];
}

/** The calls of a range of calendar days (company timezone, inclusive), newest first as the server pages them. */
export function expectedCalls(startDate: string, endDate: string) {
  const { from, toExclusive } = dayRangeToInstants(startDate, endDate, COMPANY_TIMEZONE);
  const days: string[] = [];
  for (let ms = Date.parse(from.toISOString().slice(0, 10)); ms < toExclusive.getTime(); ms += 86_400_000)
    days.push(new Date(ms).toISOString().slice(0, 10));
  return days
    .flatMap((day) => referenceGenesys.conversationsForDay(day))
    .map((conversation) => mapConversationToCallRecord(conversation)!)
    .filter((record) => record.startTime >= from && record.startTime < toExclusive)
    .sort((a, b) => b.startTime.getTime() - a.startTime.getTime() || a.conversationId.localeCompare(b.conversationId));
}
