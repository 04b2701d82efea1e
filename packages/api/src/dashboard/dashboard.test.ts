import { describe, expect, it } from 'vitest';
import { enabledNotificationKinds } from '../notifications/bell';
import { currentMonthInZone } from './month';
import { secondsToMinutes } from './overview';
import { nameList } from './system-status';

describe('nameList', () => {
  it('names up to three, then counts the rest', () => {
    expect(nameList([])).toBe('');
    expect(nameList(['A'])).toBe('A');
    expect(nameList(['A', 'B'])).toBe('A and B');
    expect(nameList(['A', 'B', 'C'])).toBe('A, B and C');
    expect(nameList(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C and 2 more');
  });
});

describe('currentMonthInZone', () => {
  it('uses the company timezone, not UTC, to pick the month', () => {
    // 03:00 UTC on 1 December is still 30 November in Los Angeles.
    expect(currentMonthInZone(new Date('2026-12-01T03:00:00Z'), 'America/Los_Angeles')).toEqual({
      month: '2026-11',
      start: '2026-11-01',
      end: '2026-11-30',
      today: '2026-11-30',
    });
    expect(currentMonthInZone(new Date('2028-02-10T12:00:00Z'), 'UTC')).toMatchObject({
      start: '2028-02-01',
      end: '2028-02-29',
    });
  });
});

describe('secondsToMinutes', () => {
  it('divides by 60 and keeps two places', () => {
    expect(secondsToMinutes(0)).toBe(0);
    expect(secondsToMinutes(90)).toBe(1.5);
    expect(secondsToMinutes(7111)).toBe(118.52);
  });
});

describe('enabledNotificationKinds', () => {
  it('follows the three Notifications settings', () => {
    expect(
      enabledNotificationKinds({
        notifyBillingFailures: true,
        notifyIntegrationIssues: true,
        notifyKillSwitchChanges: true,
      }),
    ).toEqual(['billing-failure', 'integration', 'kill-switch']);
    expect(
      enabledNotificationKinds({
        notifyBillingFailures: false,
        notifyIntegrationIssues: true,
        notifyKillSwitchChanges: false,
      }),
    ).toEqual(['integration']);
    expect(
      enabledNotificationKinds({
        notifyBillingFailures: false,
        notifyIntegrationIssues: false,
        notifyKillSwitchChanges: false,
      }),
    ).toEqual([]);
  });
});
