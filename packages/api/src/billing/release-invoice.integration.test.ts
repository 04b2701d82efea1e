import { randomUUID } from 'node:crypto';
import { QboApiError, type QboClient } from '@phone-billing/integrations/qbo';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/caller';

/**
 * Releasing an invoice asks QuickBooks whether it is still active. When QuickBooks cannot answer,
 * the release is a 502 (429 when QuickBooks limits us) and nothing is released; it was a 500.
 */

let api: TestApi;
let failure: QboApiError;
const client = {
  findInvoicesByIds: async () => {
    throw failure;
  },
} as unknown as QboClient;

beforeAll(async () => {
  api = await createTestApi({
    integrations: { qbo: { simulated: true, getClient: async () => client, status: async () => ({}) as never } },
  });
});
afterAll(() => api?.close());

async function sentInvoice(qboInvoiceId: string) {
  return api.db.invoiceLedgerEntry.create({
    data: {
      profileId: randomUUID(),
      periodStart: new Date('2026-10-01T00:00:00Z'),
      periodEnd: new Date('2026-10-31T00:00:00Z'),
      billingJobId: randomUUID(),
      docNumber: `REL-${qboInvoiceId}`,
      requestId: `REL-${qboInvoiceId}-request`,
      qboInvoiceId,
      amount: '12.00',
      state: 'CREATED',
      qboStatus: 'voided',
    },
  });
}

async function releaseError(qboInvoiceId: string): Promise<TRPCError> {
  const outcome = await api.admin.billing.releaseInvoice({ qboInvoiceId, reason: 'Voided in QuickBooks' }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(TRPCError);
  return outcome as TRPCError;
}

describe('releasing an invoice while QuickBooks fails', () => {
  it('QuickBooks down: BAD_GATEWAY (502), and the invoice is not released', async () => {
    const entry = await sentInvoice('9001');
    failure = new QboApiError({ status: 503, code: 'HTTP_503', message: 'Service Unavailable' });
    const error = await releaseError('9001');
    expect(error.code).toBe('BAD_GATEWAY');
    expect((await api.db.invoiceLedgerEntry.findUniqueOrThrow({ where: { id: entry.id } })).state).toBe('CREATED');
  });

  it('QuickBooks limiting us: TOO_MANY_REQUESTS (429)', async () => {
    await sentInvoice('9002');
    failure = new QboApiError({ status: 429, code: 'HTTP_429', message: 'Too Many Requests' });
    expect((await releaseError('9002')).code).toBe('TOO_MANY_REQUESTS');
  });
});
