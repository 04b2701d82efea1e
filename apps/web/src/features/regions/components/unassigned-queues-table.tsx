import type { TUnassignedQueue } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { CheckCircle2, Link2 } from 'lucide-react';

interface UnassignedQueuesTableProps {
  queues: TUnassignedQueue[];
  /** 'Assign to Team' shows only for users who may manage teams. */
  canManage: boolean;
  onAssign: (queue: TUnassignedQueue) => void;
}

/** The Genesys queues no team holds. */
export function UnassignedQueuesTable({ queues, canManage, onAssign }: UnassignedQueuesTableProps) {
  if (queues.length === 0) {
    return (
      <EmptyState
        icon={<CheckCircle2 className="text-green-600" />}
        title="All queues are assigned!"
        description="Every Genesys queue belongs to a team."
      />
    );
  }
  const columns: DataColumn<TUnassignedQueue>[] = [
    {
      key: 'queue',
      header: 'Queue',
      className: 'font-medium text-slate-900',
      card: 'title',
      cell: (queue) => queue.name,
    },
    { key: 'division', header: 'Division', cell: (queue) => queue.divisionName ?? '—' },
    {
      key: 'description',
      header: 'Description',
      className: 'max-w-sm truncate text-slate-500',
      cell: (queue) => queue.description ?? '—',
    },
  ];
  if (canManage) {
    columns.push(
      actionsColumn((queue) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onAssign(queue)}
          aria-label={`Assign to Team — Assign ${queue.name} to Team`}
        >
          <Link2 className="size-4" aria-hidden="true" />
          Assign to Team
        </Button>
      )),
    );
  }
  return <DataTable aria-label="Unassigned queues" columns={columns} rows={queues} />;
}
