import type { Database } from '@phone-billing/db';

export interface AuditEntry {
  actor?: { id: string; email: string } | null;
  /** Dotted verb, e.g. "auth.sign-in", "settings.kill-switch". */
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
}

/** Records who did what; never lets a logging failure break the action itself. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.auditLog
    .create({
      data: {
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actor?.email ?? null,
        action: entry.action,
        target: entry.target ?? null,
        details: (entry.details ?? undefined) as object | undefined,
      },
    })
    .catch(() => undefined);
}
