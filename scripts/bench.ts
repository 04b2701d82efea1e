// `npm run bench`: runs every scripts/bench/*.bench.ts in turn and prints their figures.
// Each bench module default-exports an async function that prints its own table.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const only = process.argv[2];
console.log(`Phone Billing benchmarks — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
for (const file of readdirSync(benchDir).filter((name) => name.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n== ${file}`);
  const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default: () => Promise<void> };
  await module.default();
}
