import { describe, expect, it } from 'vitest';
import { billingStartDateProblem } from './billing-start-date';

describe('the Billing Start Date field', () => {
  it('says so when the date input holds a date the browser cannot read', () => {
    expect(billingStartDateProblem({ value: '', badInput: true, editing: false })).toBe(
      'Billing start date is incomplete: enter the month, day and year',
    );
    expect(billingStartDateProblem({ value: '', badInput: true, editing: true })).toBe(
      'Billing start date is incomplete: enter the month, day and year',
    );
  });

  it('may stay empty on a new profile (billing starts with its current period), not on an existing one', () => {
    expect(billingStartDateProblem({ value: '', badInput: false, editing: false })).toBeNull();
    expect(billingStartDateProblem({ value: '  ', badInput: false, editing: true })).toBe(
      'Billing start date is required: calls before it are never billed',
    );
    expect(billingStartDateProblem({ value: null, badInput: false, editing: true })).toBe(
      'Billing start date is required: calls before it are never billed',
    );
    expect(billingStartDateProblem({ value: '2026-09-01', badInput: false, editing: true })).toBeNull();
  });
});
