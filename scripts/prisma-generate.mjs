// Generates the Prisma client after install. The CLI needs a DATABASE_URL to read the schema even
// though generating never connects; without one it would try to fetch an engine, so give it a placeholder.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.DATABASE_URL ||= 'postgresql://placeholder:placeholder@127.0.0.1:1/placeholder';
const result = spawnSync('npx', ['prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
