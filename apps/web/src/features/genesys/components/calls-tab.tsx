import {
  CALL_DURATION_FILTERS,
  filterAndSortCalls,
  summarizeCalls,
  type CallDirectionFilter,
  type CallDurationFilter,
  type CallSort,
} from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Pagination } from '@phone-billing/ui/pagination';
import { Select } from '@phone-billing/ui/select';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { Download, PhoneCall } from 'lucide-react';
import { useMemo } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { formatCallLength, formatNumber } from '../../../lib/format';
import type { CallRecordRow, CallRecordsPage } from '../api/genesys-types';
import { LoadingRow } from './directory-tabs';

export interface CallFilters {
  direction: CallDirectionFilter;
  duration: CallDurationFilter;
  sort: CallSort;
}

export const DEFAULT_CALL_FILTERS: CallFilters = { direction: 'all', duration: 'all', sort: 'startTime' };

interface CallsTabProps {
  records: CallRecordsPage | null;
  loading: boolean;
  filters: CallFilters;
  onFiltersChange: (filters: CallFilters) => void;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onExport: (records: CallRecordRow[]) => void;
  userNames: Map<string, string>;
  queueNames: Map<string, string>;
  wrapUpNames: Map<string, string>;
}

/** The calls tab: summary, filters and sort over the loaded records, CSV export, pagination. */
export function CallsTab({
  records,
  loading,
  filters,
  onFiltersChange,
  pageSize,
  onPageChange,
  onPageSizeChange,
  onExport,
  userNames,
  queueNames,
  wrapUpNames,
}: CallsTabProps) {
  const loaded = records?.callRecords ?? [];
  const visible = useMemo(() => filterAndSortCalls(loaded, filters), [loaded, filters]);
  const summary = summarizeCalls(visible);

  if (loading && !records) return <LoadingRow label="Loading call records" />;
  if (!records) {
    return (
      <EmptyState
        icon={<PhoneCall />}
        title="No call records loaded"
        description="Choose a date range and press Get Call Records."
        action={
          // Exporting before any records are loaded says so (spec 000 §5).
          <Button variant="outline" onClick={() => onExport([])}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Calls summary" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <SummaryFigure label="Filtered Calls" value={formatNumber(summary.calls)} />
        <SummaryFigure label="Total Seconds" value={formatNumber(summary.totalSeconds)} />
        <SummaryFigure label="Total Minutes" value={formatNumber(summary.totalMinutes, 2)} />
        <SummaryFigure label="Unique Users" value={formatNumber(summary.uniqueUsers)} />
      </section>

      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Direction
          <Select
            aria-label="Direction"
            value={filters.direction}
            onChange={(event) => onFiltersChange({ ...filters, direction: event.target.value as CallDirectionFilter })}
            className="w-44"
          >
            <option value="all">All directions</option>
            <option value="inbound">Inbound</option>
            <option value="outbound">Outbound</option>
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Duration
          <Select
            aria-label="Duration"
            value={filters.duration}
            onChange={(event) => onFiltersChange({ ...filters, duration: event.target.value as CallDurationFilter })}
            className="w-44"
          >
            {CALL_DURATION_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Sort by
          <Select
            aria-label="Sort by"
            value={filters.sort}
            onChange={(event) => onFiltersChange({ ...filters, sort: event.target.value as CallSort })}
            className="w-60"
          >
            <option value="startTime">Start time (newest first)</option>
            <option value="duration">Duration (longest first)</option>
            <option value="direction">Direction (A-Z)</option>
          </Select>
        </label>
        <div className="ml-auto flex items-center gap-2">
          {filters.direction !== 'all' || filters.duration !== 'all' || filters.sort !== 'startTime' ? (
            <Button variant="ghost" onClick={() => onFiltersChange(DEFAULT_CALL_FILTERS)}>
              Clear filters
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => onExport(visible)}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </Button>
        </div>
      </div>

      <p className="text-xs text-slate-500">
        Filters, sort, summary and export apply to the {formatNumber(loaded.length)} records on this page of{' '}
        {formatNumber(records.pagination.total)} in the range.
      </p>

      {visible.length === 0 ? (
        <EmptyState
          icon={<PhoneCall />}
          title="No call records found"
          description={loaded.length === 0 ? 'No calls in this date range.' : 'No loaded calls match these filters.'}
        />
      ) : (
        <Table aria-label="Call records">
          <THead>
            <tr>
              <Th>Start Time</Th>
              <Th>Direction</Th>
              <Th>Duration</Th>
              <Th>Media</Th>
              <Th>Agent</Th>
              <Th>Queue</Th>
              <Th>Wrap-up</Th>
              <Th>Conversation ID</Th>
            </tr>
          </THead>
          <TBody>
            {visible.map((record) => (
              <Tr key={record.conversationId}>
                <Td className="whitespace-nowrap">{formatDateTime(record.startTime)}</Td>
                <Td>
                  {record.direction ? (
                    <Badge tone={record.direction === 'inbound' ? 'blue' : 'purple'}>{record.direction}</Badge>
                  ) : (
                    '—'
                  )}
                </Td>
                <Td className="whitespace-nowrap">
                  {record.endTime ? formatCallLength(record.duration) : <Badge tone="green">In progress</Badge>}
                </Td>
                <Td>{record.mediaType ?? '—'}</Td>
                <Td>{record.userId ? (userNames.get(record.userId) ?? record.userId) : '—'}</Td>
                <Td>{record.queueId ? (queueNames.get(record.queueId) ?? record.queueId) : '—'}</Td>
                <Td>{record.wrapUpCode ? (wrapUpNames.get(record.wrapUpCode) ?? record.wrapUpCode) : '—'}</Td>
                <Td className="font-mono text-xs text-slate-500" title={record.conversationId}>
                  {record.conversationId.slice(0, 8)}…
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}

      <Pagination
        page={records.pagination.page}
        pages={records.pagination.pages}
        total={records.pagination.total}
        pageSize={pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </div>
  );
}

function SummaryFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <p className="text-xs font-medium text-slate-500 uppercase">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900">{value}</p>
    </div>
  );
}
