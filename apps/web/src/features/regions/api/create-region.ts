import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useCreateRegion() {
  return trpc.regions.createRegion.useMutation(
    useRegionChangeOptions('Region created successfully', 'Failed to create region'),
  );
}
