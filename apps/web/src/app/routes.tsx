import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { FullPageSpinner, Spinner } from '@phone-billing/ui/spinner';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { prefetchBillingJobs } from '../features/billing/api/prefetch-billing-jobs';
import { prefetchCustomerProfiles } from '../features/customer-profiles/api/prefetch-customer-profiles';
import { prefetchDashboardData } from '../features/dashboard/api/prefetch-dashboard-data';
import { prefetchNotifications } from '../features/notifications/api/get-notifications';
import { hasAnyPermission } from '../lib/auth-store';
import type { TrpcUtils } from '../lib/trpc';
import type { TAuthUser } from '@phone-billing/api/schemas';
import { RequireAuth, RequirePermission } from './guards';

type Module = { default: ComponentType };

/**
 * What asks for a screen's first data ahead of its first render, given who is signed in and the
 * URL's query. Part of the entry, so the data is asked for as soon as the session check names
 * someone, not once the screen's code is in too (issue 24, Lighthouse mobile LCP).
 */
type Prefetch = (utils: TrpcUtils, can: (permission: string) => boolean, params: URLSearchParams) => void;

/** A module fetched at most once: React.lazy and the preloading below share the one request. */
function once(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => (loading ??= load());
}

/** A screen's route handle: how to fetch its code and its first data ahead of rendering it. */
interface ScreenHandle {
  preload: () => Promise<Module>;
  prefetch?: Prefetch;
}

/** Screens are lazy-loaded so the login page stays small. */
function lazyScreen(load: () => Promise<Module>, prefetch?: Prefetch): { element: ReactNode; handle: ScreenHandle } {
  const preload = once(load);
  const Screen = lazy(preload);
  return {
    element: (
      <Suspense
        fallback={
          <div className="flex justify-center p-12">
            <Spinner />
          </div>
        }
      >
        <Screen />
      </Suspense>
    ),
    handle: { preload, ...(prefetch ? { prefetch } : {}) },
  };
}

const screens = {
  // Its form code (react-hook-form, zod) is only needed by someone signing in.
  login: lazyScreen(() =>
    import('../features/auth/components/login-page').then((module) => ({ default: module.LoginPage })),
  ),
  dashboard: lazyScreen(() => import('../features/dashboard/components/dashboard-page'), prefetchDashboardData),
  billingJobs: lazyScreen(() => import('../features/billing/components/billing-jobs-page'), prefetchBillingJobs),
  monthEnd: lazyScreen(() => import('../features/month-end/components/month-end-page')),
  invoices: lazyScreen(() => import('../features/invoices/components/invoices-page')),
  customerProfiles: lazyScreen(
    () => import('../features/customer-profiles/components/customer-profiles-page'),
    prefetchCustomerProfiles,
  ),
  regionTeams: lazyScreen(() => import('../features/regions/components/region-teams-page')),
  companyInfo: lazyScreen(() => import('../features/qbo/components/company-info-page')),
  qboSetup: lazyScreen(() => import('../features/qbo/components/qbo-setup-page')),
  qboCallback: lazyScreen(() => import('../features/qbo/components/qbo-callback-page')),
  genesys: lazyScreen(() => import('../features/genesys/components/genesys-page')),
  accessControl: lazyScreen(() => import('../features/access-control/components/access-control-page')),
  settings: lazyScreen(() => import('../features/settings/components/settings-page')),
};

/**
 * The signed-in frame (menu, header, notification bell with its date formatting) is code the
 * login page never needs, so it is a chunk of its own too. It is fetched together with the
 * screen it frames rather than before it: asking for one asks for both.
 */
const loadAppLayout = once(() => import('./layout/app-layout').then((module) => ({ default: module.AppLayout })));
const AppLayout = lazy(() => {
  preloadScreens(window.location.pathname);
  return loadAppLayout();
});
const appLayout = (
  <Suspense fallback={<FullPageSpinner />}>
    <AppLayout />
  </Suspense>
);

export const routes: RouteObject[] = [
  { path: '/login', ...screens.login, errorElement: <RouteErrorPage /> },
  { path: '/qbo-callback', ...screens.qboCallback, errorElement: <RouteErrorPage /> },
  {
    element: <RequireAuth />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: appLayout,
        errorElement: <RouteErrorPage />,
        children: [
          // No route-level checks on these (spec 000 §2); their sidebar entries are filtered.
          { index: true, ...screens.dashboard },
          { path: 'qbo-setup', ...screens.qboSetup },
          { path: 'company-info', ...screens.companyInfo },
          { path: 'region-teams', ...screens.regionTeams },
          { path: 'settings', ...screens.settings },
          {
            element: <RequirePermission anyOf={['billing:view']} />,
            children: [{ path: 'billing-jobs', ...screens.billingJobs }],
          },
          {
            element: <RequirePermission anyOf={['billing:view']} />,
            children: [{ path: 'month-end', ...screens.monthEnd }],
          },
          {
            element: <RequirePermission anyOf={['billing:view']} />,
            children: [{ path: 'invoices', ...screens.invoices }],
          },
          {
            element: <RequirePermission anyOf={['customer:view', 'billing:view']} />,
            children: [{ path: 'customer-profiles', ...screens.customerProfiles }],
          },
          {
            element: <RequirePermission anyOf={['integration:genesys', 'billing:view']} />,
            children: [{ path: 'genesys', ...screens.genesys }],
          },
          {
            element: <RequirePermission anyOf={['system:manage-access']} />,
            children: [{ path: 'access-control', ...screens.accessControl }],
          },
          // Unknown paths are routing failures: the error page with 404.
          {
            path: '*',
            loader: () => {
              throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
            },
            element: null,
          },
        ],
      },
    ],
  },
];

/**
 * Starts fetching the code a signed-in page at `pathname` shows (the frame and its screen) without
 * waiting for the session check or for one to render before the other.
 */
export function preloadScreens(pathname: string): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.some((match) => match.route.element === appLayout)) void loadAppLayout();
  for (const match of matches) void (match.route.handle as ScreenHandle | undefined)?.preload();
}

/**
 * Once the session check names `user`, asks for the first data of the screen at `location` (where
 * its route says what that is) and of the frame's bell, in one batch, so the answers come while the
 * frame and the screen are fetched and render instead of after (issue 24: on the dashboard, the
 * data waited for both; Lighthouse mobile LCP).
 */
export function prefetchScreenData(
  location: { pathname: string; search: string },
  user: TAuthUser,
  utils: TrpcUtils,
): void {
  const can = (permission: string) => hasAnyPermission(user, [permission]);
  const params = new URLSearchParams(location.search);
  // The code too, if the first paint has not asked for it yet (main.tsx); asked once either way.
  preloadScreens(location.pathname);
  const matches = matchRoutes(routes, location.pathname) ?? [];
  if (matches.some((match) => match.route.element === appLayout)) prefetchNotifications(utils);
  for (const match of matches) (match.route.handle as ScreenHandle | undefined)?.prefetch?.(utils, can, params);
}

export const createAppRouter = () => createBrowserRouter(routes);
