// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';
import { Checkbox } from './checkbox';

afterEach(cleanup);

describe('FormField', () => {
  it('labels its control and announces the error with it', () => {
    render(
      <FormField label="Region name" htmlFor="region-name" error="Region name is required">
        <Input id="region-name" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Region name' });
    expect(screen.getByRole('alert').textContent).toBe('Region name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('describes the control with the hint while there is no error', () => {
    render(
      <FormField label="Rate per minute" htmlFor="rate" hint="Digits with one optional decimal point">
        <Input id="rate" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Rate per minute' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Digits with one optional decimal point',
    );
  });
});

describe('form controls', () => {
  it('forward their refs to the native element, as react-hook-form needs', () => {
    const inputRef = createRef<HTMLInputElement>();
    const checkboxRef = createRef<HTMLInputElement>();
    render(
      <>
        <Input ref={inputRef} aria-label="Email" />
        <Checkbox ref={checkboxRef} label="Dry Run (no invoices created)" />
      </>,
    );
    expect(inputRef.current).toBe(screen.getByRole('textbox', { name: 'Email' }));
    expect(checkboxRef.current).toBe(screen.getByRole('checkbox', { name: 'Dry Run (no invoices created)' }));
  });
});
