import {
  profileCompleteness,
  profileStatus,
  type CompletenessBand,
  type ProfileStatus,
  type TCustomerProfile,
  type TCustomerProfileListQuery,
} from '@phone-billing/api/schemas';
import { Badge, type BadgeTone } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent } from '@phone-billing/ui/card';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Input } from '@phone-billing/ui/input';
import { Pagination } from '@phone-billing/ui/pagination';
import { Select } from '@phone-billing/ui/select';
import { Spinner } from '@phone-billing/ui/spinner';
import { StatCard } from '@phone-billing/ui/stat-card';
import { BarChart3, CalendarClock, CheckCircle2, Link2, ListChecks, Pencil, Plus, Trash2, Users, Waypoints } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { LoadError } from '../../../components/errors/load-error';
import { usePermission } from '../../../lib/auth-store';
import { formatDateTime, formatShortDate } from '../../../lib/dates';
import { formatMinutes, formatRate } from '../../../lib/format';
import { errorMessage } from '../../../lib/trpc';
import { useCustomerProfiles } from '../api/get-customer-profiles';
import { useDeleteCustomerProfile } from '../api/delete-customer-profile';
import { useQueueSuggestions } from '../api/get-queue-suggestions';
import { useRescheduleAllBilling } from '../api/reschedule-all-billing';

// The add/edit form (zod, react-hook-form, the dialog) and the statistics modal are fetched when
// first opened, not with the list; once open they stay mounted, so closing works as before.
const ProfileFormModal = lazy(() => import('./profile-form-modal').then((module) => ({ default: module.ProfileFormModal })));
const ProfileStatsModal = lazy(() => import('./profile-stats-modal').then((module) => ({ default: module.ProfileStatsModal })));

/** False until `value` is first true, then true for good. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

const STATUS_TONES: Record<ProfileStatus, BadgeTone> = {
  Active: 'green',
  'No QBO Mapping': 'orange',
  'No Queues': 'yellow',
  Inactive: 'gray',
};
const BAND_TONES: Record<CompletenessBand, BadgeTone> = { complete: 'green', partial: 'yellow', minimal: 'red' };
const BAND_LABELS: Record<CompletenessBand, string> = { complete: 'Complete', partial: 'Partial', minimal: 'Minimal' };

type YesNo = '' | 'true' | 'false';
/** The Status filter: active or inactive among current profiles, or the archived ones (hidden otherwise). */
type StatusFilter = YesNo | 'archived';

/** The spec's question, and what happens to a profile that has invoices (DESIGN.md §4, Archive). */
const DELETE_CONFIRMATION =
  'Are you sure you want to delete this customer profile?\n\nA profile that has invoices is archived instead: its invoices and calls are kept, it is no longer billed, and it is listed under Status: Archived.';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export default function CustomerProfilesPage() {
  const canEdit = usePermission('customer:edit');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const [isActive, setIsActive] = useState<StatusFilter>('');
  const [hasQbo, setHasQbo] = useState<YesNo>('');
  const [hasQueues, setHasQueues] = useState<YesNo>('');
  const [queueName, setQueueName] = useState('');
  const [completeness, setCompleteness] = useState<'' | CompletenessBand>('');

  const [editing, setEditing] = useState<TCustomerProfile | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [statsFor, setStatsFor] = useState<TCustomerProfile | null>(null);
  const formUsed = useOnceTrue(formOpen);
  const statsUsed = useOnceTrue(statsFor !== null);

  // Any filter change goes back to the first page.
  useEffect(() => setPage(1), [search, isActive, hasQbo, hasQueues, queueName, limit]);

  const query: TCustomerProfileListQuery = {
    page,
    limit,
    ...(search ? { search } : {}),
    ...(isActive === 'archived' ? { status: 'archived' as const } : isActive ? { isActive } : {}),
    ...(hasQbo ? { hasQboCustomerId: hasQbo } : {}),
    ...(hasQueues ? { hasGenesysQueues: hasQueues } : {}),
    ...(queueName ? { queueName } : {}),
  };
  const list = useCustomerProfiles(query);
  const suggestions = useQueueSuggestions();
  const remove = useDeleteCustomerProfile();
  const rescheduleAll = useRescheduleAllBilling();

  useEffect(() => {
    if (list.error) toast.error(errorMessage(list.error, 'Failed to fetch customer profiles'));
  }, [list.error]);

  const rows = useMemo(() => {
    const profiles = list.data?.data ?? [];
    // The completeness filter applies to the fetched page, on the client (spec 001 §2).
    return completeness ? profiles.filter((profile) => profileCompleteness(profile).band === completeness) : profiles;
  }, [list.data, completeness]);
  const summary = list.data?.summary;
  const pagination = list.data?.pagination;

  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (profile: TCustomerProfile) => {
    setEditing(profile);
    setFormOpen(true);
  };
  const confirmDelete = (profile: TCustomerProfile) => {
    if (window.confirm(DELETE_CONFIRMATION)) remove.mutate({ id: profile.id });
  };

  const columns: DataColumn<TCustomerProfile>[] = [
    {
      key: 'customer',
      header: 'Customer',
      card: 'title',
      cell: (profile) => (
        <>
          <div className="font-medium text-slate-900">{profile.qboDisplayName}</div>
          {profile.qboCompanyName && profile.qboCompanyName !== profile.qboDisplayName && <div className="text-xs text-slate-600">{profile.qboCompanyName}</div>}
          {profile.qboPrimaryEmailAddr && (
            <div className="max-w-[9rem] truncate text-xs text-slate-600 max-md:max-w-full" title={profile.qboPrimaryEmailAddr}>
              {profile.qboPrimaryEmailAddr}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'queues',
      header: 'Genesys Queues',
      headerClassName: 'whitespace-normal',
      cell: (profile) =>
        profile.genesysQueueNames.length === 0 ? (
          <span className="text-sm text-slate-600">None</span>
        ) : (
          <div className="flex max-w-[9rem] flex-wrap gap-1 max-md:max-w-full">
            {profile.genesysQueueNames.map((name) => (
              <Badge key={name} tone="blue" className="max-w-full truncate" title={name}>
                {name}
              </Badge>
            ))}
          </div>
        ),
    },
    {
      key: 'qbo',
      header: 'QBO Mapping',
      headerClassName: 'whitespace-normal',
      cell: (profile) => {
        const complete = profileCompleteness(profile);
        return (
          <>
            <div className="text-sm">{profile.qboCustomerId ? `ID ${profile.qboCustomerId}` : <span className="text-slate-600">Not mapped</span>}</div>
            <Badge tone={BAND_TONES[complete.band]} title={`${complete.passedChecks} of ${complete.totalChecks} details`}>
              {BAND_LABELS[complete.band]} {complete.percent}%
            </Badge>
          </>
        );
      },
    },
    {
      key: 'billing',
      header: 'Billing Config',
      headerClassName: 'whitespace-normal',
      className: 'text-sm text-slate-700',
      cell: (profile) => (
        <>
          <div className="whitespace-nowrap">
            Day {profile.billDate} · {profile.billTime}
          </div>
          <div className="text-xs whitespace-nowrap text-slate-600">
            Period {profile.billingPeriodStart}–{profile.billingPeriodEnd}
          </div>
          {profile.minimumMinutes > 0 && (
            <div className="text-xs whitespace-nowrap text-slate-600" title={`Overage ${formatRate(profile.overageRatePerMinute)}/min`}>
              Min {formatMinutes(profile.minimumMinutes)}
            </div>
          )}
          {profile.nextRunAt && (
            <div className="text-xs whitespace-nowrap text-slate-600" title={`Next run ${formatDateTime(profile.nextRunAt)}`}>
              Next {formatShortDate(profile.nextRunAt)}
            </div>
          )}
        </>
      ),
    },
    { key: 'rate', header: 'Rate Per Minute', headerClassName: 'whitespace-normal', className: 'text-sm whitespace-nowrap', cell: (profile) => `${formatRate(profile.ratePerMinute)}/min` },
    {
      key: 'status',
      header: 'Status',
      card: 'badge',
      cell: (profile) => {
        if (profile.archivedAt) {
          return (
            <Badge tone="gray" title={`Archived on ${formatShortDate(profile.archivedAt)}: its invoices are kept`}>
              Archived
            </Badge>
          );
        }
        const status = profileStatus(profile);
        return (
          <Badge tone={STATUS_TONES[status]} className="whitespace-normal">
            {status}
          </Badge>
        );
      },
    },
    actionsColumn((profile) => (
      <div className="flex justify-end gap-0.5 max-md:justify-start max-md:gap-2">
        <Button variant="ghost" size="sm" className="w-8 px-0 max-md:w-auto max-md:px-2" aria-label={`Statistics for ${profile.qboDisplayName}`} onClick={() => setStatsFor(profile)}>
          <BarChart3 className="h-4 w-4" aria-hidden /> <span className="md:hidden">Statistics</span>
        </Button>
        {canEdit && (
          <>
            <Button variant="ghost" size="sm" className="w-8 px-0 max-md:w-auto max-md:px-2" aria-label={`Edit ${profile.qboDisplayName}`} onClick={() => openEdit(profile)}>
              <Pencil className="h-4 w-4" aria-hidden /> <span className="md:hidden">Edit</span>
            </Button>
            {profile.archivedAt ? null : (
              <Button variant="ghost" size="sm" className="w-8 px-0 max-md:w-auto max-md:px-2" aria-label={`Delete ${profile.qboDisplayName}`} onClick={() => confirmDelete(profile)}>
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden /> <span className="md:hidden">Delete</span>
              </Button>
            )}
          </>
        )}
      </div>
    )),
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Rates, Genesys queues and QuickBooks customers of everyone you bill.</p>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => rescheduleAll.mutate({})} loading={rescheduleAll.isPending}>
              <CalendarClock className="h-4 w-4" aria-hidden /> Reschedule All Billing
            </Button>
            <Button onClick={openAdd}>
              <Plus className="h-4 w-4" aria-hidden /> Add Customer Profile
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard title="Profiles" value={summary?.total ?? '—'} icon={<Users className="h-5 w-5" />} />
        <StatCard title="Active" value={summary?.active ?? '—'} icon={<CheckCircle2 className="h-5 w-5" />} tone="green" />
        <StatCard title="QBO Mapped" value={summary?.withQboMapping ?? '—'} icon={<Link2 className="h-5 w-5" />} tone="purple" />
        <StatCard title="With Queues" value={summary?.withQueues ?? '—'} icon={<Waypoints className="h-5 w-5" />} tone="orange" />
        <StatCard title="Complete" value={summary?.complete ?? '—'} hint="80% or more of the details" icon={<ListChecks className="h-5 w-5" />} tone="gray" />
      </div>

      <Card>
        <CardContent className="grid gap-3 pt-6 md:grid-cols-3 xl:grid-cols-6">
          <Input
            aria-label="Search customer profiles"
            placeholder="Search name, email or queue"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="lg:col-span-1"
          />
          <Select aria-label="Status filter" value={isActive} onChange={(event) => setIsActive(event.target.value as StatusFilter)}>
            <option value="">All statuses</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
            <option value="archived">Archived</option>
          </Select>
          <Select aria-label="QBO mapping filter" value={hasQbo} onChange={(event) => setHasQbo(event.target.value as YesNo)}>
            <option value="">Any QBO mapping</option>
            <option value="true">Mapped to QBO</option>
            <option value="false">No QBO mapping</option>
          </Select>
          <Select aria-label="Queues filter" value={hasQueues} onChange={(event) => setHasQueues(event.target.value as YesNo)}>
            <option value="">Any queues</option>
            <option value="true">With queues</option>
            <option value="false">Without queues</option>
          </Select>
          <Select aria-label="Queue name filter" value={queueName} onChange={(event) => setQueueName(event.target.value)}>
            <option value="">All queues</option>
            {(suggestions.data?.data ?? []).map((queue) => (
              <option key={queue.id} value={queue.name}>
                {queue.name}
              </option>
            ))}
          </Select>
          <Select aria-label="Completeness filter" value={completeness} onChange={(event) => setCompleteness(event.target.value as '' | CompletenessBand)}>
            <option value="">Any completeness</option>
            <option value="complete">Complete (80%+)</option>
            <option value="partial">Partial (40-79%)</option>
            <option value="minimal">Minimal (under 40%)</option>
          </Select>
        </CardContent>
      </Card>

      {list.error && !list.data ? (
        <LoadError title={errorMessage(list.error, 'Failed to fetch customer profiles')} onRetry={list.refetch} retrying={list.isFetching} />
      ) : list.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Users className="h-6 w-6" />}
          title="No customer profiles found"
          description={summary?.total ? 'No profile matches these filters.' : 'Add the first customer profile to start billing.'}
        />
      ) : (
        <DataTable aria-label="Customer profiles" columns={columns} rows={rows} rowKey={(profile) => profile.id} rowTestId="customer-profile-row" />
      )}

      {pagination && (
        <Pagination
          page={pagination.page}
          pages={pagination.pages}
          total={pagination.total}
          onPageChange={setPage}
          pageSize={limit}
          onPageSizeChange={setLimit}
        />
      )}

      {formUsed ? (
        <Suspense fallback={null}>
          <ProfileFormModal open={formOpen} profile={editing} onClose={() => setFormOpen(false)} />
        </Suspense>
      ) : null}
      {statsUsed ? (
        <Suspense fallback={null}>
          <ProfileStatsModal profile={statsFor} onClose={() => setStatsFor(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
