import { describe, expect, it } from 'vitest';
import { periodForScheduledRun } from '../domain/billing-period';
import { qboFieldsToFill } from '../shared/customer-profile';
import { formatRate } from './profile-dto';
import { computeNextRun } from './profiles';
import { splitAmount } from './stats';

const LA = 'America/Los_Angeles';
const active = (billDate: number, billTime: string) => ({ isActive: true, billDate, billTime });

describe('computeNextRun (company timezone America/Los_Angeles)', () => {
  it('bill day 31 runs on each month’s last day: 2027-01-31, then 2027-02-28, then 2027-03-31', () => {
    const first = computeNextRun(active(31, '02:00'), new Date('2027-01-15T00:00:00Z'), LA)!;
    expect(first.toISOString()).toBe('2027-01-31T10:00:00.000Z'); // 02:00 PST
    const second = computeNextRun(active(31, '02:00'), first, LA)!;
    expect(second.toISOString()).toBe('2027-02-28T10:00:00.000Z'); // 02:00 PST
    const third = computeNextRun(active(31, '02:00'), second, LA)!;
    expect(third.toISOString()).toBe('2027-03-31T09:00:00.000Z'); // 02:00 PDT
  });

  it('bill day 29 in a leap year runs on 2028-02-29', () => {
    expect(computeNextRun(active(29, '02:00'), new Date('2028-02-01T12:00:00Z'), LA)!.toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
  });

  it('bill day 14 at 02:30 falls in the spring-forward gap and runs at 2027-03-14 03:00 PDT', () => {
    expect(computeNextRun(active(14, '02:30'), new Date('2027-03-01T00:00:00Z'), LA)!.toISOString()).toBe(
      '2027-03-14T10:00:00.000Z',
    );
  });

  it('bill day 7 at 01:30 runs once, at the first 01:30 of 2027-11-07 (PDT)', () => {
    const run = computeNextRun(active(7, '01:30'), new Date('2027-11-01T00:00:00Z'), LA)!;
    expect(run.toISOString()).toBe('2027-11-07T08:30:00.000Z'); // 01:30 PDT (UTC-7)
    // After it, the next run is a month later, not the second 01:30 (PST) an hour on.
    expect(computeNextRun(active(7, '01:30'), run, LA)!.toISOString()).toBe('2027-12-07T09:30:00.000Z');
  });

  it('an inactive profile has no next run', () => {
    expect(
      computeNextRun({ isActive: false, billDate: 1, billTime: '02:00' }, new Date('2027-01-01T00:00:00Z'), LA),
    ).toBeNull();
  });
});

describe('formatRate', () => {
  it('keeps two places at least and drops trailing zeros beyond them', () => {
    expect(formatRate('1.0000')).toBe('1.00');
    expect(formatRate('0.0500')).toBe('0.05');
    expect(formatRate('0.0750')).toBe('0.075');
    expect(formatRate('0.0125')).toBe('0.0125');
    expect(formatRate('12.5')).toBe('12.50');
    expect(formatRate(0)).toBe('0.00');
  });
});

describe('splitAmount (per-queue share of the rated total, in cents)', () => {
  it('splits in proportion to billed seconds and always adds up to the total', () => {
    // $1.00 over 1:1:1 → 34 + 33 + 33 (the first queue takes the leftover cent).
    expect(splitAmount(100, [60, 60, 60])).toEqual([34, 33, 33]);
    // $7.04 over 120 and 7410 s: 704 × 120 / 7530 = 11.22 → 11; the rest 693.
    expect(splitAmount(704, [120, 7410])).toEqual([11, 693]);
    expect(splitAmount(250, [300])).toEqual([250]);
  });

  it('gives nothing when there is no usage or no amount', () => {
    expect(splitAmount(500, [0, 0])).toEqual([0, 0]);
    expect(splitAmount(0, [60])).toEqual([0]);
    expect(splitAmount(500, [])).toEqual([]);
  });
});

describe("qboFieldsToFill ('Connect to This Customer')", () => {
  const customer = {
    Id: '7',
    DisplayName: "Jeff's Jalopies",
    CompanyName: "Jeff's Jalopies",
    GivenName: 'Jeff',
    FamilyName: 'Chin',
    PrimaryEmailAddr: { Address: 'Jalopies@intuit.com' },
    PrimaryPhone: { FreeFormNumber: '(650) 555-8989' },
    BillAddr: {
      Line1: '12 Willow Rd.',
      City: 'Menlo Park',
      CountrySubDivisionCode: 'CA',
      PostalCode: '94305',
      Country: 'USA',
    },
  };

  it('copies the id and fills only the empty fields', () => {
    const fill = qboFieldsToFill(
      { qboDisplayName: "Jeff's Jalopies", qboPrimaryEmailAddr: 'ap@jeff.example', qboCity: '  ', qboCountry: 'US' },
      customer,
    );
    expect(fill).toEqual({
      qboCustomerId: '7',
      qboCompanyName: "Jeff's Jalopies",
      qboGivenName: 'Jeff',
      qboFamilyName: 'Chin',
      qboPrimaryPhone: '(650) 555-8989',
      qboLine1: '12 Willow Rd.',
      qboCity: 'Menlo Park',
      qboCountrySubDivisionCode: 'CA',
      qboPostalCode: '94305',
    });
  });

  it('fills the display name when it is blank', () => {
    expect(qboFieldsToFill({}, { Id: '1', DisplayName: 'Cool Cars' })).toEqual({
      qboCustomerId: '1',
      qboDisplayName: 'Cool Cars',
    });
  });
});

describe('the period a scheduled run bills', () => {
  it('start ≤ end: the previous calendar month for a run on the 1st', () => {
    expect(periodForScheduledRun({ billingPeriodStart: 1, billingPeriodEnd: 31 }, '2027-03-01', null)).toEqual({
      start: '2027-02-01',
      end: '2027-02-28',
    });
  });
  it('start > end: the mid-month cycle that ended before the run', () => {
    expect(periodForScheduledRun({ billingPeriodStart: 16, billingPeriodEnd: 15 }, '2027-03-16', null)).toEqual({
      start: '2027-02-16',
      end: '2027-03-15',
    });
  });
  it('start 31, end 30 across February: Jan 31..Feb 28, then Mar 1..Mar 30 (Feb 28 already invoiced)', () => {
    const rule = { billingPeriodStart: 31, billingPeriodEnd: 30 };
    expect(periodForScheduledRun(rule, '2027-03-01', null)).toEqual({ start: '2027-01-31', end: '2027-02-28' });
    expect(periodForScheduledRun(rule, '2027-04-01', '2027-02-28')).toEqual({ start: '2027-03-01', end: '2027-03-30' });
  });
});
