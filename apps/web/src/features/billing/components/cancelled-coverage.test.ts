import { describe, expect, it } from 'vitest';
import { cancelledCoverage, notReached } from './cancelled-coverage';

const customers = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe('what a cancelled job covered', () => {
  it('says nothing for a job that was not cancelled', () => {
    expect(cancelledCoverage({ status: 'COMPLETED', type: 'DRY_RUN', customers: customers('RATED') })).toBeNull();
    expect(notReached({ status: 'IN_PROGRESS' }, { status: 'PENDING' })).toBe(false);
  });

  it('a dry run cancelled before rating has no preview, not a full one', () => {
    expect(
      cancelledCoverage({
        status: 'CANCELLED',
        type: 'DRY_RUN',
        customers: customers('PENDING', 'PENDING', 'PENDING'),
      }),
    ).toBe(
      'Cancelled before it rated anyone: this dry run has no preview for its 3 customers. Run it again to see the amounts.',
    );
  });

  it('a dry run cancelled part-way covers only the customers it rated', () => {
    expect(
      cancelledCoverage({ status: 'CANCELLED', type: 'DRY_RUN', customers: customers('RATED', 'SKIPPED', 'PENDING') }),
    ).toBe('Cancelled after rating 2 of 3 customers: the preview below covers only those; the other 1 was not rated.');
  });

  it('a real run names what it invoiced and what it never reached', () => {
    const job = {
      status: 'CANCELLED' as const,
      type: 'MANUAL' as const,
      customers: customers('INVOICED', 'INVOICED', 'FAILED', 'PENDING', 'PENDING'),
    };
    expect(cancelledCoverage(job)).toBe(
      'Cancelled after 3 of 5 customers (2 invoiced, 1 failed); the other 2 were not reached: nothing was invoiced for them, and a new run bills them.',
    );
    expect(job.customers.filter((customer) => notReached(job, customer))).toHaveLength(2);
  });
});
