import { authRouter } from './routers/auth/router';
import { systemRouter } from './routers/system/router';
import { accessControlRouter } from './routers/access-control/router';
import { settingsRouter } from './routers/settings/router';
import { genesysRouter } from './routers/genesys/router';
import { qboRouter } from './routers/qbo/router';
import { customerProfilesRouter } from './routers/customer-profiles/router';
import { regionsRouter } from './routers/regions/router';
import { billingRouter } from './routers/billing/router';
import { dashboardRouter } from './routers/dashboard/router';
import { monthEndRouter } from './routers/month-end/router';
import { receivablesRouter } from './routers/receivables/router';
import { unownedCallsRouter } from './routers/unowned-calls/router';
import { applyOutputChecks, router } from './trpc';

/** Every area's router. Each area owns its folder under routers/. */
export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
  accessControl: accessControlRouter,
  settings: settingsRouter,
  genesys: genesysRouter,
  qbo: qboRouter,
  customerProfiles: customerProfilesRouter,
  regions: regionsRouter,
  billing: billingRouter,
  dashboard: dashboardRouter,
  monthEnd: monthEndRouter,
  receivables: receivablesRouter,
  unownedCalls: unownedCallsRouter,
});

applyOutputChecks(appRouter);

export type AppRouter = typeof appRouter;
