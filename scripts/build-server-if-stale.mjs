// Bundles the server's entry points (`npm start`, `npm run worker`, `npm run simulators`) with
// esbuild when their sources changed since the last build (issue 27). Starting from the bundle
// costs about half the processor time of `--import tsx`, which compiles and resolves hundreds of
// TypeScript modules at every start; the tests start dozens of these processes per run.
//
// Only our workspace packages (@phone-billing/*) go into the bundle: installed packages stay
// imports, loaded from node_modules as before (Prisma's generated client, native modules, pino's
// worker threads all find their files where they expect them). Source maps let stack traces name
// the .ts files under `node --enable-source-maps` (BUNDLE_NODE_FLAGS).
//
// The stamp is a hash of every input's path, size and modification time, so an edit, a new or
// removed file, or a checkout of older files all rebuild. Each output file is written to a
// temporary name and renamed into place: a process starting meanwhile, or a second build running
// at the same moment (two vitest runs), reads either the old file or the new one, never half.
//
// buildServerIfStale() is synchronous, like buildWebIfStale(), so a test kit can call it before
// a spawn; esbuild's plugins need its asynchronous API, which runs in a child (`--build`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundle goes: git-, prettier- and eslint-ignored as every dist/ folder, outside tsconfig's include. */
export const SERVER_BUNDLE_DIR = path.join(root, 'apps/server/dist');

/** The bundled entry points, by the name of the file they become in SERVER_BUNDLE_DIR. */
const ENTRY_POINTS = {
  main: 'apps/server/src/main.ts',
  'worker-main': 'apps/server/src/worker-main.ts',
  simulators: 'apps/server/src/cli/simulators.ts',
};

/** Node's flags for running a bundled entry point: stack traces through the source maps, to the .ts lines. */
export const BUNDLE_NODE_FLAGS = ['--enable-source-maps'];

/** The file to run for an entry point ('main', 'worker-main', 'simulators'). */
export function serverBundleFile(name) {
  if (!(name in ENTRY_POINTS)) throw new Error(`no bundled entry point named ${name}`);
  return path.join(SERVER_BUNDLE_DIR, `${name}.js`);
}

const stampFile = path.join(SERVER_BUNDLE_DIR, '.build-stamp');
// Test files never enter the bundle; leaving them out of the stamp spares a rebuild per test edit.
const isTestFile = (name) => /\.test\.tsx?$/.test(name);

function listInputs(target, files) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (!stat.isDirectory()) {
    files.push(`${path.relative(root, target)}\0${stat.size}\0${stat.mtimeMs}`);
    return;
  }
  for (const name of readdirSync(target).sort()) {
    if (name === 'node_modules' || isTestFile(name)) continue;
    listInputs(path.join(target, name), files);
  }
}

function currentStamp() {
  const files = [];
  const packages = readdirSync(path.join(root, 'packages')).sort();
  const inputs = [
    'apps/server/src',
    'apps/server/package.json',
    ...packages.flatMap((name) => [`packages/${name}/src`, `packages/${name}/package.json`]),
    'package-lock.json',
    'scripts/build-server-if-stale.mjs',
  ];
  for (const input of inputs) listInputs(path.join(root, input), files);
  return createHash('sha256').update(files.join('\n')).digest('hex');
}

function isFresh(stamp) {
  return (
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === stamp &&
    Object.keys(ENTRY_POINTS).every((name) => existsSync(serverBundleFile(name)))
  );
}

/**
 * Everything not ours (no relative path, no @phone-billing/ name) stays an import, which Node
 * resolves from apps/server/dist: refused here when the importer would find the package in a
 * node_modules folder the bundle cannot see (a version nested under packages/<name>/).
 */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@phone-billing/')) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const name = args.path
        .split('/')
        .slice(0, args.path.startsWith('@') ? 2 : 1)
        .join('/');
      for (let folder = args.resolveDir; ; folder = path.dirname(folder)) {
        if (existsSync(path.join(folder, 'node_modules', name))) {
          if (`${SERVER_BUNDLE_DIR}${path.sep}`.startsWith(`${folder}${path.sep}`)) break;
          return { errors: [{ text: `${name} is installed in ${folder}/node_modules, out of the bundle's reach` }] };
        }
        if (path.dirname(folder) === folder) break;
      }
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundled code that finds files from its own location (import.meta.url, __dirname) finds them
 * elsewhere from apps/server/dist: only these files may, each knowing it runs bundled.
 */
const LOCATES_ITSELF = new Set([
  'packages/db/src/repo-root.ts', // walks up to the repository root from wherever it runs
  'packages/db/src/embedded.ts', // resolves an installed package, reachable from the bundle too
]);

function selfLocatingInputs(metafile) {
  return Object.keys(metafile.inputs).filter(
    (input) =>
      !input.includes('node_modules/') &&
      !LOCATES_ITSELF.has(input) &&
      /import\.meta\.(url|dirname|filename)|__dirname|__filename/.test(readFileSync(path.join(root, input), 'utf8')),
  );
}

async function build() {
  // esbuild is installed for tsx (and pinned in the root package.json); loaded only when a build is due.
  const esbuild = createRequire(import.meta.url)('esbuild');
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(root, file)])),
    outdir: SERVER_BUNDLE_DIR,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // The maps point at ../../../apps/server/src/… from the bundle; the sources are on disk already.
    sourcesContent: false,
    plugins: [installedPackagesExternal],
    logLevel: 'warning',
    logLimit: 5,
    absWorkingDir: root,
    metafile: true,
    write: false,
  });
  const misplaced = selfLocatingInputs(result.metafile);
  if (misplaced.length > 0) {
    console.error(
      `Bundled code locating files from its own path (wrong from apps/server/dist; use REPO_ROOT from @phone-billing/db/repo-root): ${misplaced.join(', ')}`,
    );
    process.exit(1);
  }
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

/**
 * Builds the bundle when its inputs changed since the last build; returns whether it built.
 * Throws when the build fails (esbuild has printed why).
 */
export function buildServerIfStale() {
  const stamp = currentStamp();
  if (isFresh(stamp)) return false;
  const started = performance.now();
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server bundle did not build (scripts/build-server-if-stale.mjs)');
  const temporary = `${stampFile}.${process.pid}.tmp`;
  writeFileSync(temporary, stamp);
  renameSync(temporary, stampFile);
  console.log(`Built the server bundle in ${Math.round(performance.now() - started)} ms (apps/server/dist).`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // esbuild has printed why a build failed: the exit code is all the parent needs.
  if (process.argv[2] === '--build') await build().catch(() => process.exit(1));
  else {
    try {
      buildServerIfStale();
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  }
}
