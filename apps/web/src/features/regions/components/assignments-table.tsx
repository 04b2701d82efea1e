import type { TQueueAssignmentWithTeam } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { Pencil, PhoneCall } from 'lucide-react';
import { formatDateTime } from '../../../lib/dates';

interface AssignmentsTableProps {
  assignments: TQueueAssignmentWithTeam[];
  /** Edit shows only for users who may manage teams. */
  canManage: boolean;
  onEdit: (assignment: TQueueAssignmentWithTeam) => void;
}

export function AssignmentsTable({ assignments, canManage, onEdit }: AssignmentsTableProps) {
  if (assignments.length === 0) {
    return <EmptyState icon={<PhoneCall />} title="No queues assigned yet" description="Assign queues from the Unassigned Queues tab." />;
  }
  return (
    <Table aria-label="Queue assignments">
      <THead>
        <Tr>
          <Th>Queue</Th>
          <Th>Team (Region)</Th>
          <Th>Assigned</Th>
          <Th>Assigned By</Th>
          <Th>Notes</Th>
          {canManage ? <Th className="text-right">Actions</Th> : null}
        </Tr>
      </THead>
      <TBody>
        {assignments.map((assignment) => (
          <Tr key={assignment.id}>
            <Td className="font-medium text-slate-900">
              {assignment.queueName}
              {assignment.inGenesys === false ? (
                <Badge tone="red" className="ml-2" title="Genesys no longer lists this queue">
                  Not in Genesys
                </Badge>
              ) : null}
            </Td>
            <Td>
              {assignment.team.name} <span className="text-slate-500">({assignment.team.region.name})</span>
            </Td>
            <Td className="whitespace-nowrap">{formatDateTime(assignment.assignedAt)}</Td>
            <Td>{assignment.assignedBy ?? '—'}</Td>
            <Td className="max-w-xs truncate text-slate-500">{assignment.notes ?? '—'}</Td>
            {canManage ? (
              <Td className="text-right">
                <Button variant="ghost" size="sm" onClick={() => onEdit(assignment)} aria-label={`Edit assignment of ${assignment.queueName}`}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
