import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useUpdateRegion() {
  return trpc.regions.updateRegion.useMutation(
    useRegionChangeOptions('Region updated successfully', 'Failed to update region'),
  );
}
