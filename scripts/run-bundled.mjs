// `npm run worker`, `npm run simulators`: runs a bundled entry point ('worker-main', 'simulators',
// 'main') in this very process, after building the bundle when its sources changed
// (scripts/build-server-if-stale.mjs). Run it with `node --enable-source-maps` (BUNDLE_NODE_FLAGS)
// so stack traces name the .ts files.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, serverBundleFile } from './build-server-if-stale.mjs';

const file = serverBundleFile(process.argv[2]);
buildServerIfStale();
await import(pathToFileURL(file).href);
