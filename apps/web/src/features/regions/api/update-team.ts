import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useUpdateTeam() {
  return trpc.regions.updateTeam.useMutation(
    useRegionChangeOptions('Team updated successfully', 'Failed to update team'),
  );
}
