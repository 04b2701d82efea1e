import { DEFAULT_CALL_PAGE_SIZE, ZCallDateRangeSchema, type TCallDateRange } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent } from '@phone-billing/ui/card';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { StatCard } from '@phone-billing/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@phone-billing/ui/tabs';
import { BarChart3, CalendarClock, FileText, ListTree, PhoneCall, PlugZap, Search, Users, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { firstOfMonthInCompanyZone, formatDateTime, setCompanyTimezone, todayInCompanyZone } from '../../../lib/dates';
import { usePermission } from '../../../lib/auth-store';
import { formatNumber, plural } from '../../../lib/format';
import { errorMessage } from '../../../lib/trpc';
import { useExportCallRecords } from '../api/export-call-records';
import { DEFAULT_CALL_FILTERS, useCallRecords, useFetchCallRecords, type CallFilters } from '../api/get-call-records';
import { useFetchGenesysAnalytics } from '../api/get-genesys-analytics';
import { useGenesysQueues, useGenesysUsers } from '../api/get-genesys-directory';
import { useWrapUpNames } from '../api/get-wrap-up-names';
import { useGenesysStatus } from '../api/get-genesys-status';
import type { GenesysAnalytics } from '../api/genesys-types';
import { useTestGenesysConnection } from '../api/test-genesys-connection';
import { AnalyticsTab } from './analytics-tab';
import { CallsTab } from './calls-tab';
import { GenesysDirectoryTab } from './directory-tabs';

type TabName = 'users' | 'queues' | 'calls' | 'analytics';

/** Genesys Cloud (spec 000 §2): connection, users, queues, call records and analytics. */
export default function GenesysPage() {
  const canManage = usePermission('integration:genesys');
  const status = useGenesysStatus();
  const users = useGenesysUsers({ page: 1, limit: 20 });
  const queues = useGenesysQueues({ page: 1, limit: 20 });
  const fetchCallRecords = useFetchCallRecords();
  const fetchAnalytics = useFetchGenesysAnalytics();
  const wrapUpNames = useWrapUpNames();
  const exportCalls = useExportCallRecords();

  const [tab, setTab] = useState<TabName>('users');
  const [range, setRange] = useState<TCallDateRange>(() => ({ startDate: firstOfMonthInCompanyZone(), endDate: todayInCompanyZone() }));
  const [rangeErrors, setRangeErrors] = useState<{ startDate?: string; endDate?: string }>({});
  const rangeTouched = useRef(false);

  // The range whose records are loaded (null: none loaded), their page and page size.
  const [loadedRange, setLoadedRange] = useState<TCallDateRange | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_CALL_PAGE_SIZE);
  const [filters, setFilters] = useState<CallFilters>(DEFAULT_CALL_FILTERS);
  const [analytics, setAnalytics] = useState<GenesysAnalytics | null>(null);
  const [fetchingRecords, setFetchingRecords] = useState(false);
  const [fetchingAnalytics, setFetchingAnalytics] = useState(false);

  const records = useCallRecords(loadedRange, filters, page, pageSize);
  useEffect(() => {
    if (records.error) toast.error(errorMessage(records.error, 'Failed to fetch call records'), { id: 'call-records' });
  }, [records.error]);

  // Dates follow the company timezone once the server has said which it is.
  const timezone = status.data?.data.timezone;
  useEffect(() => {
    if (!timezone) return;
    setCompanyTimezone(timezone);
    if (!rangeTouched.current) setRange({ startDate: firstOfMonthInCompanyZone(), endDate: todayInCompanyZone() });
  }, [timezone]);

  const testConnection = useTestGenesysConnection();

  /** Changing the range: page 1, filters cleared, sort by start time, list emptied (spec 000 §4). */
  function changeRange(next: Partial<TCallDateRange>) {
    rangeTouched.current = true;
    setRange((current) => ({ ...current, ...next }));
    setRangeErrors({});
    setLoadedRange(null);
    setPage(1);
    setFilters(DEFAULT_CALL_FILTERS);
    setAnalytics(null);
  }

  function validRange(): TCallDateRange | null {
    const parsed = ZCallDateRangeSchema.safeParse(range);
    if (parsed.success) return parsed.data;
    const errors: { startDate?: string; endDate?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as 'startDate' | 'endDate';
      errors[field] ??= issue.message;
    }
    setRangeErrors(errors);
    return null;
  }

  async function getCallRecords() {
    const chosen = validRange();
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
    const chosen = validRange();
    if (!chosen) return;
    setFetchingAnalytics(true);
    try {
      const answer = await fetchAnalytics(chosen);
      setAnalytics(answer.data);
      setTab('analytics');
      if (answer.data.totalCalls === 0) toast.error('No call records to analyze');
      else toast.success('Analytics retrieved successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to fetch analytics'));
    } finally {
      setFetchingAnalytics(false);
    }
  }

  function exportCsv() {
    if (!loadedRange || !records.data || records.data.data.summary.calls === 0) {
      toast.error('No call records to export');
      return;
    }
    exportCalls.mutate({ ...loadedRange, ...filters });
  }

  const statusData = status.data?.data;
  const connected = statusData?.isConnected ?? false;
  // A status that could not be loaded is unknown, not "Disconnected"; a count nobody could load is "—", never 0.
  const statusFailed = Boolean(status.error) && !statusData;
  const loadedTotal = loadedRange ? records.data?.data.pagination.total : undefined;
  const count = (value: number | undefined) => (value !== undefined ? formatNumber(value) : status.isLoading ? '…' : '—');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-slate-500">Users, queues and call records from the contact centre.</p>
          {statusData?.simulated ? (
            <Badge tone="yellow" title="No Genesys credentials are configured: a local simulator answers instead">
              Simulated
            </Badge>
          ) : null}
        </div>
        <Button
          onClick={() => testConnection.mutate({})}
          loading={testConnection.isPending}
          disabled={!canManage}
          title={canManage ? undefined : 'Testing the connection needs the integration:genesys permission'}
        >
          {testConnection.isPending ? null : <PlugZap className="size-4" aria-hidden="true" />}
          Test Connection
        </Button>
      </div>

      <section aria-label="Genesys summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Connection Status"
          value={status.isLoading ? '…' : statusFailed ? 'Unknown' : connected ? 'Connected' : 'Disconnected'}
          hint={
            statusFailed
              ? 'The connection status could not be loaded'
              : statusData?.tokenExpiresAt
                ? `Token expires ${formatDateTime(statusData.tokenExpiresAt)}`
                : (statusData?.lastError ?? 'No token')
          }
          icon={connected ? <Wifi /> : <WifiOff />}
          tone={statusFailed ? 'gray' : connected ? 'green' : 'red'}
        />
        <StatCard title="Total Users" value={count(users.data?.pagination.total ?? statusData?.totalUsers)} icon={<Users />} tone="blue" />
        <StatCard title="Total Queues" value={count(queues.data?.pagination.total ?? statusData?.totalQueues)} icon={<ListTree />} tone="purple" />
        <StatCard
          title="Total Call Records"
          value={count(loadedTotal ?? statusData?.totalCallRecords)}
          hint={loadedTotal !== undefined ? 'in the selected range' : 'stored in the database'}
          icon={<PhoneCall />}
          tone="orange"
        />
      </section>

      <Card>
        <CardContent className="flex flex-col gap-4 lg:flex-row lg:items-end">
          <FormField label="Start Date" htmlFor="genesys-start-date" error={rangeErrors.startDate} className="lg:w-48">
            <Input id="genesys-start-date" type="date" value={range.startDate} onChange={(event) => changeRange({ startDate: event.target.value })} />
          </FormField>
          <FormField label="End Date" htmlFor="genesys-end-date" error={rangeErrors.endDate} className="lg:w-48">
            <Input id="genesys-end-date" type="date" value={range.endDate} onChange={(event) => changeRange({ endDate: event.target.value })} />
          </FormField>
          <div className="flex flex-wrap gap-2 lg:pb-px">
            <Button onClick={() => void getCallRecords()} loading={fetchingRecords}>
              {fetchingRecords ? null : <Search className="size-4" aria-hidden="true" />}
              Get Call Records
            </Button>
            <Button variant="outline" onClick={() => void getAnalytics()} loading={fetchingAnalytics}>
              {fetchingAnalytics ? null : <BarChart3 className="size-4" aria-hidden="true" />}
              Get Analytics
            </Button>
          </div>
          <div className="flex flex-wrap gap-2 lg:ml-auto lg:pb-px">
            <Button variant="ghost" onClick={() => toast('PDF reports are coming soon')}>
              <FileText className="size-4" aria-hidden="true" />
              PDF Report
            </Button>
            <Button variant="ghost" onClick={() => toast('Scheduled reports are coming soon')}>
              <CalendarClock className="size-4" aria-hidden="true" />
              Schedule
            </Button>
          </div>
        </CardContent>
      </Card>

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
            exporting={exportCalls.isPending}
            wrapUpNames={wrapUpNames}
          />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab analytics={analytics} loading={fetchingAnalytics} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
