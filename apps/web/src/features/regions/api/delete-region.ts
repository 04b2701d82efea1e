import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useDeleteRegion() {
  return trpc.regions.deleteRegion.useMutation(
    useRegionChangeOptions('Region deleted successfully', 'Failed to delete region'),
  );
}
