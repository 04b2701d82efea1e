import { describe, expect, it } from 'vitest';
import { ZCustomerProfileFormSchema } from './customer-profile';
import { rateConfirmationReason } from './number-input';
import { ZBillingConfigFormSchema, ZUpdateSettingsRequestSchema } from './settings';

const profile = { genesysQueueNames: ['Sales'], qboDisplayName: 'Acme' };
const messages = (input: Record<string, unknown>) => {
  const result = ZCustomerProfileFormSchema.safeParse({ ...profile, ...input });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('money fields as a person types them', () => {
  it.each([
    ['ratePerMinute', '0,05', 'Use a point for decimals: 0.05'],
    ['overageRatePerMinute', '1,5', 'Use a point for decimals: 1.5'],
    ['ratePerMinute', '-1', 'Rate Per Minute must be zero or greater'],
    ['ratePerMinute', '+1', 'Rate Per Minute must be a valid number'],
    ['ratePerMinute', '1e3', 'Rate Per Minute must be a valid number'],
    ['overageRatePerMinute', '0.05.1', 'Overage Rate Per Minute must be a valid number'],
    ['ratePerMinute', '0.00001', 'Rate Per Minute must have at most 8 digits before and 4 after the decimal point'],
    ['ratePerMinute', '$0.05', 'Rate Per Minute must be a valid number'],
  ])('%s %j is refused: %s', (field, value, message) => {
    expect(messages({ [field]: value })).toEqual([message]);
  });

  it('keeps what was typed, exactly', () => {
    const parsed = ZCustomerProfileFormSchema.parse({
      ...profile,
      ratePerMinute: '0.0525',
      overageRatePerMinute: '.5',
    });
    expect([parsed.ratePerMinute, parsed.overageRatePerMinute]).toEqual(['0.0525', '0.5']);
  });

  it('settings: the default rate follows the same rules in the form and in PUT /settings', () => {
    const form = ZBillingConfigFormSchema.safeParse({
      defaultRatePerMinute: '0,05',
      timezone: 'UTC',
      billingIncrementSeconds: '60',
    });
    expect(form.error?.issues[0]?.message).toBe('Use a point for decimals: 0.05');
    expect(ZUpdateSettingsRequestSchema.safeParse({ defaultRatePerMinute: '0,05' }).error?.issues[0]?.message).toBe(
      'Use a point for decimals: 0.05',
    );
    expect(ZUpdateSettingsRequestSchema.parse({ defaultRatePerMinute: '0.0725' }).defaultRatePerMinute).toBe('0.0725');
  });
});

describe('minimum minutes as typed', () => {
  it.each(['1e3', '-5', '10.5', '1,000', '+3', 'ten', 2.5, -1])(
    'refuses %j with the field message',
    (minimumMinutes) => {
      expect(messages({ minimumMinutes })).toEqual(['Minimum minutes must be a whole number of zero or more']);
    },
  );

  it('accepts digits typed or a JSON integer', () => {
    expect(ZCustomerProfileFormSchema.parse({ ...profile, minimumMinutes: ' 500 ' }).minimumMinutes).toBe(500);
    expect(ZCustomerProfileFormSchema.parse({ ...profile, minimumMinutes: 250 }).minimumMinutes).toBe(250);
  });
});

describe('rate confirmation', () => {
  it('asks when the rate moves 10× either way or passes $1 a minute', () => {
    expect(rateConfirmationReason('Rate Per Minute', '5', '0.05')).toBe(
      'Rate Per Minute $5.00 is 10× or more the current $0.05.',
    );
    expect(rateConfirmationReason('Rate Per Minute', '0.005', '0.05')).toBe(
      'Rate Per Minute $0.0050 is a 10th or less of the current $0.05.',
    );
    expect(rateConfirmationReason('Rate Per Minute', '1.50', null)).toBe(
      'Rate Per Minute $1.50 is more than $1.00 a minute.',
    );
  });

  it('does not ask for ordinary changes or an unchanged rate', () => {
    expect(rateConfirmationReason('Rate Per Minute', '0.06', '0.05')).toBeNull();
    expect(rateConfirmationReason('Rate Per Minute', '2', '2.00')).toBeNull();
    expect(rateConfirmationReason('Rate Per Minute', '1.00', null)).toBeNull();
  });
});
