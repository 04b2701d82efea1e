import { trpc } from '../../../lib/trpc';

/** Who did what, newest first, a page at a time. */
export function useAuditLog(page: number, limit: number) {
  return trpc.accessControl.auditLog.useQuery({ page, limit }, { placeholderData: (previous) => previous });
}

export type AuditEntry = NonNullable<ReturnType<typeof useAuditLog>['data']>['data'][number];
