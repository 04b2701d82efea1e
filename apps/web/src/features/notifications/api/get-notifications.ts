import { trpc } from '../../../lib/trpc';

/** The header bell's recent notifications and this user's unread count, refreshed every minute. */
export function useNotifications() {
  return trpc.dashboard.notifications.useQuery({ limit: 20 }, { refetchInterval: 60_000 });
}
