import { describe, expect, it } from 'vitest';
import { setCompanyTimezone } from '../../../lib/dates';
import { describeAuditDetails } from './audit-details';

describe('describeAuditDetails', () => {
  it('shows dates as the app shows dates, never ISO', () => {
    setCompanyTimezone('America/Los_Angeles');
    expect(
      describeAuditDetails({
        start: '2026-10-01',
        end: '2026-10-31',
        type: 'MANUAL',
        queues: ['Acme Support', 'Northwind Sales'],
      }),
    ).toBe('start: 10/01/2026; end: 10/31/2026; type: MANUAL; queues: Acme Support, Northwind Sales');
    expect(describeAuditDetails({ expiresAt: '2026-11-29T18:30:00.000Z' })).toBe('expiresAt: Nov 29, 2026 10:30');
    expect(describeAuditDetails({ billingStartDate: { from: '2026-09-01', to: '2026-10-01' } })).toBe(
      'billingStartDate: 09/01/2026 → 10/01/2026',
    );
  });

  it('keeps lists, empty lists and plain values readable', () => {
    expect(describeAuditDetails({ roles: [] })).toBe('roles: (none)');
    expect(describeAuditDetails(null)).toBe('');
    expect(describeAuditDetails('signed in')).toBe('signed in');
  });
});

describe("an update's changes", () => {
  it('lists each changed field with its old and new value, blanks named', () => {
    expect(
      describeAuditDetails({
        id: 'a1b2',
        changes: [
          { field: 'ratePerMinute', from: '0.05', to: '0.06' },
          { field: 'notes', from: null, to: 'VIP' },
        ],
      }),
    ).toBe('ratePerMinute: 0.05 → 0.06; notes: (empty) → VIP');
    expect(describeAuditDetails({ id: 'a1b2', changes: [] })).toBe('no field changed');
  });
});
