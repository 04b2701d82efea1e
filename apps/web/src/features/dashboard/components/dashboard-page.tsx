import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Spinner } from '@phone-billing/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@phone-billing/ui/tabs';
import { Building2, RefreshCw } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { AccessRestricted } from '../../../components/errors/access-restricted';
import { usePermission } from '../../../lib/auth-store';
import { useDashboardData } from '../api/get-dashboard-data';
import { BillingTab } from './billing-tab';
import { HeadlineCards } from './headline-cards';
import { OverviewTab } from './overview-tab';
import { SchedulesTab } from './schedules-tab';
import { SystemTab } from './system-tab';
import { UsageTab } from './usage-tab';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'billing', label: 'Billing' },
  { value: 'schedules', label: 'Schedules' },
  { value: 'system', label: 'System' },
  { value: 'usage', label: 'Usage' },
] as const;

export default function DashboardPage() {
  // The route has no guard (spec 000 §2), but its data needs dashboard:view.
  const canView = usePermission('dashboard:view');
  const { overview, jobs, status, isLoading, isFetching, refetch } = useDashboardData(canView);
  const [tab, setTab] = useState<string>('overview');

  // The data's arrival renders the whole page: deferred, React does it in short slices rather than
  // one long task (issue 24, Lighthouse mobile Total Blocking Time).
  const loaded = useDeferredValue(!isLoading);

  if (!canView) return <AccessRestricted />;

  // The line under the page name is no data: it shows while the data loads, so the page's largest
  // text is painted with the frame rather than when the answers are in (issue 24, Lighthouse
  // mobile Largest Contentful Paint). The same element stays once they are.
  const intro = (
    <p className="text-sm text-slate-600">Billing, usage and the health of the integrations at a glance.</p>
  );
  if (!loaded) {
    return (
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">{intro}</div>
        <div className="flex min-h-[50vh] items-center justify-center text-blue-600">
          <Spinner size="lg" label="Loading dashboard" />
        </div>
      </div>
    );
  }
  if (!overview || !status || !jobs) {
    return (
      <EmptyState
        title="The dashboard could not be loaded"
        description="Check your connection and try again."
        action={
          <Button onClick={() => void refetch()} loading={isFetching}>
            Try again
          </Button>
        }
      />
    );
  }

  const { currency } = overview.config;
  const issues = status.overall.issues.length;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {intro}
        <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
        </Button>
      </div>

      <HeadlineCards overview={overview} status={status} />

      {status.qbo.connected ? (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3"
          data-testid="company-strip"
        >
          <div className="flex items-center gap-3 text-sm text-blue-900">
            <Building2 className="h-5 w-5 text-blue-600" aria-hidden="true" />
            <span>
              <span className="font-semibold">Company Information</span>
              {status.qbo.companyName ? ` · ${status.qbo.companyName}` : ''}
              {status.qbo.environment ? ` (${status.qbo.environment})` : ''}
            </span>
          </div>
          <Link to="/company-info" className="text-sm font-medium text-blue-700 hover:underline">
            View company information
          </Link>
        </div>
      ) : null}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Dashboard sections">
          {TABS.map((entry) => (
            <TabsTrigger
              key={entry.value}
              value={entry.value}
              count={entry.value === 'system' && issues > 0 ? issues : undefined}
            >
              {entry.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab overview={overview} status={status} />
        </TabsContent>
        <TabsContent value="billing">
          <BillingTab jobs={jobs} currency={currency} />
        </TabsContent>
        <TabsContent value="schedules">
          <SchedulesTab schedules={status.scheduler.billing.scheduledJobs} currency={currency} />
        </TabsContent>
        <TabsContent value="system">
          <SystemTab status={status} />
        </TabsContent>
        <TabsContent value="usage">
          <UsageTab overview={overview} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
