import { FullPageSpinner } from '@phone-billing/ui/spinner';
import { useEffect, type ReactNode } from 'react';
import { useAuthStore } from '../lib/auth-store';
import { trpc } from '../lib/trpc';

/**
 * Restores the session once per page load: asks the server who is signed in; on failure the user
 * is cleared. Shows 'Checking session...' until it knows.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { hasHydrated, sessionChecked, setUser, clearUser, markSessionChecked } = useAuthStore();
  const utils = trpc.useUtils();

  useEffect(() => {
    if (!hasHydrated || sessionChecked) return;
    let cancelled = false;
    utils.auth.me
      .fetch(undefined, { staleTime: 0 })
      .then((answer) => !cancelled && setUser(answer.user))
      .catch(() => !cancelled && clearUser())
      .finally(() => !cancelled && markSessionChecked());
    return () => {
      cancelled = true;
    };
  }, [hasHydrated, sessionChecked, setUser, clearUser, markSessionChecked, utils]);

  if (!hasHydrated || !sessionChecked) return <FullPageSpinner label="Checking session..." />;
  return <>{children}</>;
}
