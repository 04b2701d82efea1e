// @vitest-environment happy-dom
import type { BillingJobCustomerView } from '@phone-billing/api/schemas';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JobCustomerAmount } from './job-customer-amount';

afterEach(cleanup);

const customer = (amount: number, qboTaxAmount: number | null, qboTotalAmount: number | null) =>
  ({ amount, qboTaxAmount, qboTotalAmount }) as BillingJobCustomerView;

describe('JobCustomerAmount', () => {
  it('shows billed amount, tax and QuickBooks total when QuickBooks added tax', () => {
    render(<JobCustomerAmount customer={customer(50, 4.13, 54.13)} />);
    const amounts = screen.getByTestId('job-customer-amounts');
    expect(amounts.textContent).toContain('$50.00 billed');
    expect(amounts.textContent).toContain('Tax $4.13');
    expect(amounts.textContent).toContain('QuickBooks total $54.13');
  });

  it('shows the amount alone when QuickBooks added nothing, or has not answered yet', () => {
    const { container, rerender } = render(<JobCustomerAmount customer={customer(50, 0, 50)} />);
    expect(container.textContent).toBe('$50.00');
    rerender(<JobCustomerAmount customer={customer(12.5, null, null)} />);
    expect(container.textContent).toBe('$12.50');
  });
});
