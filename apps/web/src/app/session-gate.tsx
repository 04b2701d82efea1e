import { FullPageSpinner } from '@phone-billing/ui/spinner';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useAuthStore } from '../lib/auth-store';
import { useFetchSessionUser } from '../lib/current-user';
import { trpc, type TrpcUtils } from '../lib/trpc';
import type { TAuthUser } from '@phone-billing/api/schemas';

/**
 * Restores the session once per page load: asks the server who is signed in; on failure the user
 * is cleared. Shows 'Checking session...' until it knows. `onSignedIn` hears who it is before the
 * app renders for them (main.tsx asks for the screen's data then). `sessionCheck`, when given, is
 * that question already asked (main.tsx asks as its script runs, before this first renders).
 */
export function SessionGate({
  children,
  onSignedIn,
  sessionCheck,
}: {
  children: ReactNode;
  onSignedIn?: (user: TAuthUser, utils: TrpcUtils) => void;
  sessionCheck?: Promise<TAuthUser | null>;
}) {
  const { hasHydrated, sessionChecked, setUser, clearUser, markSessionChecked } = useAuthStore();
  const fetchSessionUser = useFetchSessionUser();
  const utils = trpc.useUtils();

  useEffect(() => {
    if (!hasHydrated || sessionChecked) return;
    let cancelled = false;
    (sessionCheck ?? fetchSessionUser())
      .then((user) => {
        if (cancelled) return;
        if (user) onSignedIn?.(user, utils);
        if (user) setUser(user);
        else clearUser();
      })
      .catch(() => !cancelled && clearUser())
      .finally(() => !cancelled && markSessionChecked());
    return () => {
      cancelled = true;
    };
    // fetchSessionUser and onSignedIn are new functions each render, sessionCheck is the page load's
    // one answer; the check runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasHydrated, sessionChecked, setUser, clearUser, markSessionChecked]);

  // The first render of the app after the check (the frame, the screen, often its data) is the page
  // load's biggest piece of work. As an update of a store it would run in one go; deferred, React
  // renders it in short slices and the page keeps answering input meanwhile (issue 24: one task of
  // 0.6–1 s on Lighthouse's throttled phone was nearly all of the dashboard's Total Blocking Time).
  const ready = useDeferredValue(hasHydrated && sessionChecked);
  if (!ready) return <FullPageSpinner label="Checking session..." />;
  return <>{children}</>;
}
