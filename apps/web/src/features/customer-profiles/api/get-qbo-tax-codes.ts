import { trpc } from '../../../lib/trpc';

/** The connected QuickBooks company's tax codes (GET /qbo/tax-codes), for the profile form's picker. */
export function useQboTaxCodes(enabled: boolean) {
  return trpc.qbo.taxCodes.useQuery(undefined, { enabled, staleTime: 60_000, retry: false });
}
