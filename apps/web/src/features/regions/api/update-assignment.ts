import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useUpdateAssignment() {
  return trpc.regions.updateAssignment.useMutation(
    useRegionChangeOptions('Queue assignment updated successfully', 'Failed to update queue assignment'),
  );
}
