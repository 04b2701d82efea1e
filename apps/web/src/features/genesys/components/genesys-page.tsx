import { DEFAULT_CALL_PAGE_SIZE, type CallExportColumns, type TCallDateRange } from '@phone-billing/api/schemas';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@phone-billing/ui/tabs';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/trpc';
import { useExportCallRecords } from '../api/export-call-records';
import { DEFAULT_CALL_FILTERS, useCallRecords, useFetchCallRecords, type CallFilters } from '../api/get-call-records';
import { useGenesysQueues, useGenesysUsers } from '../api/get-genesys-directory';
import { useWrapUpNames } from '../api/get-wrap-up-names';
import { useGenesysStatus } from '../api/get-genesys-status';
import { useCallAnalytics } from '../hooks/use-call-analytics';
import { useCallRange } from '../hooks/use-call-range';
import { AnalyticsTab } from './analytics-tab';
import { CallRangeCard } from './call-range-card';
import { CallsTab } from './calls-tab';
import { GenesysDirectoryTab } from './directory-tabs';
import { GenesysPageHeader } from './genesys-page-header';
import { GenesysSummaryCards } from './genesys-summary-cards';

type TabName = 'users' | 'queues' | 'calls' | 'analytics';

/** Genesys Cloud (spec 000 §2): connection, users, queues, call records and analytics. */
export default function GenesysPage() {
  const status = useGenesysStatus();
  const users = useGenesysUsers({ page: 1, limit: 20 });
  const queues = useGenesysQueues({ page: 1, limit: 20 });
  const fetchCallRecords = useFetchCallRecords();
  const callAnalytics = useCallAnalytics();
  const wrapUpNames = useWrapUpNames();
  const exportCalls = useExportCallRecords();

  const [tab, setTab] = useState<TabName>('users');
  const statusData = status.data?.data;
  const callRange = useCallRange(statusData?.timezone);

  // The range whose records are loaded (null: none loaded), their page and page size.
  const [loadedRange, setLoadedRange] = useState<TCallDateRange | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_CALL_PAGE_SIZE);
  const [filters, setFilters] = useState<CallFilters>(DEFAULT_CALL_FILTERS);
  const [fetchingRecords, setFetchingRecords] = useState(false);

  const records = useCallRecords(loadedRange, filters, page, pageSize);
  useEffect(() => {
    if (records.error) toast.error(errorMessage(records.error, 'Failed to fetch call records'), { id: 'call-records' });
  }, [records.error]);

  /** Changing the range: page 1, filters cleared, sort by start time, list emptied (spec 000 §4). */
  function changeRange(next: Partial<TCallDateRange>) {
    callRange.change(next);
    setLoadedRange(null);
    setPage(1);
    setFilters(DEFAULT_CALL_FILTERS);
    callAnalytics.clear();
  }

  async function getCallRecords() {
    const chosen = callRange.validRange();
    if (!chosen) return;
    setFetchingRecords(true);
    try {
      const answer = await fetchCallRecords(chosen, pageSize);
      setPage(1);
      setFilters(DEFAULT_CALL_FILTERS);
      setLoadedRange(chosen);
      setTab('calls');
      toast.success(`Retrieved ${plural(answer.data.pagination.total, 'call record')}`);
      void status.refetch();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to fetch call records'));
    } finally {
      setFetchingRecords(false);
    }
  }

  async function getAnalytics() {
    const chosen = callRange.validRange();
    if (chosen && (await callAnalytics.getAnalytics(chosen))) setTab('analytics');
  }

  function exportCsv(columns: CallExportColumns) {
    if (!loadedRange || !records.data || records.data.data.summary.calls === 0) {
      toast.error('No call records to export');
      return;
    }
    exportCalls.mutate({ ...loadedRange, ...filters, columns });
  }

  const loadedTotal = loadedRange ? records.data?.data.pagination.total : undefined;

  return (
    <div className="flex flex-col gap-6">
      <GenesysPageHeader simulated={Boolean(statusData?.simulated)} />

      <GenesysSummaryCards
        status={statusData}
        statusLoading={status.isLoading}
        statusFailed={Boolean(status.error) && !statusData}
        totalUsers={users.data?.pagination.total ?? statusData?.totalUsers}
        totalQueues={queues.data?.pagination.total ?? statusData?.totalQueues}
        callRecords={loadedRange ? records.data?.data.pagination.total : undefined}
        voiceCalls={loadedRange ? records.data?.data.summary.voiceCalls : undefined}
      />

      <CallRangeCard
        range={callRange.range}
        errors={callRange.errors}
        onRangeChange={changeRange}
        onGetCallRecords={() => void getCallRecords()}
        fetchingRecords={fetchingRecords}
        onGetAnalytics={() => void getAnalytics()}
        fetchingAnalytics={callAnalytics.loading}
      />

      <Tabs value={tab} onValueChange={(value) => setTab(value as TabName)}>
        <TabsList>
          <TabsTrigger value="users" count={users.data?.pagination.total}>
            Users
          </TabsTrigger>
          <TabsTrigger value="queues" count={queues.data?.pagination.total}>
            Queues
          </TabsTrigger>
          <TabsTrigger value="calls" count={loadedTotal}>
            Calls
          </TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <GenesysDirectoryTab directory="users" />
        </TabsContent>
        <TabsContent value="queues">
          <GenesysDirectoryTab directory="queues" />
        </TabsContent>
        <TabsContent value="calls">
          <CallsTab
            records={loadedRange ? (records.data?.data ?? null) : null}
            loading={fetchingRecords || records.isFetching}
            filters={filters}
            onFiltersChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            onExport={exportCsv}
            exporting={exportCalls.isPending ? (exportCalls.variables?.columns ?? 'standard') : null}
            wrapUpNames={wrapUpNames}
          />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab
            analytics={callAnalytics.analytics}
            loading={callAnalytics.loading}
            filters={callAnalytics.filters}
            onFiltersChange={callAnalytics.changeFilters}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
