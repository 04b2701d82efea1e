import type { TTeam } from '@phone-billing/api/schemas';
import { Users } from 'lucide-react';
import { plural } from '../../../lib/format';
import { useDeleteTeam } from '../api/delete-team';
import { UnitTable } from './unit-table';

/** Deleting a team unassigns its queues. */
function teamDeleteQuestion(team: TTeam): string {
  const queues = team.queueAssignments.length;
  const consequence = queues > 0 ? ` Its ${plural(queues, 'queue')} will become unassigned.` : '';
  return `Delete team "${team.name}" (${team.region.name})?${consequence} This cannot be undone.`;
}

export function TeamsTable({
  teams,
  canManage,
  onEdit,
}: {
  teams: TTeam[];
  canManage: boolean;
  onEdit: (team: TTeam) => void;
}) {
  const deleteTeam = useDeleteTeam();
  return (
    <UnitTable
      label="Teams"
      noun="team"
      units={teams}
      extraColumns={[{ key: 'region', header: 'Region', cell: (team) => team.region.name }]}
      queueCount={(team) => team.queueAssignments.length}
      canManage={canManage}
      onEdit={onEdit}
      deletion={deleteTeam}
      deleteQuestion={teamDeleteQuestion}
      empty={{ icon: <Users />, title: 'No teams yet' }}
    />
  );
}
