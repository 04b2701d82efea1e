import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useAssignQueue() {
  return trpc.regions.assignQueue.useMutation(
    useRegionChangeOptions('Queue assigned successfully', 'Failed to assign queue'),
  );
}
