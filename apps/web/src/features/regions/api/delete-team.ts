import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useDeleteTeam() {
  return trpc.regions.deleteTeam.useMutation(
    useRegionChangeOptions('Team deleted successfully', 'Failed to delete team'),
  );
}
