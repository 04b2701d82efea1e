import { DEFAULT_DIRECTORY_PAGE_SIZE } from '@phone-billing/api/schemas';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Pagination } from '@phone-billing/ui/pagination';
import { Spinner } from '@phone-billing/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { ListTree, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, trpc } from '../../../lib/trpc';

function usePagedDirectory() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_DIRECTORY_PAGE_SIZE);
  return {
    page,
    limit,
    setPage,
    setLimit: (size: number) => {
      setLimit(size);
      setPage(1);
    },
  };
}

function useFailureToast(error: unknown, fallback: string) {
  useEffect(() => {
    if (error) toast.error(errorMessage(error, fallback), { id: fallback });
  }, [error, fallback]);
}

/** Genesys users: name, email, department, division name, id (spec 000 §2). */
export function UsersTab() {
  const paging = usePagedDirectory();
  const query = trpc.genesys.users.useQuery({ page: paging.page, limit: paging.limit }, { placeholderData: (previous) => previous });
  useFailureToast(query.error, 'Failed to fetch users');
  const rows = query.data?.data ?? [];
  const pagination = query.data?.pagination;

  if (query.isLoading) return <LoadingRow label="Loading users" />;
  if (rows.length === 0) return <EmptyState icon={<Users />} title="No users found" description="Genesys Cloud listed no users." />;
  return (
    <div className="flex flex-col gap-3">
      <Table aria-label="Genesys users">
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Department</Th>
            <Th>Division</Th>
            <Th>ID</Th>
          </tr>
        </THead>
        <TBody>
          {rows.map((user) => (
            <Tr key={user.id}>
              <Td className="font-medium text-slate-900">{user.name}</Td>
              <Td>{user.email ?? '—'}</Td>
              <Td>{user.department ?? '—'}</Td>
              <Td>{user.division.name ?? '—'}</Td>
              <Td className="font-mono text-xs text-slate-500">{user.id}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {pagination ? (
        <Pagination
          page={pagination.page}
          pages={pagination.pages}
          total={pagination.total}
          pageSize={paging.limit}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setLimit}
        />
      ) : null}
    </div>
  );
}

/** Genesys queues: name, description, division name, id (spec 000 §2). */
export function QueuesTab() {
  const paging = usePagedDirectory();
  const query = trpc.genesys.queues.useQuery({ page: paging.page, limit: paging.limit }, { placeholderData: (previous) => previous });
  useFailureToast(query.error, 'Failed to fetch queues');
  const rows = query.data?.data ?? [];
  const pagination = query.data?.pagination;

  if (query.isLoading) return <LoadingRow label="Loading queues" />;
  if (rows.length === 0) return <EmptyState icon={<ListTree />} title="No queues found" description="Genesys Cloud listed no queues." />;
  return (
    <div className="flex flex-col gap-3">
      <Table aria-label="Genesys queues">
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Description</Th>
            <Th>Division</Th>
            <Th>ID</Th>
          </tr>
        </THead>
        <TBody>
          {rows.map((queue) => (
            <Tr key={queue.id}>
              <Td className="font-medium text-slate-900">{queue.name}</Td>
              <Td className="max-w-md">{queue.description || '—'}</Td>
              <Td>{queue.division.name ?? '—'}</Td>
              <Td className="font-mono text-xs text-slate-500">{queue.id}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {pagination ? (
        <Pagination
          page={pagination.page}
          pages={pagination.pages}
          total={pagination.total}
          pageSize={paging.limit}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setLimit}
        />
      ) : null}
    </div>
  );
}

export function LoadingRow({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-sm text-slate-500">
      <Spinner label={label} />
      <span>{label}...</span>
    </div>
  );
}
