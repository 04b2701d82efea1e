// Reading the loosely typed JSON of a write request the way QuickBooks reads it: objects,
// references ({ value }), calendar dates, and the customer a create request names.
import type { QboCustomer } from '../entities';
import type { CompanyState } from './state';
import { faults, type FaultSpec } from './wire-format';

export type WriteOutcome<T> = { ok: true; entity: T } | { ok: false; fault: FaultSpec };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id a reference ({ value: "42" } or { value: 42 }) holds. */
export function refValue(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const id = value.value;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** A real calendar date written YYYY-MM-DD. */
export function validDate(value: unknown): boolean {
  return typeof value === 'string' && isoDate.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/**
 * The request body and the customer its CustomerRef names, as payments and credit memos check
 * them: the body must be an object, the reference present and naming a known customer.
 */
export function requestWithCustomer(
  input: unknown,
  company: CompanyState,
): WriteOutcome<{ fields: Record<string, unknown>; customer: QboCustomer }> {
  if (!isRecord(input))
    return { ok: false, fault: faults.invalidProperty('Request has invalid or unsupported property') };
  const customerId = isRecord(input.CustomerRef) ? String(input.CustomerRef.value ?? '') : '';
  if (!customerId) return { ok: false, fault: faults.missingParameter('CustomerRef') };
  const customer = company.customers.find((candidate) => candidate.Id === customerId);
  if (!customer) return { ok: false, fault: faults.invalidReference(`Names element id ${customerId} not found`) };
  return { ok: true, entity: { fields: input, customer } };
}
