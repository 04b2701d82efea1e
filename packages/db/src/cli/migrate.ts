// `npm run db:migrate`: applies the committed migrations to DATABASE_URL, or to the embedded
// PostgreSQL under DATA_DIR (started for the occasion and stopped again).
import { provisionDatabase } from '../provision';
import { dataDirFrom } from '../repo-root';

const dataDir = dataDirFrom(process.env);
const database = await provisionDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
console.log(
  database.migrationsApplied.length ? `applied: ${database.migrationsApplied.join(', ')}` : 'database is up to date',
);
await database.embedded?.stop();
