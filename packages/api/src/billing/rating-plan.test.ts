import { describe, expect, it } from 'vitest';
import { rateDrafts } from './rating-outcome';
import {
  draftCustomers,
  periodBounds,
  periodScopes,
  scanWindows,
  windowInstants,
  type ProfileRow,
  type RatingRequest,
  type RecordedPeriod,
} from './rating-plan';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const settings = { timeZone: LA, incrementSeconds: 60, lateUsageWindowDays: 35 };
const ms = (iso: string) => Date.parse(iso);

const profile: ProfileRow = {
  id: 'p1',
  isActive: true,
  archivedAt: null,
  qboCustomerId: '7',
  ratePerMinute: '1.00',
  minimumMinutes: 0,
  overageRatePerMinute: '1.00',
  taxCode: null,
  billingPeriodStart: 1,
  billingPeriodEnd: 31,
  periodRuleHistory: [],
  billingStartDate: '2026-01-01',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  genesysQueueNames: ['Sales'],
  activity: [],
};

function recorded(start: string, end: string, zone: string, extra: Partial<RecordedPeriod> = {}): RecordedPeriod {
  const bounds = periodBounds({ start, end }, [], zone);
  return {
    id: `rec-${start}`,
    profileId: 'p1',
    start,
    end,
    startsAt: bounds.from,
    endsAt: bounds.to,
    timeZone: zone,
    terms: { ratePerMinute: '1.00', minimumMinutes: 0, overageRatePerMinute: '1.00' },
    termsFixed: true,
    billedBefore: true,
    releasedBefore: false,
    invoicedBefore: '2.00',
    billedSecondsBefore: 120,
    billedCallsBefore: 1,
    covered: [{ start, end }],
    docNumbers: ['BJ-1'],
    ...extra,
  };
}

const request = (over: Partial<RatingRequest> = {}): RatingRequest => ({
  jobType: 'MANUAL',
  start: '2026-10-01',
  end: '2026-10-31',
  referenceDay: '2026-11-26',
  customers: [{ customerId: 'c1', profileId: 'p1' }],
  ...over,
});

describe('periods as instants', () => {
  it('a new period starts where the recorded one before it ended, in whatever zone that was billed', () => {
    const september = recorded('2026-09-01', '2026-09-30', NY);
    expect(september.endsAt).toBe(ms('2026-10-01T04:00:00Z'));
    // October in Los Angeles starts at 00:00 EDT, not 00:00 PDT: a call at 22:00 PDT on the 30th is in it.
    expect(periodBounds({ start: '2026-10-01', end: '2026-10-31' }, [september], LA)).toEqual({
      from: ms('2026-10-01T04:00:00Z'),
      to: ms('2026-11-01T07:00:00Z'),
    });
    expect(periodBounds({ start: '2026-10-01', end: '2026-10-31' }, [], LA)).toEqual({
      from: ms('2026-10-01T07:00:00Z'),
      to: ms('2026-11-01T07:00:00Z'),
    });
  });

  it("a window inside the period is read in the period's zone; at its edges it reaches the period's bounds", () => {
    const scope = {
      period: { start: '2026-10-01', end: '2026-10-31', recorded: false },
      bounds: { from: ms('2026-10-01T04:00:00Z'), to: ms('2026-11-01T07:00:00Z') },
      timeZone: LA,
    };
    expect(windowInstants(scope, { start: '2026-10-01', end: '2026-10-10' })).toEqual({
      from: ms('2026-10-01T04:00:00Z'),
      to: ms('2026-10-11T07:00:00Z'),
    });
    expect(windowInstants(scope, { start: '2026-10-11', end: '2026-10-31' })).toEqual({
      from: ms('2026-10-11T07:00:00Z'),
      to: ms('2026-11-01T07:00:00Z'),
    });
  });

  it("a job's days in a period recorded in another zone are the company's days: a released call of the 16th in Los Angeles is scanned", () => {
    // October billed in New York, released; the company now reads its days in Los Angeles.
    const october = recorded('2026-10-01', '2026-10-31', NY, {
      covered: [],
      billedBefore: false,
      releasedBefore: true,
    });
    const drafts = draftCustomers(
      request({ start: '2026-10-16', end: '2026-10-16' }),
      settings,
      new Map([['p1', profile]]),
      new Map([['p1', [october]]]),
    );
    const windows = scanWindows(drafts, new Map([['Sales', ['q1']]]));
    // 00:00–24:00 PDT on the 16th, not 00:00–24:00 EDT: a call at 22:00 PDT (05:00 UTC on the 17th) is in it.
    expect(windows.map((window) => [new Date(window.from).toISOString(), new Date(window.to).toISOString()])).toEqual([
      ['2026-10-16T07:00:00.000Z', '2026-10-17T07:00:00.000Z'],
    ]);
  });

  it('scans each window once per queue id of the profile', () => {
    const drafts = draftCustomers(
      request(),
      settings,
      new Map([['p1', profile]]),
      new Map([['p1', [recorded('2026-09-01', '2026-09-30', NY)]]]),
    );
    const windows = scanWindows(drafts, new Map([['Sales', ['q1', 'q2']]]));
    expect(windows.map((window) => [window.queueId, new Date(window.from).toISOString()])).toEqual([
      ['q1', '2026-10-01T04:00:00.000Z'],
      ['q2', '2026-10-01T04:00:00.000Z'],
    ]);
  });
});

describe('which periods a run looks at', () => {
  it('a billed period older than the late-usage window is left alone by a scheduled run, unless an invoice of it was released', () => {
    const old = recorded('2026-07-01', '2026-07-31', LA);
    const monthly = request({ jobType: 'MONTHLY', start: '2026-07-01', end: '2026-10-31' });
    const starts = (periods: RecordedPeriod[]) => {
      const scopes = periodScopes(monthly, profile, periods, settings);
      return typeof scopes === 'string' ? scopes : scopes.map((scope) => scope.period.start);
    };
    expect(starts([old])).toEqual(['2026-08-01', '2026-09-01', '2026-10-01']);
    expect(starts([{ ...old, releasedBefore: true }])).toEqual([
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
    ]);
  });

  it('skips, with its reason, a profile that is archived, inactive or asked for days before its billing start', () => {
    const reasons = (changes: Partial<ProfileRow>, over: Partial<RatingRequest> = {}) =>
      draftCustomers(request(over), settings, new Map([['p1', { ...profile, ...changes }]]), new Map()).map(
        (draft) => draft.reason,
      );
    expect(reasons({ archivedAt: new Date() })).toEqual(['The customer profile is archived']);
    expect(reasons({ isActive: false })).toEqual(['The customer profile is inactive']);
    expect(reasons({ billingStartDate: '2026-12-01' })).toEqual([
      "Nothing to bill: 10/01/2026–10/31/2026 is before this profile's billing start date 12/01/2026",
    ]);
  });
});

describe('what the counted calls owe', () => {
  it('prices a new period from its boxes and records its instants; fails a customer without a QuickBooks customer when asked to', () => {
    const drafts = draftCustomers(request(), settings, new Map([['p1', profile]]), new Map());
    const boxes = new Map([
      [
        '0:0',
        [
          {
            startFrom: 0,
            startTo: 1,
            seqFrom: 0,
            seqTo: 1,
            queueId: 'q1',
            queueName: 'Sales',
            calls: 2,
            billedSeconds: 300,
          },
        ],
      ],
    ]);
    const [rating] = rateDrafts(drafts, boxes, request(), { requireQboCustomer: true });
    expect(rating).toMatchObject({
      outcome: 'INVOICE',
      amount: '5.00',
      calls: 2,
      span: { start: '2026-10-01', end: '2026-10-31' },
    });
    expect(rating!.periods[0]).toMatchObject({
      periodId: null,
      startsAt: ms('2026-10-01T07:00:00Z'),
      endsAt: ms('2026-11-01T07:00:00Z'),
      timeZone: LA,
    });
    const unlinked = draftCustomers(
      request(),
      settings,
      new Map([['p1', { ...profile, qboCustomerId: null }]]),
      new Map(),
    );
    expect(rateDrafts(unlinked, boxes, request(), { requireQboCustomer: true })[0]!.outcome).toBe('FAIL');
  });
});
