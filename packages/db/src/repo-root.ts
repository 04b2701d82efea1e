import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root folder (the one whose package.json is named phone-billing), found by
 * walking up from `fromUrl` (a module's import.meta.url). The same code runs from its .ts file
 * under tsx and from the server bundle in apps/server/dist (scripts/build-server-if-stale.mjs),
 * at different depths, so no fixed `../../..` fits both.
 */
function findRepoRoot(fromUrl: string): string {
  const start = path.dirname(fileURLToPath(fromUrl));
  for (let folder = start; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'phone-billing'
    )
      return folder;
    if (path.dirname(folder) === folder) throw new Error(`no phone-billing package.json above ${start}`);
  }
}

/** The repository's root: prisma/migrations, apps/web/dist and the default .data live under it. */
export const REPO_ROOT = findRepoRoot(import.meta.url);

/**
 * Where the app keeps its data (the embedded PostgreSQL, the app secret, the simulators' state):
 * DATA_DIR, else .data in the repository. The server, `npm run db:migrate` and `npm run
 * simulators` must agree on it.
 */
export function dataDirFrom(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
}
