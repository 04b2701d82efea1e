import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store';
import { useFetchCurrentUser } from '../../../lib/current-user';
import { httpStatusOf } from '../../../lib/trpc';

/**
 * Re-reads the signed-in user (roles and permissions) whenever the path changes, so a role an
 * admin added or removed shows in the sidebar on the user's next in-app navigation, not only on
 * the next page load. A 401 means the session ended: the user is cleared and the guards send
 * them to /login. Mount it once inside the signed-in layout. Not on the layout's mount: the session
 * check or the sign-in has just named the user, and a second question during the first load only
 * added a request and its handling to a phone's busiest seconds (issue 24).
 */
export function useRefreshUserOnNavigation() {
  const { pathname } = useLocation();
  const fetchCurrentUser = useFetchCurrentUser();
  const setUser = useAuthStore((state) => state.setUser);
  const clearUser = useAuthStore((state) => state.clearUser);
  const isFirstCheckDone = useAuthStore((state) => state.sessionChecked);
  const mountedPath = useRef<string | null>(pathname);

  useEffect(() => {
    if (!isFirstCheckDone) return;
    if (mountedPath.current === pathname) return;
    mountedPath.current = null;
    let cancelled = false;
    fetchCurrentUser()
      .then((user) => {
        if (cancelled) return;
        const current = useAuthStore.getState().user;
        if (JSON.stringify(current) !== JSON.stringify(user)) setUser(user);
      })
      .catch((error) => {
        if (!cancelled && httpStatusOf(error) === 401) clearUser();
      });
    return () => {
      cancelled = true;
    };
    // Only the path matters: one check per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
