import type { Database } from '@phone-billing/db';

export type NotificationKind = 'billing-failure' | 'integration' | 'kill-switch';

/**
 * Records something the header bell may show. Users choose in Settings → Notifications which
 * kinds they see; `link` points to where the problem can be fixed.
 */
export async function notify(db: Database, notification: { kind: NotificationKind; message: string; link?: string }): Promise<void> {
  await db.notification
    .create({ data: { kind: notification.kind, message: notification.message, link: notification.link ?? null } })
    .catch(() => undefined);
}
