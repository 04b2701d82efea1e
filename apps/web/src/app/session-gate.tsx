import { FullPageSpinner } from '@phone-billing/ui/spinner';
import { useEffect, type ReactNode } from 'react';
import { useAuthStore } from '../lib/auth-store';
import { useFetchSessionUser } from '../lib/current-user';

/**
 * Restores the session once per page load: asks the server who is signed in; on failure the user
 * is cleared. Shows 'Checking session...' until it knows.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { hasHydrated, sessionChecked, setUser, clearUser, markSessionChecked } = useAuthStore();
  const fetchSessionUser = useFetchSessionUser();

  useEffect(() => {
    if (!hasHydrated || sessionChecked) return;
    let cancelled = false;
    fetchSessionUser()
      .then((user) => !cancelled && (user ? setUser(user) : clearUser()))
      .catch(() => !cancelled && clearUser())
      .finally(() => !cancelled && markSessionChecked());
    return () => {
      cancelled = true;
    };
    // fetchSessionUser is a new function each render; the check runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasHydrated, sessionChecked, setUser, clearUser, markSessionChecked]);

  if (!hasHydrated || !sessionChecked) return <FullPageSpinner label="Checking session..." />;
  return <>{children}</>;
}
