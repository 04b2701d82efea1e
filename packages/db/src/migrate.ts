import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from './repo-root';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'prisma/migrations');

/** Arbitrary constant: serialises migration runs of several processes starting at once. */
const MIGRATION_LOCK_KEY = 7_301_942;

/**
 * Applies the committed SQL migrations (prisma/migrations/<name>/migration.sql) in name order,
 * each in its own transaction, recording them in `_app_migrations`. Our own small runner rather
 * than `prisma migrate deploy`, whose schema engine cannot be downloaded here (DESIGN.md §2).
 * Returns the names applied by this call.
 */
export async function migrateDatabase(connectionString: string, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_app_migrations" (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Map(
      (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM "_app_migrations"')).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    const names = readdirSync(migrationsDir)
      .filter((name) => existsSync(path.join(migrationsDir, name, 'migration.sql')))
      .sort();
    const newlyApplied: string[] = [];
    for (const name of names) {
      const sql = readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const known = applied.get(name);
      if (known !== undefined) {
        if (known !== checksum)
          throw new Error(`Migration ${name} was changed after it was applied; add a new migration instead`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO "_app_migrations" (name, checksum) VALUES ($1, $2)', [name, checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      newlyApplied.push(name);
    }
    return newlyApplied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** Creates `database` on the server of `serverUrl` when missing; returns its URL. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, database);
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
