import type { TTeam } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { Pencil, Trash2, Users } from 'lucide-react';
import { formatShortDate } from '../../../lib/dates';
import { useRegionMutations } from '../hooks/use-region-data';
import { plural, StatusBadge } from './status-badge';

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
              <Td className="text-right whitespace-nowrap">
                <Button variant="ghost" size="sm" onClick={() => onEdit(team)} aria-label={`Edit team ${team.name}`}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-600 hover:bg-red-50"
                  onClick={() => remove(team)}
                  disabled={deleteTeam.isPending}
                  aria-label={`Delete team ${team.name}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
