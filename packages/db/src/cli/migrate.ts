// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded
// PostgreSQL under DATA_DIR (started for the occasion and stopped again).
import path from 'node:path';
import { provisionDatabase } from '../provision';
import { REPO_ROOT } from '../repo-root';

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
const database = await provisionDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
console.log(
  database.migrationsApplied.length ? `applied: ${database.migrationsApplied.join(', ')}` : 'database is up to date',
);
await database.embedded?.stop();
