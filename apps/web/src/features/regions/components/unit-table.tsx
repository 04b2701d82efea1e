import { actionsColumn, DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import type { ReactNode } from 'react';
import { formatShortDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { EditDeleteButtons } from './row-actions';
import { StatusBadge } from './status-badge';

/** What regions and teams have in common on their tabs. */
type Unit = { id: string; name: string; description: string | null; isActive: boolean; createdAt: string };

interface UnitTableProps<T extends Unit> {
  label: string;
  /** 'region' or 'team': names rows for screen readers ("Edit region North"). */
  noun: string;
  units: T[];
  /** Columns of this kind of unit, shown after its name (a team's region, a region's teams). */
  extraColumns: DataColumn<T>[];
  queueCount: (unit: T) => number;
  /** Edit and Delete show only for users who may manage this kind of unit. */
  canManage: boolean;
  onEdit: (unit: T) => void;
  /** The delete mutation of this kind of unit; it runs once the user confirms. */
  deletion: { mutate: (input: { id: string }) => void; isPending: boolean };
  /** The confirmation question, saying what else goes with the unit; ends in "This cannot be undone." */
  deleteQuestion: (unit: T) => string;
  empty: { icon: ReactNode; title: string };
}

/** The Regions tab and the Teams tab: name, its own columns, description, status, queues, created, Edit/Delete. */
export function UnitTable<T extends Unit>({
  label,
  noun,
  units,
  extraColumns,
  queueCount,
  canManage,
  onEdit,
  deletion,
  deleteQuestion,
  empty,
}: UnitTableProps<T>) {
  const confirmDelete = (unit: T) => {
    if (window.confirm(deleteQuestion(unit))) deletion.mutate({ id: unit.id });
  };
  if (units.length === 0) return <EmptyState icon={empty.icon} title={empty.title} />;
  const columns: DataColumn<T>[] = [
    { key: 'name', header: 'Name', cell: (unit) => unit.name, className: 'font-medium text-slate-900', card: 'title' },
    ...extraColumns,
    {
      key: 'description',
      header: 'Description',
      cell: (unit) => unit.description ?? '—',
      className: 'max-w-xs truncate text-slate-500',
    },
    { key: 'status', header: 'Status', cell: (unit) => <StatusBadge active={unit.isActive} />, card: 'badge' },
    { key: 'queues', header: 'Queues', cell: (unit) => formatNumber(queueCount(unit)) },
    {
      key: 'created',
      header: 'Created',
      cell: (unit) => formatShortDate(unit.createdAt),
      className: 'whitespace-nowrap',
    },
  ];
  if (canManage) {
    columns.push(
      actionsColumn((unit) => (
        <EditDeleteButtons
          subject={`${noun} ${unit.name}`}
          onEdit={() => onEdit(unit)}
          onDelete={() => confirmDelete(unit)}
          deleting={deletion.isPending}
        />
      )),
    );
  }
  return <DataTable aria-label={label} columns={columns} rows={units} rowKey={(unit) => unit.id} />;
}
