import type { Database } from '@phone-billing/db';
import { reviewWaits } from '../billing/review-waits';
import {
  NOTIFICATION_DEFAULT_LINKS,
  NOTIFICATION_KINDS,
  type BellNotification,
  type BellNotificationKind,
  type BellNotifications,
} from '../shared/dashboard';

/** The kinds the organisation's Notifications settings turn on. */
export function enabledNotificationKinds(settings: {
  notifyBillingFailures: boolean;
  notifyIntegrationIssues: boolean;
  notifyKillSwitchChanges: boolean;
}): BellNotificationKind[] {
  const kinds: BellNotificationKind[] = [];
  if (settings.notifyBillingFailures) kinds.push('billing-failure');
  if (settings.notifyIntegrationIssues) kinds.push('integration');
  if (settings.notifyKillSwitchChanges) kinds.push('kill-switch');
  return kinds;
}

/** Where to fix a notification that came without a link (a Genesys problem on its own page). */
function defaultLink(kind: BellNotificationKind, message: string): string {
  if (kind === 'integration' && /genesys/i.test(message)) return '/genesys';
  return NOTIFICATION_DEFAULT_LINKS[kind];
}

function isKind(kind: string): kind is BellNotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/**
 * The header bell: the newest notifications of the enabled kinds, each with where to fix it, and
 * how many arrived since the user last opened the bell (users.notificationsSeenAt).
 */
export async function listBellNotifications(db: Database, userId: string, limit: number): Promise<BellNotifications> {
  const [settingsRows, user] = await Promise.all([
    // A plain read (no upsert): missing settings mean the defaults, every kind on.
    db.$queryRaw<
      Array<{
        notifyBillingFailures: boolean;
        notifyIntegrationIssues: boolean;
        notifyKillSwitchChanges: boolean;
        timezone: string;
      }>
    >`
      SELECT "notifyBillingFailures", "notifyIntegrationIssues", "notifyKillSwitchChanges", timezone FROM organization_settings WHERE id = 1`,
    db.user.findUnique({ where: { id: userId }, select: { notificationsSeenAt: true } }),
  ]);
  const kinds = enabledNotificationKinds(
    settingsRows[0] ?? { notifyBillingFailures: true, notifyIntegrationIssues: true, notifyKillSwitchChanges: true },
  );
  const seenAt = user?.notificationsSeenAt ?? null;
  // Invoices waiting for review are always shown: nothing is sent until someone decides.
  const waiting: BellNotification[] = (await reviewWaits(db, settingsRows[0]?.timezone ?? 'America/Los_Angeles')).map(
    (wait) => ({
      id: `review-${wait.jobId}${wait.overdue ? '-overdue' : ''}`,
      kind: 'billing-review',
      message: wait.message,
      link: wait.link,
      createdAt: wait.at.toISOString(),
      unread: !seenAt || wait.at > seenAt,
    }),
  );
  const waitingUnread = waiting.filter((notification) => notification.unread).length;
  if (kinds.length === 0) return { notifications: waiting.slice(0, limit), unreadCount: waitingUnread };
  const [rows, stored] = await Promise.all([
    db.notification.findMany({
      where: { kind: { in: kinds } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    }),
    db.notification.count({ where: { kind: { in: kinds }, ...(seenAt ? { createdAt: { gt: seenAt } } : {}) } }),
  ]);
  const notifications: BellNotification[] = rows
    .filter((row) => isKind(row.kind))
    .map((row) => ({
      id: row.id.toString(),
      kind: row.kind as BellNotificationKind,
      message: row.message,
      link: row.link?.startsWith('/') ? row.link : defaultLink(row.kind as BellNotificationKind, row.message),
      createdAt: row.createdAt.toISOString(),
      unread: !seenAt || row.createdAt > seenAt,
    }));
  // Waits first (they need someone now), then the newest of the rest.
  return { unreadCount: stored + waitingUnread, notifications: [...waiting, ...notifications].slice(0, limit) };
}

/** Everything shown so far counts as read for this user. */
export async function markBellNotificationsSeen(db: Database, userId: string, at = new Date()): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { notificationsSeenAt: at } });
}
