import { Fragment, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../lib/use-media-query';
import { Table, TBody, Td, Th, THead, Tr } from './table';

export interface DataColumn<Row> {
  /** Names the column; React's key for its cells. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes for the column's cells (e.g. 'text-right'). */
  className?: string;
  headerClassName?: string;
  /**
   * Its place on a phone card: 'title' heads the card, 'badge' sits beside the title, 'actions'
   * at the foot, 'hidden' is left out; by default a line labelled with the header.
   */
  card?: 'title' | 'badge' | 'actions' | 'hidden';
}

/** The right-aligned Actions column; on a phone card its buttons sit at the foot. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode, header: ReactNode = 'Actions'): DataColumn<Row> {
  return {
    key: 'actions',
    header,
    headerClassName: 'text-right',
    className: 'text-right whitespace-nowrap',
    card: 'actions',
    cell,
  };
}

/**
 * A right-aligned column of numbers or money, its header aligned with it; `className` adds to the
 * cells' classes (e.g. 'tabular-nums').
 */
export function numberColumn<Row>(
  key: string,
  header: ReactNode,
  cell: (row: Row) => ReactNode,
  className?: string,
): DataColumn<Row> {
  return { key, header, headerClassName: 'text-right', className: cn('text-right', className), cell };
}

interface DataTableBaseProps<Row> {
  'aria-label': string;
  columns: DataColumn<Row>[];
  rows: Row[];
  /** A full-width row under a row (table) or the foot of its card (phone), e.g. role checkboxes. */
  expanded?: (row: Row) => ReactNode | null;
  /** data-testid of each row and card. */
  rowTestId?: string | ((row: Row) => string);
  className?: string;
  /**
   * From which width it is a table (a media query; cards below). Tailwind's `md` by default; a list
   * with many columns inside a dialog asks for more room, so its actions never sit past the edge.
   */
  wideQuery?: string;
}

/** React's key of each row: rows with a string `id` are keyed by it unless told otherwise; others must say how. */
type RowKeyProps<Row> = [Row] extends [{ id: string }]
  ? { rowKey?: (row: Row) => string }
  : { rowKey: (row: Row) => string };

export type DataTableProps<Row> = DataTableBaseProps<Row> & RowKeyProps<Row>;

const keyById = (row: unknown) => (row as { id: string }).id;

/**
 * A list that is a table on wide screens and a stack of cards on phones (below 768 px), from one
 * set of column definitions, so every field and action stays reachable without sideways scrolling.
 */
export function DataTable<Row>(props: DataTableProps<Row>): ReactElement;
export function DataTable<Row>({
  columns,
  rows,
  rowKey = keyById,
  expanded,
  rowTestId,
  className,
  wideQuery = WIDE_SCREEN_QUERY,
  ...props
}: DataTableBaseProps<Row> & { rowKey?: (row: Row) => string }): ReactElement {
  const wide = useMediaQuery(wideQuery);
  const testId = (row: Row) => (typeof rowTestId === 'function' ? rowTestId(row) : rowTestId);

  if (wide) {
    return (
      <Table aria-label={props['aria-label']} wrapperClassName={className}>
        <THead>
          <Tr>
            {columns.map((column) => (
              <Th key={column.key} className={column.headerClassName}>
                {column.header}
              </Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {rows.map((row) => {
            const extra = expanded?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <Tr data-testid={testId(row)}>
                  {columns.map((column) => (
                    <Td key={column.key} className={column.className}>
                      {column.cell(row)}
                    </Td>
                  ))}
                </Tr>
                {extra ? (
                  <Tr>
                    <Td colSpan={columns.length} className="bg-slate-50">
                      {extra}
                    </Td>
                  </Tr>
                ) : null}
              </Fragment>
            );
          })}
        </TBody>
      </Table>
    );
  }

  const title = columns.find((column) => column.card === 'title');
  const badges = columns.filter((column) => column.card === 'badge');
  const lines = columns.filter((column) => !column.card);
  const actions = columns.filter((column) => column.card === 'actions');
  return (
    <ul
      aria-label={props['aria-label']}
      className={cn('divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm', className)}
    >
      {rows.map((row) => {
        const extra = expanded?.(row);
        return (
          <li key={rowKey(row)} className="flex flex-col gap-2 p-4" data-testid={testId(row)}>
            {title || badges.length ? (
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0 font-medium text-slate-900">{title?.cell(row)}</div>
                {badges.length ? (
                  <div className="flex shrink-0 flex-wrap justify-end gap-1">
                    {badges.map((column) => (
                      <Fragment key={column.key}>{column.cell(row)}</Fragment>
                    ))}
                  </div>
                ) : null}
              </div>
            ) : null}
            {lines.length ? (
              <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
                {lines.map((column) => (
                  <Fragment key={column.key}>
                    <dt className="text-slate-500">{column.header}</dt>
                    <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                  </Fragment>
                ))}
              </dl>
            ) : null}
            {actions.length ? (
              <div className="flex flex-wrap gap-2">
                {actions.map((column) => (
                  <Fragment key={column.key}>{column.cell(row)}</Fragment>
                ))}
              </div>
            ) : null}
            {extra ? <div className="rounded-md bg-slate-50 p-3">{extra}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
