import type { TQueueAssignmentWithTeam } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
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
    return (
      <EmptyState
        icon={<PhoneCall />}
        title="No queues assigned yet"
        description="Assign queues from the Unassigned Queues tab."
      />
    );
  }
  const columns: DataColumn<TQueueAssignmentWithTeam>[] = [
    {
      key: 'queue',
      header: 'Queue',
      className: 'font-medium text-slate-900',
      card: 'title',
      cell: (assignment) => (
        <>
          {assignment.queueName}
          {assignment.inGenesys === false ? (
            <Badge tone="red" className="ml-2" title="Genesys no longer lists this queue">
              Not in Genesys
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      key: 'team',
      header: 'Team (Region)',
      cell: (assignment) => (
        <>
          {assignment.team.name} <span className="text-slate-500">({assignment.team.region.name})</span>
        </>
      ),
    },
    {
      key: 'assigned',
      header: 'Assigned',
      className: 'whitespace-nowrap',
      cell: (assignment) => formatDateTime(assignment.assignedAt),
    },
    { key: 'assignedBy', header: 'Assigned By', cell: (assignment) => assignment.assignedBy ?? '—' },
    {
      key: 'notes',
      header: 'Notes',
      className: 'max-w-xs truncate text-slate-500',
      cell: (assignment) => assignment.notes ?? '—',
    },
  ];
  if (canManage) {
    columns.push(
      actionsColumn((assignment) => (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(assignment)}
          aria-label={`Edit assignment of ${assignment.queueName}`}
        >
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
      )),
    );
  }
  return <DataTable aria-label="Queue assignments" columns={columns} rows={assignments} />;
}
