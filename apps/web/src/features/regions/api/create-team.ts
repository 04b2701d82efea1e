import { trpc } from '../../../lib/trpc';
import { useRegionChangeOptions } from './region-change-options';

export function useCreateTeam() {
  return trpc.regions.createTeam.useMutation(
    useRegionChangeOptions('Team created successfully', 'Failed to create team'),
  );
}
