import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  DATE_TIME,
  firstOfMonthInCompanyZone,
  formatDateTime,
  formatShortDate,
  SHORT_DATE,
  todayInCompanyZone,
} from './dates';

// The app formats dates with the browser's Intl; these hold it to what date-fns' `format` over a
// TZDate shows (what it used before), across years, daylight-saving changes and odd offsets.
const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'UTC',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
];
const START = Date.UTC(2023, 0, 1);
const STEP_MS = 7 * 3_600_000 + 13 * 60_000 + 17_000; // every 7 h 13 min 17 s: all hours and minutes get their turn
const instants = Array.from({ length: 3_000 }, (_, index) => new Date(START + index * STEP_MS));

describe('dates as the app shows them', () => {
  it.each(ZONES)('match date-fns in %s', (zone) => {
    for (const instant of instants) {
      const zoned = new TZDate(instant, zone);
      expect(formatDateTime(instant, zone)).toBe(format(zoned, DATE_TIME));
      expect(formatShortDate(instant.toISOString(), zone)).toBe(format(zoned, SHORT_DATE));
      expect(todayInCompanyZone(instant, zone)).toBe(format(zoned, 'yyyy-MM-dd'));
      expect(firstOfMonthInCompanyZone(instant, zone)).toBe(format(zoned, 'yyyy-MM-01'));
    }
  });

  it('show midnight as 00:00 and a missing value as a dash', () => {
    expect(formatDateTime('2026-11-26T08:00:00.000Z', 'America/Los_Angeles')).toBe('Nov 26, 2026 00:00');
    expect(formatDateTime(null)).toBe('—');
    expect(formatShortDate('')).toBe('—');
  });
});
