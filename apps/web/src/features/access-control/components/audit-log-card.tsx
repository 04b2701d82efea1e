import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Pagination } from '@phone-billing/ui/pagination';
import { Spinner } from '@phone-billing/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@phone-billing/ui/table';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { useAuditLog } from '../api/get-audit-log';

const PAGE_SIZE = 20;

function describeDetails(details: unknown): string {
  if (details === null || details === undefined) return '';
  if (typeof details !== 'object') return String(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => {
      if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
        const change = value as { from: unknown; to: unknown };
        return `${key}: ${String(change.from)} → ${String(change.to)}`;
      }
      return `${key}: ${Array.isArray(value) ? value.join(', ') || '(none)' : String(value)}`;
    })
    .join('; ');
}

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
          <Table aria-label="Audit log">
            <THead>
              <Tr>
                <Th>When</Th>
                <Th>Who</Th>
                <Th>Action</Th>
                <Th>Target</Th>
                <Th>Details</Th>
              </Tr>
            </THead>
            <TBody>
              {(log.data?.data ?? []).map((entry) => (
                <Tr key={entry.id}>
                  <Td className="whitespace-nowrap">{formatDateTime(entry.at)}</Td>
                  <Td>{entry.actor ?? '—'}</Td>
                  <Td>
                    <code className="text-xs">{entry.action}</code>
                  </Td>
                  <Td>{entry.target ?? ''}</Td>
                  <Td className="max-w-md text-xs break-words whitespace-normal text-slate-500">{describeDetails(entry.details)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        {log.data && (
          <div className="px-5 py-3">
            <Pagination page={page} pages={log.data.pagination.pages} onPageChange={setPage} pageSize={PAGE_SIZE} total={log.data.pagination.total} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
