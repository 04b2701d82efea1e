import { authRouter } from './routers/auth/router';
import { systemRouter } from './routers/system/router';
import { router } from './trpc';

/** Every area's router. Each area owns its folder under routers/ and adds one line here. */
export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
