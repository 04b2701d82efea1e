import { describe, expect, it } from 'vitest';
import { billedSecondsForCall } from '../domain/billed-seconds';
import { rateUsage } from '../domain/rating';
import { ZRunBillingJobRequestSchema } from '../shared/billing';
import { chargeForPeriod } from '../domain/period-charge';
import { buildInvoice, docNumberFor } from './invoice-body';
import { docNumberOf } from './ledger-writes';
import { newJobCode } from './start-job';

// Every expected figure below is worked out by hand in the comment beside it.
describe('rating a customer (table, amounts by hand)', () => {
  const cases: Array<{
    name: string;
    calls: number[];
    increment: number;
    rate: string;
    minimum: number;
    overage: string;
    taxCode?: string;
    minutes: string;
    lines: Array<[string, string, string, string]>;
    total: string;
  }> = [
    // M = 0: 3 calls of 61, 30, 119 s at 60 s → 120 + 60 + 120 = 300 s = 5 min × 0.10 = 0.50.
    {
      name: 'M = 0',
      calls: [61, 30, 119],
      increment: 60,
      rate: '0.10',
      minimum: 0,
      overage: '0.20',
      minutes: '5.0000',
      lines: [['Phone usage', '5.0000', '0.1000', '0.50']],
      total: '0.50',
    },
    // U < M: 2 calls of 60 s = 2 min; M = 10 × 0.25 = 2.50, no overage.
    {
      name: 'U < M',
      calls: [60, 60],
      increment: 60,
      rate: '0.25',
      minimum: 10,
      overage: '0.40',
      minutes: '2.0000',
      lines: [['Minimum commitment', '10.0000', '0.2500', '2.50']],
      total: '2.50',
    },
    // U = M: 10 calls of 45 s → 10 × 60 s = 10 min = M; only the minimum, 10 × 0.25 = 2.50.
    {
      name: 'U = M',
      calls: Array(10).fill(45),
      increment: 60,
      rate: '0.25',
      minimum: 10,
      overage: '0.40',
      minutes: '10.0000',
      lines: [['Minimum commitment', '10.0000', '0.2500', '2.50']],
      total: '2.50',
    },
    // U > M: 12 calls of 60 s = 12 min; 10 × 0.25 = 2.50 and 2 × 0.40 = 0.80; total 3.30.
    {
      name: 'U > M',
      calls: Array(12).fill(60),
      increment: 60,
      rate: '0.25',
      minimum: 10,
      overage: '0.40',
      minutes: '12.0000',
      lines: [
        ['Minimum commitment', '10.0000', '0.2500', '2.50'],
        ['Overage', '2.0000', '0.4000', '0.80'],
      ],
      total: '3.30',
    },
    // 1 s increment: 61 s → 61 s = 1.01666… → 1.0167 min; × 1.00 = 1.0167 → 1.02.
    {
      name: '61 s at 1 s',
      calls: [61],
      increment: 1,
      rate: '1.00',
      minimum: 0,
      overage: '1.00',
      minutes: '1.0167',
      lines: [['Phone usage', '1.0167', '1.0000', '1.02']],
      total: '1.02',
    },
    // 6 s increment: 61 s → 66 s = 1.1 min; × 0.50 = 0.55.
    {
      name: '61 s at 6 s',
      calls: [61],
      increment: 6,
      rate: '0.50',
      minimum: 0,
      overage: '0.50',
      minutes: '1.1000',
      lines: [['Phone usage', '1.1000', '0.5000', '0.55']],
      total: '0.55',
    },
    // 60 s increment: 61 s → 120 s = 2 min; × 0.50 = 1.00.
    {
      name: '61 s at 60 s',
      calls: [61],
      increment: 60,
      rate: '0.50',
      minimum: 0,
      overage: '0.50',
      minutes: '2.0000',
      lines: [['Phone usage', '2.0000', '0.5000', '1.00']],
      total: '1.00',
    },
    // Half-up: 6 min × 0.0425 = 0.255 → 0.26 (not 0.25).
    {
      name: 'half-up to cents',
      calls: Array(6).fill(60),
      increment: 60,
      rate: '0.0425',
      minimum: 0,
      overage: '0',
      minutes: '6.0000',
      lines: [['Phone usage', '6.0000', '0.0425', '0.26']],
      total: '0.26',
    },
    // Half-up on overage: 0.5 min over at 0.05 = 0.025 → 0.03; minimum 1 × 0.05 = 0.05; total 0.08.
    {
      name: 'half-up overage',
      calls: [90],
      increment: 1,
      rate: '0.05',
      minimum: 1,
      overage: '0.05',
      minutes: '1.5000',
      lines: [
        ['Minimum commitment', '1.0000', '0.0500', '0.05'],
        ['Overage', '0.5000', '0.0500', '0.03'],
      ],
      total: '0.08',
    },
    // A tax code rides on each line: 3 min × 2 = 6.00.
    {
      name: 'tax code',
      calls: [180],
      increment: 60,
      rate: '2',
      minimum: 0,
      overage: '2',
      taxCode: 'TAX',
      minutes: '3.0000',
      lines: [['Phone usage', '3.0000', '2.0000', '6.00']],
      total: '6.00',
    },
    // No usage and no minimum: no lines, nothing to invoice.
    {
      name: 'no usage, no minimum',
      calls: [],
      increment: 60,
      rate: '1',
      minimum: 0,
      overage: '1',
      minutes: '0.0000',
      lines: [],
      total: '0.00',
    },
  ];

  it.each(cases)('$name', (testCase) => {
    const billedSeconds = testCase.calls.reduce(
      (sum, seconds) => sum + billedSecondsForCall(seconds, testCase.increment),
      0,
    );
    const result = rateUsage({
      billedSeconds,
      ratePerMinute: testCase.rate,
      minimumMinutes: testCase.minimum,
      overageRatePerMinute: testCase.overage,
      taxCode: testCase.taxCode,
    });
    expect(result.usageMinutes).toBe(testCase.minutes);
    expect(result.lines.map((line) => [line.description, line.quantity, line.unitPrice, line.amount])).toEqual(
      testCase.lines,
    );
    expect(result.total).toBe(testCase.total);
    expect(result.shouldInvoice).toBe(testCase.lines.length > 0);
    for (const line of result.lines) expect(line.taxCode).toBe(testCase.taxCode ?? null);
  });
});

describe('the invoice sent to QuickBooks', () => {
  const charge = chargeForPeriod({
    period: { start: '2026-10-01', end: '2026-10-31' },
    terms: { ratePerMinute: '0.10', minimumMinutes: 100, overageRatePerMinute: '0.08' },
    taxCode: 'TAX',
    billedBefore: false,
    billedSecondsBefore: 0,
    invoicedBefore: '0',
    newSeconds: 7530, // 125.5 min
    newDays: { start: '2026-10-01', end: '2026-10-31' },
  });
  const invoice = buildInvoice({
    qboCustomerId: '42',
    docNumber: 'BJ-7K3F9Q-12',
    txnDate: '2026-11-02',
    item: { Id: '19', Name: 'Phone usage' },
    lines: charge.lines,
    memo: 'Phone usage for 10/01/2026–10/31/2026',
    privateNote:
      'Billing job BJ-7K3F9Q. Minutes per queue: Support: 100.0000 min (80 calls); Sales: 25.5000 min (20 calls)',
  });

  it('bills the mapped customer with the service item, one line per rating line, each naming its period', () => {
    expect(invoice.CustomerRef).toEqual({ value: '42' });
    expect(invoice.DocNumber).toBe('BJ-7K3F9Q-12');
    expect(invoice.TxnDate).toBe('2026-11-02');
    expect(invoice.Line).toEqual([
      {
        DetailType: 'SalesItemLineDetail',
        Amount: 10,
        Description: 'Minimum commitment, 10/01/2026–10/31/2026',
        SalesItemLineDetail: {
          ItemRef: { value: '19', name: 'Phone usage' },
          Qty: 100,
          UnitPrice: 0.1,
          TaxCodeRef: { value: 'TAX' },
        },
      },
      {
        DetailType: 'SalesItemLineDetail',
        Amount: 2.04,
        Description: 'Overage, 10/01/2026–10/31/2026',
        SalesItemLineDetail: {
          ItemRef: { value: '19', name: 'Phone usage' },
          Qty: 25.5,
          UnitPrice: 0.08,
          TaxCodeRef: { value: 'TAX' },
        },
      },
    ]);
  });

  it('carries the memo and the private note as reserved', () => {
    expect(invoice.CustomerMemo).toEqual({ value: 'Phone usage for 10/01/2026–10/31/2026' });
    expect(invoice.PrivateNote).toBe(
      'Billing job BJ-7K3F9Q. Minutes per queue: Support: 100.0000 min (80 calls); Sales: 25.5000 min (20 calls)',
    );
  });

  it('leaves out the tax code when the profile has none', () => {
    const plain = buildInvoice({
      qboCustomerId: '1',
      docNumber: 'D',
      txnDate: '2026-01-01',
      item: { Id: '1' },
      memo: '',
      privateNote: '',
      lines: [
        {
          description: 'Phone usage, 01/01/2026–01/31/2026',
          quantity: '1.0000',
          unitPrice: '1.0000',
          amount: '1.00',
          taxCode: null,
          periodStart: '2026-01-01',
          periodEnd: '2026-01-31',
          kind: 'FIRST',
        },
      ],
    });
    expect(plain.Line[0]).not.toHaveProperty('SalesItemLineDetail.TaxCodeRef');
  });
});

describe('job codes and document numbers', () => {
  it('job codes are BJ- and 6 base32 characters; DocNumbers fit QuickBooks 21 characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newJobCode()));
    for (const code of codes) expect(code).toMatch(/^BJ-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(codes.size).toBeGreaterThan(195);
    expect(docNumberFor('BJ-7K3F9Q', 9999)).toBe('BJ-7K3F9Q-9999');
    expect(docNumberFor('BJ-7K3F9Q', 9999).length).toBeLessThanOrEqual(21);
    expect(() => docNumberFor('BJ-7K3F9Q-TOO-LONG-X', 12)).toThrow(RangeError);
  });

  it("a reservation's DocNumber is the customer's number plus its count, never the last one's: at most 21 characters", () => {
    const customer = { docNumber: 'BJ-7K3F9Q-99999', customerId: 'c1' };
    expect(docNumberOf({ ...customer, reservations: 0 }, 'INVOICE')).toBe('BJ-7K3F9Q-99999');
    expect(docNumberOf({ ...customer, reservations: 1 }, 'INVOICE')).toBe('BJ-7K3F9Q-99999-2');
    expect(docNumberOf({ ...customer, reservations: 9 }, 'CREDIT_MEMO')).toBe('BJ-7K3F9Q-99999-AC');
    for (const reservations of [0, 7, 35, 1295, 46_654]) {
      for (const kind of ['INVOICE', 'CREDIT_MEMO', 'SETTLEMENT'] as const)
        expect(docNumberOf({ ...customer, reservations }, kind).length).toBeLessThanOrEqual(21);
    }
  });
});

describe('the run form schema', () => {
  const valid = {
    billingPeriodStart: '2026-10-01',
    billingPeriodEnd: '2026-10-31',
    isDryRun: true,
    selectedQueues: ['Support'],
  };
  it('accepts a period and at least one queue', () => {
    expect(ZRunBillingJobRequestSchema.parse(valid)).toEqual(valid);
  });
  it.each([
    [{ selectedQueues: [] }, 'Select at least one queue'],
    [{ billingPeriodStart: '' }, 'Start date is required'],
    [{ billingPeriodEnd: '2026-09-30' }, 'End date must be on or after the start date'],
    [{ billingPeriodStart: '2026-02-30' }, 'Start date must be a real date'],
  ])('refuses %o', (change, message) => {
    const result = ZRunBillingJobRequestSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
