import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { BarChart3 } from 'lucide-react';
import type { GenesysAnalytics } from '../api/genesys-types';
import { AnalyticsFigures } from './analytics-figures';
import { LoadingRow } from './directory-tabs';
import { ALL_INTERACTIONS, InteractionFilterSelects, type InteractionFilterValues } from './interaction-filters';

interface AnalyticsTabProps {
  analytics: GenesysAnalytics | null;
  loading: boolean;
  /** Media type and direction the figures cover; changing them fetches the range's analytics again. */
  filters: InteractionFilterValues;
  onFiltersChange: (filters: InteractionFilterValues) => void;
}

/** Analytics over the stored interactions of the range that match the media type and direction. */
export function AnalyticsTab({ analytics, loading, filters, onFiltersChange }: AnalyticsTabProps) {
  if (loading && !analytics) return <LoadingRow label="Loading analytics" />;
  if (!analytics) {
    return (
      <EmptyState
        icon={<BarChart3 />}
        title="No analytics yet"
        description="Choose a date range and press Get Analytics."
      />
    );
  }
  const filtered = filters.mediaType !== 'all' || filters.direction !== 'all';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3" aria-busy={loading}>
        <InteractionFilterSelects filters={filters} onChange={onFiltersChange} />
      </div>
      {analytics.totalCalls === 0 ? (
        <EmptyState
          icon={<BarChart3 />}
          title="No analytics yet"
          description={
            filtered
              ? 'No call in this date range matches these filters.'
              : 'There are no call records in this date range.'
          }
          action={
            filtered ? (
              <Button variant="ghost" onClick={() => onFiltersChange(ALL_INTERACTIONS)}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <AnalyticsFigures analytics={analytics} />
      )}
    </div>
  );
}
