import type { Database } from '@phone-billing/db';

export interface AuditLogEntry {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
  details: unknown;
}

/** The audit log, newest first, one page at a time. */
export async function listAuditLog(db: Database, page: number, limit: number) {
  const [total, rows] = await Promise.all([
    db.auditLog.count(),
    db.auditLog.findMany({ orderBy: [{ at: 'desc' }, { id: 'desc' }], skip: (page - 1) * limit, take: limit }),
  ]);
  const data: AuditLogEntry[] = rows.map((row) => ({
    id: row.id.toString(),
    at: row.at.toISOString(),
    actor: row.actorEmail,
    action: row.action,
    target: row.target,
    details: row.details ?? null,
  }));
  return { data, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}
