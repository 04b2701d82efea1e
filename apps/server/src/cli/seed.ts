// `npm run db:seed`: permissions, roles and the first admin on DATABASE_URL or the embedded database.
import { seedDatabase } from '@phone-billing/api';
import { createDatabaseClient, provisionDatabase } from '@phone-billing/db';
import { loadConfig } from '../config';

const config = loadConfig();
const database = await provisionDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const db = createDatabaseClient(database.url);
const result = await seedDatabase(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
console.log(
  result.generatedAdmin
    ? `admin created: ${result.generatedAdmin.email} / ${result.generatedAdmin.password}`
    : 'seed data is in place',
);
await db.$disconnect();
await database.embedded?.stop();
