import { DEFAULT_DIRECTORY_PAGE_SIZE } from '@phone-billing/api/schemas';
import { DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Pagination } from '@phone-billing/ui/pagination';
import { Spinner } from '@phone-billing/ui/spinner';
import { ListTree, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { LoadError } from '../../../components/errors/load-error';
import { errorMessage } from '../../../lib/trpc';
import { useGenesysQueues, useGenesysUsers } from '../api/get-genesys-directory';
import type { GenesysQueueRow, GenesysUserRow } from '../api/genesys-types';

type Paging = { page: number; limit: number };
type DirectoryQuery<Row> = {
  data?: { data: Row[]; pagination: { page: number; pages: number; total: number } };
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

interface DirectoryTabProps<Row> {
  /** The page's query for the current paging (users or queues). */
  useDirectory: (paging: Paging) => DirectoryQuery<Row>;
  label: string;
  /** The spec's failure text, e.g. 'Failed to fetch users'. */
  failure: string;
  columns: DataColumn<Row>[];
  empty: { icon: ReactNode; title: string; description: string };
}

/** A paged Genesys directory (users or queues): the table, its pages, and a load failure with Retry. */
function DirectoryTab<Row extends { id: string }>({
  useDirectory,
  label,
  failure,
  columns,
  empty,
}: DirectoryTabProps<Row>) {
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: DEFAULT_DIRECTORY_PAGE_SIZE });
  const query = useDirectory(paging);
  useEffect(() => {
    if (query.error) toast.error(errorMessage(query.error, failure), { id: failure });
  }, [query.error, failure]);

  if (query.isLoading) return <LoadingRow label={`Loading ${label.toLowerCase()}`} />;
  if (query.error && !query.data)
    return <LoadError title={errorMessage(query.error, failure)} onRetry={query.refetch} retrying={query.isFetching} />;
  const rows = query.data?.data ?? [];
  const pagination = query.data?.pagination;
  if (rows.length === 0) return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />;
  return (
    <div className="flex flex-col gap-3">
      <DataTable aria-label={label} columns={columns} rows={rows} rowKey={(row) => row.id} />
      {pagination ? (
        <Pagination
          {...pagination}
          pageSize={paging.limit}
          onPageChange={(page) => setPaging((current) => ({ ...current, page }))}
          onPageSizeChange={(limit) => setPaging({ page: 1, limit })}
        />
      ) : null}
    </div>
  );
}

const idColumn = {
  key: 'id',
  header: 'ID',
  className: 'font-mono text-xs text-slate-500 break-all',
  cell: (row: { id: string }) => row.id,
};

const userColumns: DataColumn<GenesysUserRow>[] = [
  { key: 'name', header: 'Name', className: 'font-medium text-slate-900', card: 'title', cell: (user) => user.name },
  { key: 'email', header: 'Email', cell: (user) => user.email ?? '—' },
  { key: 'department', header: 'Department', cell: (user) => user.department ?? '—' },
  { key: 'division', header: 'Division', cell: (user) => user.division.name ?? '—' },
  idColumn,
];

const queueColumns: DataColumn<GenesysQueueRow>[] = [
  { key: 'name', header: 'Name', className: 'font-medium text-slate-900', card: 'title', cell: (queue) => queue.name },
  { key: 'description', header: 'Description', className: 'max-w-md', cell: (queue) => queue.description || '—' },
  { key: 'division', header: 'Division', cell: (queue) => queue.division.name ?? '—' },
  idColumn,
];

const DIRECTORIES = {
  users: {
    useDirectory: useGenesysUsers,
    label: 'Genesys users',
    failure: 'Failed to fetch users',
    columns: userColumns,
    empty: { icon: <Users />, title: 'No users found', description: 'Genesys Cloud listed no users.' },
  },
  queues: {
    useDirectory: useGenesysQueues,
    label: 'Genesys queues',
    failure: 'Failed to fetch queues',
    columns: queueColumns,
    empty: { icon: <ListTree />, title: 'No queues found', description: 'Genesys Cloud listed no queues.' },
  },
};

/** Users (name, email, department, division name, id) or queues (name, description, division name, id): spec 000 §2. */
export function GenesysDirectoryTab({ directory }: { directory: 'users' | 'queues' }) {
  // Each directory has its own row type; the table only needs each row's id.
  const props = DIRECTORIES[directory] as unknown as DirectoryTabProps<{ id: string }>;
  return <DirectoryTab key={directory} {...props} />;
}

export function LoadingRow({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-sm text-slate-500">
      <Spinner label={label} />
      <span>{label}...</span>
    </div>
  );
}
