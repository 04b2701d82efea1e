import { describe, expect, it } from 'vitest';
import {
  addQueueName,
  COMPLETENESS_CHECK_COUNT,
  completenessBand,
  coveringPeriodEnd,
  customerProfileDefaults,
  normaliseQueueNames,
  profileCompleteness,
  profileStatus,
  ZCustomerProfileFormSchema,
} from './customer-profile';

describe('profileStatus', () => {
  it.each([
    [{ isActive: false, qboCustomerId: '58', genesysQueueNames: ['Sales'] }, 'Inactive'],
    [{ isActive: false, qboCustomerId: null, genesysQueueNames: [] }, 'Inactive'],
    [{ isActive: true, qboCustomerId: null, genesysQueueNames: [] }, 'No QBO Mapping'],
    [{ isActive: true, qboCustomerId: null, genesysQueueNames: ['Sales'] }, 'No QBO Mapping'],
    [{ isActive: true, qboCustomerId: '  ', genesysQueueNames: ['Sales'] }, 'No QBO Mapping'],
    [{ isActive: true, qboCustomerId: '58', genesysQueueNames: [] }, 'No Queues'],
    [{ isActive: true, qboCustomerId: '58', genesysQueueNames: [' '] }, 'No Queues'],
    [{ isActive: true, qboCustomerId: '58', genesysQueueNames: ['Sales'] }, 'Active'],
  ] as const)('%o → %s', (profile, status) => {
    expect(profileStatus(profile)).toBe(status);
  });
});

describe('completenessBand', () => {
  it.each([
    [0, 'minimal'],
    [39, 'minimal'],
    [40, 'partial'],
    [79, 'partial'],
    [80, 'complete'],
    [100, 'complete'],
  ])('%i%% is %s', (percent, band) => {
    expect(completenessBand(percent)).toBe(band);
  });
});

describe('profileCompleteness', () => {
  const allQboFields = {
    qboDisplayName: 'Acme',
    qboCompanyName: 'Acme Ltd',
    qboGivenName: 'Ada',
    qboFamilyName: 'Lovelace',
    qboPrimaryEmailAddr: 'ada@acme.test',
    qboPrimaryPhone: '555-0100',
    qboLine1: '1 Main St',
    qboCity: 'Springfield',
    qboCountrySubDivisionCode: 'CA',
    qboPostalCode: '90001',
    qboCountry: 'US',
  };

  it('counts thirteen checks: the QuickBooks mapping is one (issue 24)', () => {
    expect(COMPLETENESS_CHECK_COUNT).toBe(13);
  });

  it.each([
    // passed checks → Math.round(passed / 13 × 100)
    [{ genesysQueueNames: [] }, 0, 0, 'minimal'],
    [{ genesysQueueNames: ['Sales'] }, 1, 8, 'minimal'], // 7.69
    [
      { genesysQueueNames: ['Sales'], qboDisplayName: 'Acme', qboCompanyName: 'Acme Ltd', qboCountry: 'US' },
      4,
      31,
      'minimal',
    ],
    [
      {
        genesysQueueNames: ['Sales'],
        qboDisplayName: 'Acme',
        qboCompanyName: 'Acme Ltd',
        qboCity: 'Springfield',
        qboCountry: 'US',
      },
      5,
      38,
      'minimal',
    ], // 38.46
    [
      {
        genesysQueueNames: ['Sales'],
        qboCustomerId: '7',
        qboDisplayName: 'Acme',
        qboCompanyName: 'Acme Ltd',
        qboCity: 'Springfield',
        qboCountry: 'US',
      },
      6,
      46,
      'partial',
    ],
    [{ genesysQueueNames: [], ...allQboFields, qboPostalCode: null, qboLine1: '' }, 9, 69, 'partial'],
    [{ genesysQueueNames: ['Sales'], ...allQboFields, qboPostalCode: null }, 11, 85, 'complete'], // 84.62
    [{ genesysQueueNames: [], ...allQboFields }, 11, 85, 'complete'],
    [{ genesysQueueNames: ['Sales'], ...allQboFields, qboLine1: '   ' }, 11, 85, 'complete'],
    [{ genesysQueueNames: ['Sales'], ...allQboFields, qboLine1: null, qboCity: null }, 10, 77, 'partial'], // 76.92
    // Every field and a queue but no QuickBooks customer: not 100%.
    [{ genesysQueueNames: ['Sales'], ...allQboFields }, 12, 92, 'complete'],
    [{ genesysQueueNames: ['Sales'], qboCustomerId: '  ', ...allQboFields }, 12, 92, 'complete'],
    [{ genesysQueueNames: ['Sales'], qboCustomerId: '7', ...allQboFields }, 13, 100, 'complete'],
  ])('%o passes %i checks: %i%%, %s', (profile, passedChecks, percent, band) => {
    expect(profileCompleteness(profile)).toEqual({ percent, band, passedChecks, totalChecks: 13 });
  });

  it('ignores fields outside the eleven (middle name, title, notes)', () => {
    const withExtras = { genesysQueueNames: [], qboMiddleName: 'B', qboTitle: 'Dr', qboSuffix: 'Jr' };
    expect(profileCompleteness(withExtras).passedChecks).toBe(0);
  });
});

describe('queue names', () => {
  it('adds a trimmed name', () => {
    expect(addQueueName(['Sales'], '  Support ')).toEqual(['Sales', 'Support']);
  });

  it('ignores blanks and duplicates', () => {
    expect(addQueueName(['Sales'], '   ')).toEqual(['Sales']);
    expect(addQueueName(['Sales'], ' Sales')).toEqual(['Sales']);
  });

  it('treats names differing in case as different queues', () => {
    expect(addQueueName(['Sales'], 'sales')).toEqual(['Sales', 'sales']);
  });

  it('leaves the given list untouched', () => {
    const queueNames = ['Sales'];
    addQueueName(queueNames, 'Support');
    expect(queueNames).toEqual(['Sales']);
  });

  it('normalises a whole list, keeping first occurrences in order', () => {
    expect(normaliseQueueNames([' Support', 'Sales', '', 'Support ', 'Billing'])).toEqual([
      'Support',
      'Sales',
      'Billing',
    ]);
  });
});

function messagesFor(input: unknown): Record<string, string[]> {
  const result = ZCustomerProfileFormSchema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    (messages[field] ??= []).push(issue.message);
  }
  return messages;
}

const minimalValidInput = { genesysQueueNames: ['Sales'], qboDisplayName: 'Acme' };

describe('ZCustomerProfileFormSchema', () => {
  it('fills in the spec defaults', () => {
    expect(ZCustomerProfileFormSchema.parse(minimalValidInput)).toEqual({
      genesysQueueNames: ['Sales'],
      qboDisplayName: 'Acme',
      qboCustomerId: null,
      isActive: true,
      ratePerMinute: '1.0',
      reviewBeforeSending: false,
      overageRatePerMinute: '1.00',
      minimumMinutes: 0,
      billDate: 1,
      billTime: '02:00',
      billingPeriodStart: 1,
      billingPeriodEnd: 31,
      billingStartDate: null,
      taxCode: null,
      notes: null,
      paymentTermsDays: 30,
      emailInvoices: false,
      qboCompanyName: null,
      qboGivenName: null,
      qboMiddleName: null,
      qboFamilyName: null,
      qboTitle: null,
      qboSuffix: null,
      qboPrimaryEmailAddr: null,
      qboPrimaryPhone: null,
      qboLine1: null,
      qboCity: null,
      qboCountrySubDivisionCode: null,
      qboPostalCode: null,
      qboCountry: 'US',
    });
  });

  it('reports exactly the two required fields on a blank new form', () => {
    expect(messagesFor(customerProfileDefaults)).toEqual({
      genesysQueueNames: ['At least one Genesys queue name is required'],
      qboDisplayName: ['QBO Display Name is required for QuickBooks integration'],
    });
  });

  it('accepts the defaults once queue and display name are filled in', () => {
    const parsed = ZCustomerProfileFormSchema.parse({ ...customerProfileDefaults, ...minimalValidInput });
    expect(parsed.ratePerMinute).toBe('1.0');
    expect(parsed.qboCountry).toBe('US');
    expect(parsed.qboCity).toBeNull();
  });

  describe('queue names', () => {
    it.each([[undefined], [[]], [['', '   ']]])('requires at least one (%o)', (genesysQueueNames) => {
      expect(messagesFor({ ...minimalValidInput, genesysQueueNames })).toEqual({
        genesysQueueNames: ['At least one Genesys queue name is required'],
      });
    });

    it('trims and de-duplicates them', () => {
      const parsed = ZCustomerProfileFormSchema.parse({
        ...minimalValidInput,
        genesysQueueNames: ['Sales', ' Sales ', 'Support', ''],
      });
      expect(parsed.genesysQueueNames).toEqual(['Sales', 'Support']);
    });
  });

  it.each([[undefined], [''], ['   ']])('requires a QBO display name (%j)', (qboDisplayName) => {
    expect(messagesFor({ ...minimalValidInput, qboDisplayName })).toEqual({
      qboDisplayName: ['QBO Display Name is required for QuickBooks integration'],
    });
  });

  describe('rate per minute', () => {
    it.each([
      ['abc', 'Rate Per Minute must be a valid number'],
      ['1.2.3', 'Rate Per Minute must be a valid number'],
      ['1e3', 'Rate Per Minute must be a valid number'],
      ['0x10', 'Rate Per Minute must be a valid number'],
      ['.', 'Rate Per Minute must be a valid number'],
      [true, 'Rate Per Minute must be a valid number'],
      ['-1', 'Rate Per Minute must be zero or greater'],
      [-0.5, 'Rate Per Minute must be zero or greater'],
      ['', 'Rate Per Minute is required'],
      ['0.12345', 'Rate Per Minute must have at most 8 digits before and 4 after the decimal point'],
      ['123456789', 'Rate Per Minute must have at most 8 digits before and 4 after the decimal point'],
    ])('rejects %j: %s', (ratePerMinute, message) => {
      expect(messagesFor({ ...minimalValidInput, ratePerMinute })).toEqual({ ratePerMinute: [message] });
    });

    it.each([
      ['0', '0'],
      ['0.0450', '0.0450'],
      [' 2.5 ', '2.5'],
      ['.5', '0.5'],
      ['3.', '3'],
      [0.045, '0.045'],
      [12, '12'],
    ])('accepts %j as %j', (ratePerMinute, expected) => {
      expect(ZCustomerProfileFormSchema.parse({ ...minimalValidInput, ratePerMinute }).ratePerMinute).toBe(expected);
    });
  });

  describe('overage rate per minute', () => {
    it.each([
      ['x', 'Overage Rate Per Minute must be a valid number'],
      [-1, 'Overage Rate Per Minute must be zero or greater'],
      ['-0.01', 'Overage Rate Per Minute must be zero or greater'],
    ])('rejects %j: %s', (overageRatePerMinute, message) => {
      expect(messagesFor({ ...minimalValidInput, overageRatePerMinute })).toEqual({ overageRatePerMinute: [message] });
    });

    it('accepts a number or a numeric string', () => {
      expect(
        ZCustomerProfileFormSchema.parse({ ...minimalValidInput, overageRatePerMinute: 0.08 }).overageRatePerMinute,
      ).toBe('0.08');
      expect(
        ZCustomerProfileFormSchema.parse({ ...minimalValidInput, overageRatePerMinute: '1.25' }).overageRatePerMinute,
      ).toBe('1.25');
      expect(
        ZCustomerProfileFormSchema.parse({ ...minimalValidInput, overageRatePerMinute: 0 }).overageRatePerMinute,
      ).toBe('0');
    });
  });

  describe('day numbers', () => {
    it.each([
      ['billDate', 'Bill day must be between 1 and 31'],
      ['billingPeriodStart', 'Billing period start must be between 1 and 31'],
      ['billingPeriodEnd', 'Billing period end must be between 1 and 31'],
    ])('%s must be a whole number from 1 to 31', (field, message) => {
      for (const value of [0, 32, 1.5, Number.NaN, '15']) {
        expect(messagesFor({ ...minimalValidInput, [field]: value })).toEqual({ [field]: [message] });
      }
      // The other period day makes the rule cover every day (see 'period rules' below).
      const covering = (day: number) =>
        field === 'billingPeriodStart'
          ? { billingPeriodEnd: coveringPeriodEnd(day) }
          : field === 'billingPeriodEnd'
            ? { billingPeriodStart: day === 31 ? 1 : day + 1 }
            : {};
      expect(
        ZCustomerProfileFormSchema.parse({ ...minimalValidInput, ...covering(1), [field]: 1 })[field as 'billDate'],
      ).toBe(1);
      expect(
        ZCustomerProfileFormSchema.parse({ ...minimalValidInput, ...covering(31), [field]: 31 })[field as 'billDate'],
      ).toBe(31);
    });
  });

  describe('period rules cover every day', () => {
    it.each([
      [1, 31],
      [16, 15],
      [2, 1],
      [31, 30],
    ])('accepts %i..%i', (billingPeriodStart, billingPeriodEnd) => {
      expect(
        ZCustomerProfileFormSchema.parse({ ...minimalValidInput, billingPeriodStart, billingPeriodEnd }),
      ).toMatchObject({ billingPeriodStart, billingPeriodEnd });
    });

    it.each([
      [1, 15, 'Days 16–31 would never be billed: a period starting on day 1 ends on day 31'],
      [1, 30, 'Day 31 would never be billed: a period starting on day 1 ends on day 31'],
      [5, 31, 'Days 1–4 would never be billed: a period starting on day 5 ends on day 4 of the next month'],
      [16, 10, 'Days 11–15 would never be billed: a period starting on day 16 ends on day 15 of the next month'],
      [
        16,
        16,
        'Days 1–15 and days 17–31 would never be billed: a period starting on day 16 ends on day 15 of the next month',
      ],
    ])('refuses %i..%i beside the end day, saying why', (billingPeriodStart, billingPeriodEnd, message) => {
      expect(messagesFor({ ...minimalValidInput, billingPeriodStart, billingPeriodEnd })).toEqual({
        billingPeriodEnd: [message],
      });
      // Said even while another field is wrong, so the form shows every problem at once.
      expect(
        messagesFor({ ...minimalValidInput, qboDisplayName: '', billingPeriodStart, billingPeriodEnd })
          .billingPeriodEnd,
      ).toEqual([message]);
    });

    it('a start day alone gets the end day that covers the rest', () => {
      expect([1, 2, 16, 31].map(coveringPeriodEnd)).toEqual([31, 1, 15, 30]);
      expect(messagesFor({ ...minimalValidInput, billingPeriodStart: 16 })).toEqual({
        billingPeriodEnd: [expect.stringMatching(/^Days 1–15 would never be billed/)],
      });
    });
  });

  it.each([-1, 2.5, Number.NaN])('rejects minimum minutes %s', (minimumMinutes) => {
    expect(messagesFor({ ...minimalValidInput, minimumMinutes })).toEqual({
      minimumMinutes: ['Minimum minutes must be a whole number of zero or more'],
    });
  });

  it('accepts a minimum of zero or more whole minutes', () => {
    expect(ZCustomerProfileFormSchema.parse({ ...minimalValidInput, minimumMinutes: 0 }).minimumMinutes).toBe(0);
    expect(ZCustomerProfileFormSchema.parse({ ...minimalValidInput, minimumMinutes: 500 }).minimumMinutes).toBe(500);
  });

  it.each(['24:00', '2:00', '02:60', '0200', ''])('rejects bill time %j', (billTime) => {
    expect(messagesFor({ ...minimalValidInput, billTime })).toEqual({
      billTime: ['Bill time must be a 24-hour time like 02:00'],
    });
  });

  it.each(['00:00', '02:30', '23:59'])('accepts bill time %s', (billTime) => {
    expect(ZCustomerProfileFormSchema.parse({ ...minimalValidInput, billTime }).billTime).toBe(billTime);
  });

  it('checks the email only when one is given', () => {
    expect(messagesFor({ ...minimalValidInput, qboPrimaryEmailAddr: 'not-an-email' })).toEqual({
      qboPrimaryEmailAddr: ['Email must be a valid email address'],
    });
    expect(
      ZCustomerProfileFormSchema.parse({ ...minimalValidInput, qboPrimaryEmailAddr: '' }).qboPrimaryEmailAddr,
    ).toBeNull();
    expect(
      ZCustomerProfileFormSchema.parse({ ...minimalValidInput, qboPrimaryEmailAddr: ' ada@acme.test ' })
        .qboPrimaryEmailAddr,
    ).toBe('ada@acme.test');
  });

  it('takes a billing start date as a real day of the years 2000 to 2099, blank meaning the default', () => {
    expect(
      ZCustomerProfileFormSchema.parse({ ...minimalValidInput, billingStartDate: ' 2026-09-01 ' }).billingStartDate,
    ).toBe('2026-09-01');
    expect(
      ZCustomerProfileFormSchema.parse({ ...minimalValidInput, billingStartDate: '' }).billingStartDate,
    ).toBeNull();
    expect(messagesFor({ ...minimalValidInput, billingStartDate: '2026-02-30' })).toEqual({
      billingStartDate: ['Billing start date must be a date (YYYY-MM-DD)'],
    });
    expect(messagesFor({ ...minimalValidInput, billingStartDate: '09/01/2026' })).toEqual({
      billingStartDate: ['Billing start date must be a date (YYYY-MM-DD)'],
    });
    // A real day, but a mistyped year: said as such, once.
    expect(messagesFor({ ...minimalValidInput, billingStartDate: '0202-09-01' })).toEqual({
      billingStartDate: ['Billing start date must be in the years 2000 to 2099'],
    });
    expect(messagesFor({ ...minimalValidInput, billingStartDate: '2100-01-01' })).toEqual({
      billingStartDate: ['Billing start date must be in the years 2000 to 2099'],
    });
  });

  it('trims optional text and stores blanks as empty', () => {
    const parsed = ZCustomerProfileFormSchema.parse({
      ...minimalValidInput,
      qboCity: '  Springfield ',
      notes: '   ',
      taxCode: ' TAX ',
      qboCountry: 'CA',
      isActive: false,
    });
    expect(parsed.qboCity).toBe('Springfield');
    expect(parsed.notes).toBeNull();
    expect(parsed.taxCode).toBe('TAX');
    expect(parsed.qboCountry).toBe('CA');
    expect(parsed.isActive).toBe(false);
  });
});
