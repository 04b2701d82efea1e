import { describe, expect, it } from 'vitest';
import { canReleaseInvoice, invoiceQboFlag } from './invoice-status';

describe('invoices QuickBooks no longer counts', () => {
  it('flags a voided or deleted invoice in words, and nothing else', () => {
    expect(invoiceQboFlag('voided')).toBe('Voided in QuickBooks');
    expect(invoiceQboFlag('deleted')).toBe('Deleted in QuickBooks');
    expect(invoiceQboFlag('missing')).toBe('Missing in QuickBooks');
    expect(invoiceQboFlag('active')).toBeNull();
    expect(invoiceQboFlag(null)).toBeNull();
    expect(invoiceQboFlag(undefined)).toBeNull();
  });

  it('offers the release only for a created invoice that QuickBooks reports voided or deleted', () => {
    expect(canReleaseInvoice({ state: 'CREATED', qboStatus: 'voided' })).toBe(true);
    expect(canReleaseInvoice({ state: 'CREATED', qboStatus: 'deleted' })).toBe(true);
    expect(canReleaseInvoice({ state: 'CREATED', qboStatus: 'active' })).toBe(false);
    expect(canReleaseInvoice({ state: 'CREATED', qboStatus: null })).toBe(false);
    // Already released, only reserved, or a settlement (nothing sent): nothing to release.
    expect(canReleaseInvoice({ state: 'RELEASED', qboStatus: 'voided' })).toBe(false);
    expect(canReleaseInvoice({ state: 'RESERVED', qboStatus: 'deleted' })).toBe(false);
    expect(canReleaseInvoice({ state: null, qboStatus: 'voided' })).toBe(false);
  });

  it('offers the release for a sent reservation the sweep flagged missing in QuickBooks', () => {
    expect(canReleaseInvoice({ state: 'RESERVED', qboStatus: 'missing' })).toBe(true);
    expect(canReleaseInvoice({ state: 'RESERVED', qboStatus: null })).toBe(false);
    expect(canReleaseInvoice({ state: 'RELEASED', qboStatus: 'missing' })).toBe(false);
  });
});
