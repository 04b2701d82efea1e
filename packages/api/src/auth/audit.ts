import type { Database } from '@phone-billing/db';

/** Who did it: the signed-in person (null for the system, or a script without one). */
export type AuditActor = { id: string; email: string };

export interface AuditEntry {
  actor?: AuditActor | null;
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
