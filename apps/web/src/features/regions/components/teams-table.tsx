import type { TTeam } from '@phone-billing/api/schemas';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { Users } from 'lucide-react';
import { formatShortDate } from '../../../lib/dates';
import { useRegionMutations } from '../hooks/use-region-data';
import { plural, StatusBadge } from './status-badge';
import { EditDeleteCell } from './row-actions';

interface TeamsTableProps {
  teams: TTeam[];
  /** Edit and Delete show only for users who may manage teams. */
  canManage: boolean;
  onEdit: (team: TTeam) => void;
}

export function TeamsTable({ teams, canManage, onEdit }: TeamsTableProps) {
  const { deleteTeam } = useRegionMutations();

  const remove = (team: TTeam) => {
    const queues = team.queueAssignments.length;
    const consequence = queues > 0 ? ` Its ${plural(queues, 'queue')} will become unassigned.` : '';
    if (!window.confirm(`Delete team "${team.name}" (${team.region.name})?${consequence} This cannot be undone.`)) return;
    deleteTeam.mutate({ id: team.id });
  };

  if (teams.length === 0) return <EmptyState icon={<Users />} title="No teams yet" />;

  return (
    <Table aria-label="Teams">
      <THead>
        <Tr>
          <Th>Name</Th>
          <Th>Region</Th>
          <Th>Description</Th>
          <Th>Status</Th>
          <Th>Queues</Th>
          <Th>Created</Th>
          {canManage ? <Th className="text-right">Actions</Th> : null}
        </Tr>
      </THead>
      <TBody>
        {teams.map((team) => (
          <Tr key={team.id}>
            <Td className="font-medium text-slate-900">{team.name}</Td>
            <Td>{team.region.name}</Td>
            <Td className="max-w-xs truncate text-slate-500">{team.description ?? '—'}</Td>
            <Td>
              <StatusBadge active={team.isActive} />
            </Td>
            <Td>{team.queueAssignments.length}</Td>
            <Td className="whitespace-nowrap">{formatShortDate(team.createdAt)}</Td>
            {canManage ? (
              <EditDeleteCell subject={`team ${team.name}`} onEdit={() => onEdit(team)} onDelete={() => remove(team)} deleting={deleteTeam.isPending} />
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
