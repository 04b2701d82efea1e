import type { TCallDateRange } from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

/** A page of the loaded range's call records; null range: none loaded (spec 000 §4). */
export function useCallRecords(range: TCallDateRange | null, page: number, limit: number) {
  return trpc.genesys.callRecords.useQuery(
    { ...(range ?? { startDate: '', endDate: '' }), page, limit },
    { enabled: range !== null, placeholderData: (previous) => previous, staleTime: 60_000 },
  );
}

/** Fetches a range's first page on demand (Get Call Records). */
export function useFetchCallRecords() {
  const utils = trpc.useUtils();
  return (range: TCallDateRange, limit: number) => utils.genesys.callRecords.fetch({ ...range, page: 1, limit });
}
