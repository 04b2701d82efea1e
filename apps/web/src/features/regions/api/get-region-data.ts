import { useEffect, useMemo } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

/**
 * Everything the Region & Team Management screen shows, loaded together. Every change can move
 * queues between teams and the unassigned list, so a successful change refreshes all four lists.
 */
export function useRegionData() {
  const regions = trpc.regions.listRegions.useQuery();
  const teams = trpc.regions.listTeams.useQuery();
  const assignments = trpc.regions.listAssignments.useQuery();
  const unassigned = trpc.regions.listUnassigned.useQuery();

  const summary = useMemo(() => {
    const regionList = regions.data?.data ?? [];
    const teamList = teams.data?.data ?? [];
    return {
      regions: regionList.length,
      activeRegions: regionList.filter((region) => region.isActive).length,
      teams: teamList.length,
      activeTeams: teamList.filter((team) => team.isActive).length,
      assigned: assignments.data?.data.length ?? 0,
      unassigned: unassigned.data?.data.length ?? 0,
    };
  }, [regions.data, teams.data, assignments.data, unassigned.data]);

  const loading = regions.isLoading || teams.isLoading || assignments.isLoading || unassigned.isLoading;
  const error = regions.error ?? teams.error ?? assignments.error ?? unassigned.error ?? null;
  const errorText = regions.error
    ? errorMessage(regions.error, 'Failed to load regions')
    : teams.error
      ? errorMessage(teams.error, 'Failed to load teams')
      : error
        ? errorMessage(error, 'Failed to load data')
        : null;

  // A failed load is also a toast (spec 001 §8); one at a time, however many lists failed.
  useEffect(() => {
    if (errorText) toast.error(errorText, { id: 'regions-load-error' });
  }, [errorText]);

  return {
    regions: regions.data?.data ?? [],
    teams: teams.data?.data ?? [],
    assignments: assignments.data?.data ?? [],
    unassigned: unassigned.data?.data ?? [],
    summary,
    loading,
    fetching: regions.isFetching || teams.isFetching || assignments.isFetching || unassigned.isFetching,
    errorText,
    refetch: () => Promise.all([regions.refetch(), teams.refetch(), assignments.refetch(), unassigned.refetch()]),
  };
}
