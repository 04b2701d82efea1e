// `npm run bench`: runs every scripts/bench/*.bench.ts in turn and prints their figures.
// Each bench module default-exports an async function that prints its own table.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const benchDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const only = process.argv[2];
console.log(
  `Phone Billing benchmarks — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
// `npm run bench -- web` runs web.bench.ts alone (not webhooks too); a part of a name runs every match.
const exact = files.includes(`${only}.bench.ts`);
for (const file of files) {
  if (only && (exact ? file !== `${only}.bench.ts` : !file.includes(only))) continue;
  console.log(`\n== ${file}`);
  const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default: () => Promise<void> };
  await module.default();
}
