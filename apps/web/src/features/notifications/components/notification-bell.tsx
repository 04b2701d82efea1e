import type { BellNotification } from '@phone-billing/api/schemas';
import { cn } from '@phone-billing/ui/lib/cn';
import { AlertTriangle, Bell, ClipboardCheck, PlugZap, Power } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsSeen } from '../api/mark-notifications-seen';

const KIND = {
  'billing-failure': { label: 'Billing failure', icon: AlertTriangle, className: 'text-red-600' },
  'billing-review': { label: 'Waiting for review', icon: ClipboardCheck, className: 'text-orange-600' },
  integration: { label: 'Integration', icon: PlugZap, className: 'text-orange-600' },
  'kill-switch': { label: 'Kill switch', icon: Power, className: 'text-purple-600' },
} as const;

/**
 * The header bell: the recent notifications the organisation's Notifications settings ask for
 * (billing failures, integration problems, kill-switch changes), an unread count since this user
 * last opened it, each entry linking to where the problem can be fixed. Opening it marks them seen.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  // What was unread when the bell opened stays highlighted while it is open, though now seen.
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const query = useNotifications();
  const markSeen = useMarkNotificationsSeen();
  const unread = query.data?.data.unreadCount ?? 0;
  // The name a screen reader says holds the same count the badge shows.
  const shownCount = unread > 99 ? '99+' : String(unread);
  const notifications = query.data?.data.notifications ?? [];

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Closing from the keyboard hands focus back to the bell.
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening) {
      setHighlighted(
        new Set(notifications.filter((notification) => notification.unread).map((notification) => notification.id)),
      );
      void query.refetch();
      if (unread > 0) markSeen.mutate(undefined);
    }
  }

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100"
        ref={button}
        aria-label={unread > 0 ? `Notifications, ${shownCount} unread` : 'Notifications'}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={toggle}
      >
        <Bell className="h-5 w-5" />
        {unread > 0 ? (
          <span
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white"
            data-testid="notification-count"
          >
            {shownCount}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          className="absolute right-0 z-50 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg"
          role="dialog"
          aria-label="Notifications"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <p className="text-sm font-semibold text-slate-900">Notifications</p>
            {highlighted.size > 0 ? <span className="text-xs text-slate-500">{highlighted.size} new</span> : null}
          </div>
          {query.isError ? (
            <p className="px-4 py-6 text-center text-sm text-red-700">Notifications could not be loaded</p>
          ) : notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">
              {query.isLoading ? 'Loading...' : 'No notifications'}
            </p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto" aria-label="Recent notifications">
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  isNew={notification.unread || highlighted.has(notification.id)}
                  onOpen={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function NotificationItem({
  notification,
  isNew,
  onOpen,
}: {
  notification: BellNotification;
  isNew: boolean;
  onOpen: () => void;
}) {
  const kind = KIND[notification.kind];
  const Icon = kind.icon;
  return (
    <li>
      <Link
        to={notification.link}
        onClick={onOpen}
        className={cn('flex gap-3 px-4 py-3 text-left hover:bg-slate-50', isNew && 'bg-blue-50/60')}
      >
        <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', kind.className)} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block text-sm text-slate-900">{notification.message}</span>
          <span className="mt-0.5 block text-xs text-slate-500">
            {kind.label} · {formatDateTime(notification.createdAt)}
          </span>
        </span>
        {isNew ? <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-blue-600" aria-label="New" /> : null}
      </Link>
    </li>
  );
}
