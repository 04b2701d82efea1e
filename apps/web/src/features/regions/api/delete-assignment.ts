import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useDeleteAssignment() {
  return trpc.regions.deleteAssignment.useMutation(
    useRegionChangeOptions('Queue assignment deleted successfully', 'Failed to delete queue assignment'),
  );
}
