import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '@phone-billing/ui/spinner';
import { RouteErrorPage } from '../components/errors/route-error-page';
import { RequireAuth, RequirePermission } from './guards';
import { AppLayout } from './layout/app-layout';

/** Screens are lazy-loaded so the login page stays small. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<div className="flex justify-center p-12"><Spinner /></div>}>
      <Screen />
    </Suspense>
  );
}

const screens = {
  // Its form code (react-hook-form, zod) is only needed by someone signing in.
  login: lazyScreen(() => import('../features/auth/components/login-page').then((module) => ({ default: module.LoginPage }))),
  dashboard: lazyScreen(() => import('../features/dashboard/components/dashboard-page')),
  billingJobs: lazyScreen(() => import('../features/billing/components/billing-jobs-page')),
  customerProfiles: lazyScreen(() => import('../features/customer-profiles/components/customer-profiles-page')),
  regionTeams: lazyScreen(() => import('../features/regions/components/region-teams-page')),
  companyInfo: lazyScreen(() => import('../features/qbo/components/company-info-page')),
  qboSetup: lazyScreen(() => import('../features/qbo/components/qbo-setup-page')),
  qboCallback: lazyScreen(() => import('../features/qbo/components/qbo-callback-page')),
  genesys: lazyScreen(() => import('../features/genesys/components/genesys-page')),
  accessControl: lazyScreen(() => import('../features/access-control/components/access-control-page')),
  settings: lazyScreen(() => import('../features/settings/components/settings-page')),
};

export const routes: RouteObject[] = [
  { path: '/login', element: screens.login, errorElement: <RouteErrorPage /> },
  { path: '/qbo-callback', element: screens.qboCallback, errorElement: <RouteErrorPage /> },
  {
    element: <RequireAuth />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AppLayout />,
        errorElement: <RouteErrorPage />,
        children: [
          // No route-level checks on these (spec 000 §2); their sidebar entries are filtered.
          { index: true, element: screens.dashboard },
          { path: 'qbo-setup', element: screens.qboSetup },
          { path: 'company-info', element: screens.companyInfo },
          { path: 'region-teams', element: screens.regionTeams },
          { path: 'settings', element: screens.settings },
          { element: <RequirePermission anyOf={['billing:view']} />, children: [{ path: 'billing-jobs', element: screens.billingJobs }] },
          {
            element: <RequirePermission anyOf={['customer:view', 'billing:view']} />,
            children: [{ path: 'customer-profiles', element: screens.customerProfiles }],
          },
          {
            element: <RequirePermission anyOf={['integration:genesys', 'billing:view']} />,
            children: [{ path: 'genesys', element: screens.genesys }],
          },
          {
            element: <RequirePermission anyOf={['system:manage-access']} />,
            children: [{ path: 'access-control', element: screens.accessControl }],
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

export { lazyScreen };
export const createAppRouter = () => createBrowserRouter(routes);
