// ESLint: a few rules that catch real mistakes, and the directions of STYLE.md ("Which way
// dependencies point") as import restrictions, so a wrong import fails `npm run lint` instead of
// waiting for a reviewer. Each production file gets exactly one set of restrictions (ESLint does not
// merge a rule's options across blocks), built below from the pieces that apply to its folder.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { webZones } from './scripts/eslint-web-zones.js';

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**', 'scripts/bench/**', 'scripts/bench.ts'];

// Production code never depends on the test runner or on the test harness.
const noTestCode = {
  paths: [],
  patterns: [
    {
      group: ['vitest', 'vitest/*', '@vitest/*', '@testing-library/*', 'happy-dom', 'playwright-core'],
      message: 'Test tooling belongs in *.test.ts files and test/, not in production code.',
    },
    {
      group: ['**/test/*', '**/test/**'],
      message: 'Test kits and fixtures live in test/ and are imported by tests only.',
    },
  ],
};

// The browser bundle: no database, vendor client or server code; only types from the API package
// and its zod schemas through `@phone-billing/api/schemas`.
const webRules = {
  paths: [
    {
      name: '@phone-billing/api',
      allowTypeImports: true,
      message: 'The web app imports only types from @phone-billing/api; schemas come from @phone-billing/api/schemas.',
    },
  ],
  patterns: [
    {
      group: ['@phone-billing/api/*', '!@phone-billing/api/schemas'],
      message: 'The web app reaches the API package only through @phone-billing/api/schemas (and types).',
    },
    {
      group: [
        '@phone-billing/db',
        '@phone-billing/db/*',
        '@phone-billing/integrations/*',
        '@phone-billing/server',
        '@phone-billing/server/*',
      ],
      message: 'Server code never enters the browser bundle.',
    },
    {
      group: ['@prisma/*', 'pg', 'pg-boss', 'fastify', '@fastify/*', 'node:*'],
      message: 'Server-only modules never enter the browser bundle.',
    },
    {
      group: ['**/packages/**', '**/apps/server/**'],
      message: 'Import other packages by their name and exports map, not by path.',
    },
  ],
};

// Shared components render what they are given; features bring the data.
const uiRules = {
  paths: [],
  patterns: [
    {
      group: [
        '@tanstack/*',
        '@trpc/*',
        '@phone-billing/api',
        '@phone-billing/api/*',
        '@phone-billing/db',
        '@phone-billing/db/*',
        '@phone-billing/integrations/*',
      ],
      message: 'packages/ui knows no data fetching: features pass data to its components.',
    },
  ],
};

// The API package speaks tRPC; Fastify (cookies, HTTP, plugins) stays in apps/server.
const noTransport = {
  paths: [],
  patterns: [
    {
      group: [
        'fastify',
        'fastify/*',
        '@fastify/*',
        'fastify-plugin',
        '@trpc/server/adapters/*',
        '@phone-billing/server',
        '@phone-billing/server/*',
        '**/apps/**',
      ],
      message: 'Routers and domain code know no transport: Fastify lives in apps/server.',
    },
  ],
};

// Domain code (everything in packages/api outside routers/ and the tRPC plumbing) is called by
// routers and workers alike, so it knows neither.
const noRouter = {
  paths: [],
  patterns: [
    {
      group: ['@trpc/*', 'trpc-to-openapi', '**/routers/**', '**/root', '**/trpc', '**/procedures'],
      message: 'Domain code knows no router: throw AppError and let the router layer map it.',
    },
    {
      group: ['**/context'],
      message: 'Domain code takes AppServices from services.ts; context.ts is the request context of the router layer.',
    },
  ],
};

// `@phone-billing/api/schemas` is imported by the browser: plain zod and pure functions only.
const browserSafe = {
  paths: [],
  patterns: [
    {
      group: [
        '@phone-billing/db',
        '@phone-billing/db/*',
        '@phone-billing/integrations/*',
        '@prisma/*',
        'pg',
        'pg-boss',
        '@trpc/*',
        'node:*',
      ],
      message: 'The schemas entry point is bundled into the web app: no server modules.',
    },
    {
      group: ['../*', '!../shared/*'],
      message: 'Shared schemas import only each other, so the browser never pulls in server code.',
    },
  ],
};

// The database package holds the client, migrations and the embedded server: no business rules,
// so it imports nothing of ours.
const dbRules = {
  paths: [],
  patterns: [
    {
      group: ['@phone-billing/*', '**/apps/**', '**/packages/**', '@trpc/*'],
      message: 'packages/db knows no business rules and depends on no other package of ours.',
    },
  ],
};

// Vendor clients take and return plain data; they know nothing of billing or our database.
const integrationRules = {
  paths: [],
  patterns: [
    {
      group: ['@phone-billing/*', '**/apps/**', '**/packages/**', '@prisma/*', 'pg', 'pg-boss', '@trpc/*'],
      message: 'Vendor clients know nothing of billing or the database: they take and return plain data.',
    },
  ],
};

function restrictImports(...sets) {
  return {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { paths: sets.flatMap((set) => set.paths), patterns: sets.flatMap((set) => set.patterns) },
    ],
  };
}

const API_ROUTER_LAYER = ['packages/api/src/routers/**', 'packages/api/src/{trpc,procedures,root,index,context}.ts'];
const API_BROWSER_SAFE = ['packages/api/src/shared/**', 'packages/api/src/schemas.ts'];

// Reading VITEST (or any test-runner flag) lets a test take a path production never takes.
const noTestRunnerFlags = [
  {
    selector: "MemberExpression[property.name='VITEST']",
    message: 'Production code must not behave differently under the test runner: pass the setting in explicitly.',
  },
  {
    selector: "MemberExpression[property.value='VITEST']",
    message: 'Production code must not behave differently under the test runner: pass the setting in explicitly.',
  },
  {
    selector: "ObjectPattern > Property[key.name='VITEST']",
    message: 'Production code must not behave differently under the test runner: pass the setting in explicitly.',
  },
];

// Procedures hand `services.db` to a domain function; they never query it themselves.
const noQueriesInRouters = [
  {
    selector: "MemberExpression[object.type='MemberExpression'][object.property.name='db']",
    message: 'No Prisma in routers/: move the query into a domain function and call it.',
  },
  {
    selector: "MemberExpression[object.type='Identifier'][object.name='db']",
    message: 'No Prisma in routers/: move the query into a domain function and call it.',
  },
];

export default defineConfig(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.turbo/**', '**/.turbo/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a value left out on purpose (rest-destructuring to drop a field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: TEST_FILES,
    rules: {
      // Test helpers read loosely typed JSON answers; the assertions check their shape.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  // Each file fits on a screen or two, and each component reads as one piece (issue 27): a bigger one
  // is split into sections, hooks or modules before it grows further.
  {
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'packages/ui/src/**/*.tsx'],
    ignores: TEST_FILES,
    rules: { 'max-lines-per-function': ['error', { max: 200 }] },
  },

  // Directions between packages (production files only; tests may reach across to set things up).
  {
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-syntax': ['error', ...noTestRunnerFlags] },
  },
  {
    files: ['packages/api/src/routers/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-syntax': ['error', ...noTestRunnerFlags, ...noQueriesInRouters] },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], ignores: TEST_FILES, rules: restrictImports(noTestCode, webRules) },
  // Rooms of the web app: features import neither each other nor app/; components/, hooks/, lib/ and config/ import neither.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { web: { rules: { zones: webZones } } },
    rules: { 'web/zones': 'error' },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      ...restrictImports(noTestCode, uiRules),
      'no-restricted-globals': ['error', { name: 'fetch', message: 'packages/ui knows no data fetching.' }],
    },
  },
  { files: API_ROUTER_LAYER, ignores: TEST_FILES, rules: restrictImports(noTestCode, noTransport) },
  {
    files: ['packages/api/src/**/*.ts'],
    ignores: [...TEST_FILES, ...API_ROUTER_LAYER, ...API_BROWSER_SAFE],
    rules: restrictImports(noTestCode, noTransport, noRouter),
  },
  { files: API_BROWSER_SAFE, ignores: TEST_FILES, rules: restrictImports(noTestCode, browserSafe) },
  { files: ['packages/db/src/**/*.ts'], ignores: TEST_FILES, rules: restrictImports(noTestCode, dbRules) },
  {
    files: ['packages/integrations/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: restrictImports(noTestCode, integrationRules),
  },
  { files: ['apps/server/src/**/*.ts'], ignores: TEST_FILES, rules: restrictImports(noTestCode) },
  // The billing oracle's model is DESIGN.md §4 in code: borrowing the product's rules would let a slip hide in both.
  {
    files: ['test/billing-oracle/{calendar,money,model,model-types,plan-model}.ts'],
    rules: restrictImports({
      paths: [],
      patterns: [
        {
          group: ['@phone-billing/*', '**/packages/**', '**/apps/**', '@prisma/*', 'pg'],
          message: 'The oracle model is independent of the product: compute it from DESIGN.md here.',
        },
      ],
    }),
  },
);
