import type { TRegion } from '@phone-billing/api/schemas';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { MapPin } from 'lucide-react';
import { formatShortDate } from '../../../lib/dates';
import { useRegionMutations } from '../hooks/use-region-data';
import { plural, StatusBadge } from './status-badge';
import { EditDeleteCell } from './row-actions';

interface RegionsTableProps {
  regions: TRegion[];
  /** Edit and Delete show only for users who may manage regions. */
  canManage: boolean;
  onEdit: (region: TRegion) => void;
}

export function RegionsTable({ regions, canManage, onEdit }: RegionsTableProps) {
  const { deleteRegion } = useRegionMutations();

  const remove = (region: TRegion) => {
    const queues = region.teams.reduce((sum, team) => sum + team.queueAssignments.length, 0);
    const consequence =
      region.teams.length === 0
        ? 'Deleting a region also deletes its teams; this one has none.'
        : `This also deletes its ${plural(region.teams.length, 'team')} (${region.teams.map((team) => team.name).join(', ')})` +
          (queues > 0 ? ` and unassigns their ${plural(queues, 'queue')}.` : '.');
    if (!window.confirm(`Delete region "${region.name}"? ${consequence} This cannot be undone.`)) return;
    deleteRegion.mutate({ id: region.id });
  };

  if (regions.length === 0) return <EmptyState icon={<MapPin />} title="No regions yet" />;

  return (
    <Table aria-label="Regions">
      <THead>
        <Tr>
          <Th>Name</Th>
          <Th>Description</Th>
          <Th>Status</Th>
          <Th>Teams</Th>
          <Th>Queues</Th>
          <Th>Created</Th>
          {canManage ? <Th className="text-right">Actions</Th> : null}
        </Tr>
      </THead>
      <TBody>
        {regions.map((region) => (
          <Tr key={region.id}>
            <Td className="font-medium text-slate-900">{region.name}</Td>
            <Td className="max-w-xs truncate text-slate-500">{region.description ?? '—'}</Td>
            <Td>
              <StatusBadge active={region.isActive} />
            </Td>
            <Td>{region.teams.length}</Td>
            <Td>{region.teams.reduce((sum, team) => sum + team.queueAssignments.length, 0)}</Td>
            <Td className="whitespace-nowrap">{formatShortDate(region.createdAt)}</Td>
            {canManage ? (
              <EditDeleteCell subject={`region ${region.name}`} onEdit={() => onEdit(region)} onDelete={() => remove(region)} deleting={deleteRegion.isPending} />
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
