import {
  CALL_DURATION_FILTERS,
  type CallDurationFilter,
  type CallExportColumns,
  type CallSort,
} from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Pagination } from '@phone-billing/ui/pagination';
import { Download, FileSpreadsheet, PhoneCall } from 'lucide-react';
import { formatDateTime } from '../../../lib/dates';
import { formatCallLength, formatNumber } from '../../../lib/format';
import { DEFAULT_CALL_FILTERS, type CallFilters } from '../api/get-call-records';
import type { CallRecordRow, CallRecordsPage } from '../api/genesys-types';
import { LoadingRow } from './directory-tabs';
import { FilterSelect, InteractionFilterSelects } from './interaction-filters';

interface CallsTabProps {
  /** The loaded range's current page and summary; null before Get Call Records. */
  records: CallRecordsPage | null;
  loading: boolean;
  filters: CallFilters;
  onFiltersChange: (filters: CallFilters) => void;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Export CSV (the specification's columns) or Export with metrics (talk, hold, ACW and handle seconds too). */
  onExport: (columns: CallExportColumns) => void;
  exporting: CallExportColumns | null;
  wrapUpNames: Map<string, string>;
}

function callColumns(wrapUpNames: Map<string, string>): DataColumn<CallRecordRow>[] {
  return [
    {
      key: 'start',
      header: 'Start Time',
      className: 'whitespace-nowrap',
      card: 'title',
      cell: (record) => formatDateTime(record.startTime),
    },
    {
      key: 'direction',
      header: 'Direction',
      card: 'badge',
      cell: (record) =>
        record.direction ? (
          <Badge tone={record.direction === 'inbound' ? 'blue' : 'purple'}>{record.direction}</Badge>
        ) : (
          '—'
        ),
    },
    {
      key: 'duration',
      header: 'Duration',
      className: 'whitespace-nowrap',
      cell: (record) => (record.endTime ? formatCallLength(record.duration) : <Badge tone="green">In progress</Badge>),
    },
    { key: 'media', header: 'Media', cell: (record) => record.mediaType ?? '—' },
    { key: 'agent', header: 'Agent', cell: (record) => record.userName ?? record.userId ?? '—' },
    { key: 'queue', header: 'Queue', cell: (record) => record.queueName ?? record.queueId ?? '—' },
    {
      key: 'wrapUp',
      header: 'Wrap-up',
      cell: (record) => (record.wrapUpCode ? (wrapUpNames.get(record.wrapUpCode) ?? record.wrapUpCode) : '—'),
    },
    {
      key: 'conversation',
      header: 'Conversation ID',
      className: 'font-mono text-xs text-slate-600',
      cell: (record) => <span title={record.conversationId}>{record.conversationId.slice(0, 8)}…</span>,
    },
  ];
}

/**
 * The calls tab: the summary, filters and sort apply to every call of the loaded range (the
 * server applies them), the table shows a page of the matches, and the export takes them all.
 */
export function CallsTab({
  records,
  loading,
  filters,
  onFiltersChange,
  pageSize,
  onPageChange,
  onPageSizeChange,
  onExport,
  exporting,
  wrapUpNames,
}: CallsTabProps) {
  const exportButtons = (
    <>
      <Button variant="outline" onClick={() => onExport('standard')} loading={exporting === 'standard'}>
        <Download className="size-4" aria-hidden="true" />
        Export CSV
      </Button>
      <Button variant="outline" onClick={() => onExport('with-metrics')} loading={exporting === 'with-metrics'}>
        <FileSpreadsheet className="size-4" aria-hidden="true" />
        Export with metrics
      </Button>
    </>
  );
  if (loading && !records) return <LoadingRow label="Loading call records" />;
  if (!records) {
    // Exporting before any records are loaded says so (spec 000 §5).
    return (
      <EmptyState
        icon={<PhoneCall />}
        title="No call records loaded"
        description="Choose a date range and press Get Call Records."
        action={<div className="flex flex-wrap justify-center gap-2">{exportButtons}</div>}
      />
    );
  }

  const { summary } = records;
  const filtered = (Object.keys(DEFAULT_CALL_FILTERS) as Array<keyof CallFilters>).some(
    (key) => filters[key] !== DEFAULT_CALL_FILTERS[key],
  );
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Calls summary" className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <SummaryFigure label="Filtered Calls" value={formatNumber(summary.calls)} />
        {/* Only voice calls are billed: this is the figure to match against invoices. */}
        <SummaryFigure label="Voice Calls" value={formatNumber(summary.voiceCalls)} />
        <SummaryFigure label="Total Seconds" value={formatNumber(summary.totalSeconds)} />
        <SummaryFigure label="Total Minutes" value={formatNumber(summary.totalMinutes, 2)} />
        <SummaryFigure label="Unique Users" value={formatNumber(summary.uniqueUsers)} />
      </section>

      <div className="flex flex-wrap items-end gap-3">
        <InteractionFilterSelects filters={filters} onChange={onFiltersChange} />
        <FilterSelect
          label="Duration"
          value={filters.duration}
          onChange={(duration) => onFiltersChange({ ...filters, duration: duration as CallDurationFilter })}
          options={CALL_DURATION_FILTERS.map((option) => [option.value, option.label])}
        />
        <FilterSelect
          label="Sort by"
          value={filters.sort}
          onChange={(sort) => onFiltersChange({ ...filters, sort: sort as CallSort })}
          options={[
            ['startTime', 'Start time (newest first)'],
            ['duration', 'Duration (longest first)'],
            ['direction', 'Direction (A-Z)'],
          ]}
        />
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          {filtered ? (
            <Button variant="ghost" onClick={() => onFiltersChange(DEFAULT_CALL_FILTERS)}>
              Clear filters
            </Button>
          ) : null}
          {exportButtons}
        </div>
      </div>

      {records.callRecords.length === 0 ? (
        <EmptyState
          icon={<PhoneCall />}
          title="No call records found"
          description={filtered ? 'No call in this date range matches these filters.' : 'No calls in this date range.'}
        />
      ) : (
        <DataTable
          aria-label="Call records"
          columns={callColumns(wrapUpNames)}
          rows={records.callRecords}
          rowKey={(record) => record.conversationId}
          rowTestId="call-record"
        />
      )}

      <Pagination
        {...records.pagination}
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
      <p className="text-xs font-medium text-slate-600 uppercase">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900">{value}</p>
    </div>
  );
}
