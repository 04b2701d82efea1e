// Notifications: what happened that someone should see (a failed billing job, an integration
// problem, the kill switch), recorded here by the areas and read by the header bell (bell.ts).
import type { Database } from '@phone-billing/db';

export type NotificationKind = 'billing-failure' | 'integration' | 'kill-switch';

/**
 * Records something the header bell may show. Users choose in Settings → Notifications which
 * kinds they see; `link` points to where the problem can be fixed.
 */
export async function notify(
  db: Database,
  notification: { kind: NotificationKind; message: string; link?: string },
): Promise<void> {
  await db.notification
    .create({ data: { kind: notification.kind, message: notification.message, link: notification.link ?? null } })
    .catch(() => undefined);
}

/** The bell's link to one billing job: Billing Jobs with its Job Details open. */
export function billingJobLink(jobCode: string): string {
  return `/billing-jobs?job=${encodeURIComponent(jobCode)}`;
}

/**
 * A billing job that failed and then completed on retry needs nobody any more: its failure leaves
 * the bell (issue 24). The audit log and the job itself keep the history.
 */
export async function clearBillingJobFailure(db: Database, jobCode: string): Promise<void> {
  await db.notification
    .deleteMany({ where: { kind: 'billing-failure', link: billingJobLink(jobCode) } })
    .catch(() => undefined);
}
