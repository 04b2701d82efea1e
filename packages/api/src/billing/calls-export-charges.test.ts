import { describe, expect, it } from 'vitest';
import type { RatePlan } from '../domain/rate-plan';
import { chargeCells, chargeColumns, chargeHeaders } from './calls-export-charges';

// The calls export under a plan: which charges price a call and what each made of it, worked by hand.

const charge = (overrides: Partial<RatePlan['charges'][number]>): RatePlan['charges'][number] => ({
  name: 'Voice',
  media: ['voice'],
  direction: 'any',
  timeBand: 'any',
  unit: 'minute',
  basis: 'duration',
  firstIncrementSeconds: 60,
  incrementSeconds: 60,
  price: '0.10',
  includedUnits: 0,
  additional: false,
  qboItemName: null,
  ...overrides,
});

const plan: RatePlan = {
  source: 'plan',
  minimumCharge: '0',
  businessHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
  charges: [
    charge({ name: 'Chats', media: ['chat'], unit: 'interaction', price: '0.50' }),
    charge({
      name: 'Voice, after hours',
      timeBand: 'afterHours',
      firstIncrementSeconds: 30,
      incrementSeconds: 6,
      price: '0.15',
    }),
    charge({ name: 'Voice' }),
    charge({ name: 'Per-call fee', unit: 'interaction', additional: true, price: '0.05' }),
    charge({ name: 'Platform fee', media: [], unit: 'period', price: '99.00' }),
  ],
};

const call = (mediaType: string, start: string, duration: number) => ({
  mediaType,
  direction: 'inbound',
  duration,
  talkSeconds: null,
  holdSeconds: null,
  acwSeconds: null,
  startTime: new Date(start),
});
const TZ = 'America/Los_Angeles';

describe('the calls export under a rate plan', () => {
  const columns = chargeColumns([plan, null]);

  it('has a column per charge that prices calls, none for the period fee', () => {
    expect(chargeHeaders(columns)).toEqual([
      'Media Type',
      'Direction',
      'Charges',
      'Chats (count)',
      'Voice, after hours (billed seconds)',
      'Voice (billed seconds)',
      'Per-call fee (count)',
    ]);
  });

  it("says which charges price a call and what each made of it, by the band on the company's clock", () => {
    // Tuesday 2026-10-13 20:15 PDT: after hours, 430 s at 30/6 → 432 s, plus the fee.
    expect(chargeCells(plan, call('voice', '2026-10-14T03:15:00Z', 430), columns, TZ)).toEqual({
      cells: ['voice', 'inbound', 'Voice, after hours + Per-call fee', '', '432', '', '1'],
      billedSeconds: 432,
    });
    // Tuesday 10:00 PDT: business hours, 61 s at 60/60 → 120 s.
    expect(chargeCells(plan, call('voice', '2026-10-13T17:00:00Z', 61), columns, TZ).cells).toEqual([
      'voice',
      'inbound',
      'Voice + Per-call fee',
      '',
      '',
      '120',
      '1',
    ]);
    expect(chargeCells(plan, call('chat', '2026-10-13T17:00:00Z', 300), columns, TZ)).toEqual({
      cells: ['chat', 'inbound', 'Chats', '1', '', '', ''],
      billedSeconds: 0,
    });
    expect(chargeCells(plan, call('email', '2026-10-13T17:00:00Z', 900), columns, TZ).cells).toEqual([
      'email',
      'inbound',
      'not in plan',
      '',
      '',
      '',
      '',
    ]);
  });

  it("leaves the charge cells empty in a period on the spec's fields", () => {
    expect(chargeCells(null, call('voice', '2026-10-13T17:00:00Z', 61), columns, TZ)).toEqual({
      cells: ['voice', 'inbound', '', '', '', '', ''],
      billedSeconds: null,
    });
  });
});
