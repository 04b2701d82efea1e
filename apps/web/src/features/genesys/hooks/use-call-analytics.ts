import type { TCallDateRange } from '@phone-billing/api/schemas';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/trpc';
import { useFetchGenesysAnalytics } from '../api/get-genesys-analytics';
import type { GenesysAnalytics } from '../api/genesys-types';
import { ALL_INTERACTIONS, type InteractionFilterValues } from '../components/interaction-filters';

/**
 * The Analytics tab's state: the range last analysed, its figures and the media type and
 * direction they cover. Get Analytics loads a range; a filter change loads the same range again.
 */
export function useCallAnalytics() {
  const fetchAnalytics = useFetchGenesysAnalytics();
  const [loaded, setLoaded] = useState<{ range: TCallDateRange; analytics: GenesysAnalytics } | null>(null);
  const [filters, setFilters] = useState<InteractionFilterValues>(ALL_INTERACTIONS);
  const [loading, setLoading] = useState(false);
  // Only the latest request may show its answer: filters changed quickly must not end on an older one.
  const latestRequest = useRef(0);

  async function load(range: TCallDateRange, chosen: InteractionFilterValues): Promise<GenesysAnalytics | null> {
    const request = ++latestRequest.current;
    setLoading(true);
    try {
      const answer = await fetchAnalytics(range, chosen);
      if (request !== latestRequest.current) return null;
      setLoaded({ range, analytics: answer.data });
      return answer.data;
    } catch (error) {
      if (request === latestRequest.current) toast.error(errorMessage(error, 'Failed to fetch analytics'));
      return null;
    } finally {
      if (request === latestRequest.current) setLoading(false);
    }
  }

  return {
    analytics: loaded?.analytics ?? null,
    loading,
    filters,
    /** Get Analytics: the range's figures under the filters chosen (spec 000 §8 toasts). */
    async getAnalytics(range: TCallDateRange): Promise<boolean> {
      const analytics = await load(range, filters);
      if (!analytics) return false;
      if (analytics.totalCalls === 0) toast.error('No call records to analyze');
      else toast.success('Analytics retrieved successfully');
      return true;
    },
    changeFilters(next: InteractionFilterValues) {
      setFilters(next);
      if (loaded) void load(loaded.range, next);
    },
    /** A new date range: nothing analysed, filters back to all. */
    clear() {
      latestRequest.current++;
      setLoading(false);
      setLoaded(null);
      setFilters(ALL_INTERACTIONS);
    },
  };
}
