import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import directions of STYLE.md are enforced by eslint.config.js; these cases check that a wrong
// import in each package really fails `npm run lint`, and that the allowed ones pass.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.message);
}

// The first lint loads ESLint's plugins and type information: seconds on a busy machine.
describe('lint enforces the directions between packages', { timeout: 60_000 }, () => {
  it('lets the web app import types and schemas from the API package, and nothing else of the server', async () => {
    const allowed =
      "import type { AppRouter } from '@phone-billing/api';\nimport { z } from '@phone-billing/api/schemas';\nexport const a = [z] as unknown as AppRouter;\n";
    expect(await problems('apps/web/src/lib/probe.ts', allowed)).toEqual([]);
    expect(
      await problems(
        'apps/web/src/lib/probe.ts',
        "import { appRouter } from '@phone-billing/api';\nexport const a = appRouter;\n",
      ),
    ).toEqual([expect.stringContaining('imports only types from @phone-billing/api')]);
    expect(
      await problems(
        'apps/web/src/lib/probe.ts',
        "import { createDatabaseClient } from '@phone-billing/db';\nexport const a = createDatabaseClient;\n",
      ),
    ).toEqual([expect.stringContaining('Server code never enters the browser bundle')]);
  });

  it('keeps data fetching out of packages/ui', async () => {
    expect(
      await problems(
        'packages/ui/src/components/probe.tsx',
        "import { useQuery } from '@tanstack/react-query';\nexport const a = useQuery;\n",
      ),
    ).toEqual([expect.stringContaining('packages/ui knows no data fetching')]);
  });

  it('keeps Fastify out of the API package and routers out of domain code', async () => {
    expect(
      await problems(
        'packages/api/src/routers/billing/probe.ts',
        "import type { FastifyRequest } from 'fastify';\nexport type A = FastifyRequest;\n",
      ),
    ).toEqual([expect.stringContaining('know no transport')]);
    expect(
      await problems(
        'packages/api/src/regions/probe.ts',
        "import { baseProcedure } from '../trpc';\nexport const a = baseProcedure;\n",
      ),
    ).toEqual([expect.stringContaining('Domain code knows no router')]);
    expect(
      await problems(
        'packages/api/src/regions/probe.ts',
        "import type { RequestContext } from '../context';\nexport type A = RequestContext;\n",
      ),
    ).toEqual([expect.stringContaining('from services.ts')]);
  });

  it('keeps Prisma queries out of routers', async () => {
    const query =
      "import type { Database } from '@phone-billing/db';\nexport const count = (services: { db: Database }) => services.db.user.count();\n";
    expect(await problems('packages/api/src/routers/auth/probe.ts', query)).toEqual([
      expect.stringContaining('No Prisma in routers/'),
    ]);
    expect(await problems('packages/api/src/access-control/probe.ts', query)).toEqual([]);
  });

  it('keeps the database and vendor-client packages free of our other packages', async () => {
    expect(
      await problems(
        'packages/db/src/probe.ts',
        "import { appRouter } from '@phone-billing/api';\nexport const a = appRouter;\n",
      ),
    ).toEqual([expect.stringContaining('packages/db knows no business rules')]);
    expect(
      await problems(
        'packages/integrations/src/qbo/probe.ts',
        "import type { Database } from '@phone-billing/db';\nexport type A = Database;\n",
      ),
    ).toEqual([expect.stringContaining('Vendor clients know nothing of billing')]);
  });

  it('keeps web features from importing each other or the app shell, however the path is spelled', async () => {
    const own =
      "import { useBillingJobsUrl } from '../hooks/use-billing-jobs-url';\nexport const a = useBillingJobsUrl;\n";
    const shared =
      "import { formatCurrency } from '../../../lib/format';\nimport { LoadError } from '../../../components/errors/load-error';\nexport const a = [formatCurrency, LoadError];\n";
    expect(await problems('apps/web/src/features/billing/components/probe.tsx', own)).toEqual([]);
    expect(await problems('apps/web/src/features/billing/components/probe.tsx', shared)).toEqual([]);
    const otherFeature =
      "import { useCustomerProfiles } from '../../customer-profiles/api/get-customer-profiles';\nexport const a = useCustomerProfiles;\n";
    expect(await problems('apps/web/src/features/billing/components/probe.tsx', otherFeature)).toEqual([
      expect.stringContaining(
        "Web features do not import each other ('features/billing' imports features/customer-profiles)",
      ),
    ]);
    // The same target through features/ (one level higher), re-exported, and loaded lazily.
    expect(
      await problems(
        'apps/web/src/features/billing/probe.ts',
        "export { useDashboardData } from '../../features/dashboard/api/get-dashboard-data';\n",
      ),
    ).toEqual([expect.stringContaining('imports features/dashboard')]);
    expect(
      await problems(
        'apps/web/src/features/billing/probe.ts',
        "export const load = () => import('../settings/components/settings-page');\n",
      ),
    ).toEqual([expect.stringContaining('imports features/settings')]);
    expect(
      await problems(
        'apps/web/src/features/billing/components/probe.tsx',
        "import { AppRoutes } from '../../../app/routes';\nexport const a = AppRoutes;\n",
      ),
    ).toEqual([expect.stringContaining('does not import the app shell')]);
  });

  it('keeps shared web code (components, hooks, lib) free of features and app/, and lets app/ compose features', async () => {
    const feature =
      "import { NotificationBell } from '../../features/notifications/components/notification-bell';\nexport const a = NotificationBell;\n";
    expect(await problems('apps/web/src/components/errors/probe.tsx', feature)).toEqual([
      expect.stringContaining('Shared web code (components/) imports no feature or app/'),
    ]);
    expect(
      await problems(
        'apps/web/src/lib/probe.ts',
        "import { AppRoutes } from '../app/routes';\nexport const a = AppRoutes;\n",
      ),
    ).toEqual([expect.stringContaining('Shared web code (lib/) imports no feature or app/')]);
    expect(await problems('apps/web/src/app/layout/probe.tsx', feature)).toEqual([]);
  });

  it('keeps test tooling and test-runner flags out of production files, not out of tests', async () => {
    expect(
      await problems('apps/server/src/areas/probe.ts', "import { vi } from 'vitest';\nexport const a = vi;\n"),
    ).toEqual([expect.stringContaining('Test tooling belongs in *.test.ts files')]);
    expect(await problems('apps/server/src/areas/probe.ts', 'export const demo = !process.env.VITEST;\n')).toEqual([
      expect.stringContaining('must not behave differently under the test runner'),
    ]);
    expect(
      await problems('apps/server/src/areas/probe.test.ts', "import { vi } from 'vitest';\nexport const a = vi;\n"),
    ).toEqual([]);
  });
});

describe('lint keeps files and components to a screen or two', { timeout: 60_000 }, () => {
  const lines = (count: number) => Array.from({ length: count }, (_, at) => `export const line${at} = ${at};`);

  it('fails a production file over 350 lines, not one of 350 nor a test file', async () => {
    expect(await problems('packages/api/src/billing/probe.ts', lines(350).join('\n') + '\n')).toEqual([]);
    expect(await problems('packages/api/src/billing/probe.ts', lines(351).join('\n') + '\n')).toEqual([
      expect.stringContaining('Maximum allowed is 350'),
    ]);
    expect(await problems('packages/api/src/billing/probe.test.ts', lines(400).join('\n') + '\n')).toEqual([]);
  });

  it('fails a component over 200 lines, in the web app and in packages/ui', async () => {
    const component = (bodyLines: number) =>
      [
        'export function Probe() {',
        ...Array.from({ length: bodyLines }, (_, at) => `  const value${at} = ${at};`),
        `  return <p>{${Array.from({ length: bodyLines }, (_, at) => `value${at}`).join(' + ') || '0'}}</p>;`,
        '}',
        '',
      ].join('\n');
    // Three lines besides the body: the signature, the return and the closing brace.
    expect(await problems('apps/web/src/features/regions/components/probe.tsx', component(197))).toEqual([]);
    expect(await problems('apps/web/src/features/regions/components/probe.tsx', component(198))).toEqual([
      expect.stringContaining('Maximum allowed is 200'),
    ]);
    expect(await problems('packages/ui/src/components/probe.tsx', component(198))).toEqual([
      expect.stringContaining('Maximum allowed is 200'),
    ]);
  });
});
