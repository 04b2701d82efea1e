import type { TUnassignedQueue } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
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
  return (
    <Table aria-label="Unassigned queues">
      <THead>
        <Tr>
          <Th>Queue</Th>
          <Th>Division</Th>
          <Th>Description</Th>
          {canManage ? <Th className="text-right">Actions</Th> : null}
        </Tr>
      </THead>
      <TBody>
        {queues.map((queue) => (
          <Tr key={queue.id}>
            <Td className="font-medium text-slate-900">{queue.name}</Td>
            <Td>{queue.divisionName ?? '—'}</Td>
            <Td className="max-w-sm truncate text-slate-500">{queue.description ?? '—'}</Td>
            {canManage ? (
              <Td className="text-right">
                <Button size="sm" variant="outline" onClick={() => onAssign(queue)} aria-label={`Assign to Team — Assign ${queue.name} to Team`}>
                  <Link2 className="size-4" aria-hidden="true" />
                  Assign to Team
                </Button>
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
