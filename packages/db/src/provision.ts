import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { ensureDatabase, migrateDatabase } from './migrate';

export const APP_DATABASE = 'phone_billing';

export interface ProvisionedDatabase {
  url: string;
  kind: 'embedded' | 'external';
  embedded: EmbeddedPostgres | null;
  migrationsApplied: string[];
}

/**
 * The database the app runs on: `DATABASE_URL` when set, otherwise an embedded PostgreSQL whose
 * cluster lives in `<dataDir>/postgres`. Either way the committed migrations are applied.
 */
export async function provisionDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  log?: (m: string) => void;
}): Promise<ProvisionedDatabase> {
  if (options.databaseUrl) {
    const migrationsApplied = await migrateDatabase(options.databaseUrl);
    return { url: options.databaseUrl, kind: 'external', embedded: null, migrationsApplied };
  }
  const embedded = await startEmbeddedPostgres({
    clusterDir: path.join(options.dataDir, 'postgres'),
    log: options.log,
  });
  try {
    const url = await ensureDatabase(embedded.url, APP_DATABASE);
    const migrationsApplied = await migrateDatabase(url);
    // `npm run worker` beside an `npm start` on the embedded database finds it through this file.
    writeFileSync(embeddedUrlFile(options.dataDir), url, { mode: 0o600 });
    return { url, kind: 'embedded', embedded, migrationsApplied };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/** Where a running server on the embedded database leaves its URL for separate worker processes. */
export function embeddedUrlFile(dataDir: string): string {
  return path.join(dataDir, 'embedded-database-url');
}
