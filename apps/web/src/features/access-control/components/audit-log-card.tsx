import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { DataTable, type DataColumn } from '@phone-billing/ui/data-table';
import { Pagination } from '@phone-billing/ui/pagination';
import { Spinner } from '@phone-billing/ui/spinner';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { useAuditLog, type AuditEntry } from '../api/get-audit-log';
import { describeAuditDetails } from './audit-details';

const PAGE_SIZE = 20;

// A table on wide screens, cards on phones (the details column scrolled out of a phone's reach).
const columns: DataColumn<AuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (entry) => formatDateTime(entry.at),
  },
  { key: 'who', header: 'Who', cell: (entry) => entry.actor ?? '—' },
  { key: 'action', header: 'Action', cell: (entry) => <code className="text-xs">{entry.action}</code> },
  { key: 'target', header: 'Target', cell: (entry) => entry.target ?? '' },
  {
    key: 'details',
    header: 'Details',
    className: 'max-w-md text-xs break-words whitespace-normal text-slate-500',
    cell: (entry) => describeAuditDetails(entry.details),
  },
];

/** Who did what, newest first (sign-ins, users, roles, permissions, settings, tokens). */
export function AuditLogCard() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, PAGE_SIZE);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        {log.isFetching && <Spinner size="sm" />}
      </CardHeader>
      <CardContent className="p-0">
        {log.error ? (
          <p className="p-5 text-sm text-red-700">Failed to load the audit log</p>
        ) : (
          <DataTable aria-label="Audit log" columns={columns} rows={log.data?.data ?? []} rowTestId="audit-entry" />
        )}
        {log.data && (
          <div className="px-5 py-3">
            <Pagination
              page={page}
              pages={log.data.pagination.pages}
              onPageChange={setPage}
              pageSize={PAGE_SIZE}
              total={log.data.pagination.total}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
