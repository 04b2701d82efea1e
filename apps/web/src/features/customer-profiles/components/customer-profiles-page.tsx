import { profileCompleteness, type TCustomerProfile } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Pagination } from '@phone-billing/ui/pagination';
import { Spinner } from '@phone-billing/ui/spinner';
import { Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { LoadError } from '../../../components/errors/load-error';
import { useDebounced } from '../../../hooks/use-debounced';
import { useOnceTrue } from '../../../hooks/use-once-true';
import { usePermission } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/trpc';
import { useCustomerProfiles } from '../api/get-customer-profiles';
import { useDeleteCustomerProfile } from '../api/delete-customer-profile';
import { usePrefetchDefaultRate } from '../api/get-default-rate';
import { PROFILES_PAGE_SIZE } from '../api/prefetch-customer-profiles';
import { useProfileLink } from '../hooks/use-profile-link';
import { CustomerProfileFilters, listQueryOf, NO_PROFILE_FILTERS } from './customer-profile-filters';
import { CustomerProfilesHeader } from './customer-profiles-header';
import { CustomerProfileStatCards } from './customer-profile-stat-cards';
import { CustomerProfilesTable } from './customer-profiles-table';

// The add/edit form (zod, react-hook-form, the dialog) and the statistics modal are fetched when
// first opened, not with the list; once open they stay mounted, so closing works as before.
const ProfileFormModal = lazy(() =>
  import('./profile-form-modal').then((module) => ({ default: module.ProfileFormModal })),
);
const ProfileStatsModal = lazy(() =>
  import('./profile-stats-modal').then((module) => ({ default: module.ProfileStatsModal })),
);

/** The spec's question, naming the profile and what happens to it (archived when it has invoices). */
const deleteConfirmation = (name: string) =>
  `Are you sure you want to delete this customer profile?\n\n${name}\n\nA profile that has invoices is archived instead: its invoices and calls are kept, it is no longer billed, and it is listed under Status: Archived. Without invoices it is deleted for good.`;

export default function CustomerProfilesPage() {
  const canEdit = usePermission('customer:edit');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PROFILES_PAGE_SIZE);
  const [filters, setFilters] = useState(NO_PROFILE_FILTERS);
  const search = useDebounced(filters.searchText.trim(), 300);
  const { status, hasQbo, hasQueues, queueName, completeness } = filters;

  const [editing, setEditing] = useState<TCustomerProfile | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [statsFor, setStatsFor] = useState<TCustomerProfile | null>(null);
  const formUsed = useOnceTrue(formOpen);
  const statsUsed = useOnceTrue(statsFor !== null);

  // Any filter change goes back to the first page.
  useEffect(() => setPage(1), [search, status, hasQbo, hasQueues, queueName, limit]);

  const list = useCustomerProfiles(listQueryOf(filters, search, page, limit));
  const remove = useDeleteCustomerProfile();

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

  const prefetchDefaultRate = usePrefetchDefaultRate();
  const openAdd = () => {
    prefetchDefaultRate();
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (profile: TCustomerProfile) => {
    setEditing(profile);
    setFormOpen(true);
  };
  // Opened at /customer-profiles?profile=<id> or ?profile=new: that dialog, or why not.
  const link = useProfileLink({ canEdit, openAdd, openEdit });
  const confirmDelete = (profile: TCustomerProfile) => {
    if (window.confirm(deleteConfirmation(profile.qboDisplayName))) remove.mutate({ id: profile.id });
  };

  return (
    <div className="flex flex-col gap-6">
      <CustomerProfilesHeader canEdit={canEdit} activeProfiles={summary?.active} onAdd={openAdd} />

      {link.problem ? (
        <Alert
          tone="warning"
          title={link.problem.title}
          action={
            <Button variant="outline" size="sm" onClick={link.dismissProblem}>
              Dismiss
            </Button>
          }
        >
          {link.problem.detail}
        </Alert>
      ) : null}

      <CustomerProfileStatCards summary={summary} />
      <CustomerProfileFilters value={filters} onChange={setFilters} />

      {list.error && !list.data ? (
        <LoadError
          title={errorMessage(list.error, 'Failed to fetch customer profiles')}
          onRetry={list.refetch}
          retrying={list.isFetching}
        />
      ) : list.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Users className="h-6 w-6" />}
          title="No customer profiles found"
          description={
            summary?.total ? 'No profile matches these filters.' : 'Add the first customer profile to start billing.'
          }
        />
      ) : (
        <CustomerProfilesTable
          rows={rows}
          canEdit={canEdit}
          onStatistics={setStatsFor}
          onEdit={openEdit}
          onDelete={confirmDelete}
        />
      )}

      {pagination && <Pagination {...pagination} onPageChange={setPage} pageSize={limit} onPageSizeChange={setLimit} />}

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
