import { ZRatePlanSchema } from '@phone-billing/api/schemas';
import { describe, expect, it } from 'vitest';
import { ratePlanProblemText } from './rate-plan-problems';

describe('rate plan problems as the form names things', () => {
  it('counts charges and tiers from 1, as the charges table does', () => {
    expect(ratePlanProblemText({ path: ['charges', 1, 'name'], message: 'Charge name is required' })).toBe(
      'Charge 2: Charge name is required',
    );
    expect(
      ratePlanProblemText({ path: ['charges', 0, 'tiers', 2, 'price'], message: 'Price must be zero or greater' }),
    ).toBe('Charge 1, tier 3: Price must be zero or greater');
  });

  it('names plan-wide fields in words, and says the message alone when there is no field to name', () => {
    expect(ratePlanProblemText({ path: ['minimumCharge'], message: 'Must be a number' })).toBe(
      'Minimum charge: Must be a number',
    );
    expect(ratePlanProblemText({ path: [], message: 'A plan needs a charge' })).toBe('A plan needs a charge');
  });

  it('reads a real validation failure without a dotted path', () => {
    const parsed = ZRatePlanSchema.safeParse({ charges: [{ name: '' }] });
    expect(parsed.success).toBe(false);
    const texts = parsed.error!.issues.map(ratePlanProblemText);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).not.toMatch(/charges\.\d/);
    expect(texts.some((text) => text.startsWith('Charge 1: '))).toBe(true);
  });
});
