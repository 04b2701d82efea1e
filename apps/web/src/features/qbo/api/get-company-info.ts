import { trpc } from '../../../lib/trpc';

/** The connected company's CompanyInfo (QuickBooks' own field names). */
export function useCompanyInfo(enabled: boolean) {
  return trpc.qbo.companyInfo.useQuery(undefined, { enabled, retry: false });
}
