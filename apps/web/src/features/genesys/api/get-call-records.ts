import type {
  CallDirectionFilter,
  CallDurationFilter,
  CallMediaTypeFilter,
  CallSort,
  TCallDateRange,
} from '@phone-billing/api/schemas';
import { trpc } from '../../../lib/trpc';

/** The calls tab's filters and sort; the server applies them over the whole range. */
export type CallFilters = {
  mediaType: CallMediaTypeFilter;
  direction: CallDirectionFilter;
  duration: CallDurationFilter;
  sort: CallSort;
};
export const DEFAULT_CALL_FILTERS: CallFilters = {
  mediaType: 'all',
  direction: 'all',
  duration: 'all',
  sort: 'startTime',
};

/** A page of the loaded range's matching calls with the summary of all of them; null range: none loaded. */
export function useCallRecords(range: TCallDateRange | null, filters: CallFilters, page: number, limit: number) {
  return trpc.genesys.callRecords.useQuery(
    { ...(range ?? { startDate: '', endDate: '' }), ...filters, page, limit },
    { enabled: range !== null, placeholderData: (previous) => previous, staleTime: 60_000 },
  );
}

/** Fetches a range's first page on demand (Get Call Records). */
export function useFetchCallRecords() {
  const utils = trpc.useUtils();
  return (range: TCallDateRange, limit: number) =>
    utils.genesys.callRecords.fetch({ ...range, ...DEFAULT_CALL_FILTERS, page: 1, limit });
}
