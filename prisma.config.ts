// Prisma CLI configuration. The JavaScript schema engine (engine: 'js') works offline; the classic
// one would try to download a binary, which this environment cannot do (DESIGN.md §2).
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  async adapter() {
    const connectionString = process.env.DATABASE_URL ?? 'postgresql://placeholder:placeholder@127.0.0.1:1/placeholder';
    return new PrismaPg({ connectionString });
  },
});
