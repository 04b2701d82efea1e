import { trpc, type TrpcUtils } from '../../../lib/trpc';

const BELL_LIMIT = 20;

/** The header bell's recent notifications and this user's unread count, refreshed every minute. */
export function useNotifications() {
  return trpc.dashboard.notifications.useQuery({ limit: BELL_LIMIT }, { refetchInterval: 60_000 });
}

/** The bell's first answer, asked for with the screen's data when a signed-in page loads. */
export function prefetchNotifications(utils: TrpcUtils): void {
  void utils.dashboard.notifications.prefetch({ limit: BELL_LIMIT });
}
