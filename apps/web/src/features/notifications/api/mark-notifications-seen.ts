import { trpc } from '../../../lib/trpc';

/** Opening the bell marks everything up to now as seen for this user. */
export function useMarkNotificationsSeen() {
  const utils = trpc.useUtils();
  return trpc.dashboard.markNotificationsSeen.useMutation({
    onSuccess: () => utils.dashboard.notifications.invalidate(),
  });
}
