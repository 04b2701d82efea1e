import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadScreens } from './app/routes';
import { SessionGate } from './app/session-gate';
import { useAuthStore } from './lib/auth-store';
import './index.css';

function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  );
}

// Our CSP allows no eval, and zod's first object schema would otherwise probe `new Function` to
// see whether it may compile its checks: a CSP violation the browser reports (zod then falls back
// to what this asks for anyway). Set before any screen's schemas are built.
zodConfig({ jitless: true });

// Someone signed in last time most likely still is: fetch the frame and this page's screen while
// the session is being checked rather than after.
if (useAuthStore.getState().isAuthenticated) preloadScreens(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
