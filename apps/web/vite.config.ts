import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// In development the API runs on its own port (npm run dev); Vite proxies to it.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed
 * once at their best settings; the server sends whichever the browser accepts (web.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'phone-billing:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            },
          }),
        );
      }
    },
  };
}

/**
 * `import { Users, X } from 'lucide-react'` becomes an import of each icon's own file. Through
 * lucide's index Rollup would read all of its ~1,900 icon modules to keep the few dozen used: two
 * thirds of the build's modules. Type imports stay as they are (erased with the types).
 */
function lucideIconsDirect(): Plugin {
  const iconsDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
    'dist/esm',
  );
  let fileByName: Map<string, string> | undefined;
  const iconFiles = () => {
    fileByName ??= new Map(
      [
        ...readFileSync(path.join(iconsDir, 'lucide-react.js'), 'utf8').matchAll(
          /export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.js)'/g,
        ),
      ].flatMap(([, names, file]) =>
        [...names!.matchAll(/default as (\w+)/g)].map(([, name]) => [name!, path.join(iconsDir, file!)] as const),
      ),
    );
    return fileByName;
  };
  return {
    name: 'phone-billing:lucide-icons-direct',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id) || !code.includes('lucide-react')) return null;
      return code.replace(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g, (statement, names: string) => {
        const entries = names
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        const types = entries.filter((entry) => entry.startsWith('type '));
        const values = entries.filter((entry) => !entry.startsWith('type '));
        const files = values.map((entry) => {
          const [name, local = name] = entry.split(/\s+as\s+/);
          const file = iconFiles().get(name!);
          if (!file) this.error(`${id}: ${name} is not one of lucide-react's icons (${statement})`);
          return `import ${local} from ${JSON.stringify(file)};`;
        });
        const typeImport = types.length ? [`import { ${types.join(', ')} } from 'lucide-react';`] : [];
        return [...files, ...typeImport].join(' ');
      });
    },
  };
}

/**
 * Small modules that several screens share: icons, the UI kit's plain components (not the Radix
 * ones, whose code is big and wanted by few screens), formatting and shared badges. Rollup gives
 * nearly each its own file of a few hundred bytes: the dashboard fetched about 30 after the entry,
 * and on a phone's connection (6 at a time over HTTP/1.1, a round trip each) the session check and
 * the data queued behind them (issue 24, Lighthouse mobile LCP). Together they are one file.
 */
const SHARED_MODULES = [
  /\/node_modules\/lucide-react\/dist\/esm\/(?!lucide-react\.js)/,
  /\/node_modules\/date-fns\//,
  /\/packages\/ui\/src\/lib\//,
  /\/packages\/ui\/src\/components\/(?!modal|form-modal)[\w-]+\.tsx$/,
  /\/apps\/web\/src\/lib\/(dates|format|download|invoice-status)\.ts$/,
  /\/apps\/web\/src\/components\/(errors\/load-error|job-status-badge|form-card)\.tsx$/,
  // Plain values without zod (the schema library stays with the forms that need it); the billing
  // states are the entry's own (the Billing Jobs prefetch in app/routes.tsx reads them).
  /\/packages\/api\/src\/shared\/unowned-summary\.ts$/,
];
/** `roots` and every module they import. */
function importClosure(roots: Iterable<string>, getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    // A module tree-shaking left out (a barrel of re-exports such as @phone-billing/api/schemas)
    // stands for nothing the entry runs: followed, it would make all it re-exports look used.
    if (getModuleInfo(id)?.isIncluded === false) return;
    for (const imported of getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** SHARED_MODULES the entry does not use (the entry's own stay in it: /login never fetches shared). */
function sharedModules(getModuleIds: () => IterableIterator<string>, getModuleInfo: Rollup.GetModuleInfo) {
  const ids = [...getModuleIds()];
  const inEntry = importClosure(
    ids.filter((id) => getModuleInfo(id)?.isEntry),
    getModuleInfo,
  );
  return new Set(ids.filter((id) => !inEntry.has(id) && SHARED_MODULES.some((pattern) => pattern.test(id))));
}

function sharedChunk(): Plugin {
  let shared: Set<string> | undefined;
  return {
    name: 'phone-billing:shared-chunk',
    apply: 'build',
    outputOptions(options) {
      // Only the modules named: by default Rollup also pulls into the chunk everything they import,
      // React and the rest of the entry included.
      options.onlyExplicitManualChunks = true;
      options.manualChunks = (id, { getModuleIds, getModuleInfo }) =>
        (shared ??= sharedModules(getModuleIds, getModuleInfo)).has(id) ? 'shared' : undefined;
      return options;
    },
    generateBundle(_, bundle) {
      // A first load that fetches shared (a module the entry needs went there) fails the build here
      // rather than slowing /login unnoticed.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const fetched = chunk.imports.filter((file) => path.basename(file).startsWith('shared-'));
        if (fetched.length) this.error(`the entry imports ${fetched.join(', ')}: see SHARED_MODULES`);
      }
    },
  };
}

export default defineConfig({
  plugins: [lucideIconsDirect(), react(), tailwindcss(), sharedChunk(), precompress()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/trpc': apiTarget, '/sim': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Terser packs the first load about 3% tighter than esbuild (issue 14: ≤ 150 KB gzip).
    minify: 'terser',
    // Two terser threads even on two cores (Vite's default leaves one core to itself): the two big
    // chunks minify side by side while nothing else runs.
    terserOptions: { compress: { passes: 2 }, format: { comments: false }, maxWorkers: 2 },
  },
});
