import type { TRegion } from '@phone-billing/api/schemas';
import { MapPin } from 'lucide-react';
import { formatNumber, plural } from '../../../lib/format';
import { useDeleteRegion } from '../api/delete-region';
import { UnitTable } from './unit-table';

const queuesOf = (region: TRegion) => region.teams.reduce((sum, team) => sum + team.queueAssignments.length, 0);

/** What deleting a region takes with it: its teams, and their queues' assignments. */
function regionDeleteQuestion(region: TRegion): string {
  const queues = queuesOf(region);
  const consequence =
    region.teams.length === 0
      ? 'Deleting a region also deletes its teams; this one has none.'
      : `This also deletes its ${plural(region.teams.length, 'team')} (${region.teams.map((team) => team.name).join(', ')})` +
        (queues > 0 ? ` and unassigns their ${plural(queues, 'queue')}.` : '.');
  return `Delete region "${region.name}"? ${consequence} This cannot be undone.`;
}

export function RegionsTable({
  regions,
  canManage,
  onEdit,
}: {
  regions: TRegion[];
  canManage: boolean;
  onEdit: (region: TRegion) => void;
}) {
  const deleteRegion = useDeleteRegion();
  return (
    <UnitTable
      label="Regions"
      noun="region"
      units={regions}
      extraColumns={[{ key: 'teams', header: 'Teams', cell: (region) => formatNumber(region.teams.length) }]}
      queueCount={queuesOf}
      canManage={canManage}
      onEdit={onEdit}
      deletion={deleteRegion}
      deleteQuestion={regionDeleteQuestion}
      empty={{ icon: <MapPin />, title: 'No regions yet' }}
    />
  );
}
