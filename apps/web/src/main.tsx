import { createTRPCQueryUtils } from '@trpc/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers';
import { createAppRouter, prefetchScreenData, preloadScreens } from './app/routes';
import { SessionGate } from './app/session-gate';
import { useAuthStore } from './lib/auth-store';
import { createQueryClient, createTrpcClient } from './lib/trpc';
import type { TAuthUser } from '@phone-billing/api/schemas';
import './index.css';

function App({ sessionCheck }: { sessionCheck: Promise<TAuthUser | null> }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <SessionGate
        sessionCheck={sessionCheck}
        onSignedIn={(user, utils) => prefetchScreenData(window.location, user, utils)}
      >
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  );
}

// Our CSP allows no eval, and zod's first object schema would otherwise probe `new Function` to
// see whether it may compile its checks: a CSP violation the browser reports (zod then falls back
// to what this asks for anyway). Set before any screen's schemas are built.
zodConfig({ jitless: true });

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
// Who is signed in is asked as this script runs, before React's first render and before the
// screens' code is asked for: the screen's data waits for the answer, and on a phone's connection
// (6 requests at a time) the question no longer queues behind the code (issue 24, Lighthouse
// mobile LCP). SessionGate takes the answer; a failure is its to handle (it signs out).
const sessionCheck = createTRPCQueryUtils({ queryClient, client: trpcClient })
  .auth.session.fetch(undefined, { staleTime: 0 })
  .then((session) => session.user);
sessionCheck.catch(() => undefined);

// Fetch the frame and this page's screen while the session is being checked rather than after.
// Someone opening a signed-in page most likely is signed in (a bookmark, a link from a colleague,
// a browser whose storage was cleared but whose session cookie was not), and whoever is not comes
// back to this page right after signing in: the code is needed either way. On a slow phone this
// saves a round trip and a download before the first screen (issue 24, Lighthouse mobile LCP).
// Without last time's sign-in the fetch starts once the first paint is out, so on a slow network
// it does not compete with what that paint needs (Lighthouse counted 0.5 s more FCP otherwise).
if (useAuthStore.getState().isAuthenticated) preloadScreens(window.location.pathname);
else if (window.location.pathname !== '/login')
  requestAnimationFrame(() => setTimeout(() => preloadScreens(window.location.pathname)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App sessionCheck={sessionCheck} />
  </StrictMode>,
);
