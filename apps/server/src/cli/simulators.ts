// `npm run simulators`: the Genesys Cloud and QuickBooks Online simulators as one shared service,
// for several app instances (servers and workers) that must all see the same organisation and the
// same QuickBooks company. Point each instance at it with
//   GENESYS_SIMULATOR_URL=http://<host>:<port>/genesys  QBO_SIMULATOR_URL=http://<host>:<port>/qbo
//
// Settings (environment): SIMULATORS_PORT (3900), SIMULATORS_HOST (127.0.0.1; 0.0.0.0 to serve other
// machines), DATA_DIR (.data; state in DATA_DIR/simulators/: the QuickBooks company, and Genesys
// conversations added late through /genesys/_control/conversations),
// SIMULATED_TIMEZONE (America/Los_Angeles: the business hours of the calls),
// GENESYS_SIMULATOR_QUEUES (12), GENESYS_SIMULATOR_REQUESTS_PER_MINUTE (300, as Genesys),
// QBO_SIMULATOR_CUSTOMERS (12; more are generated), QBO_SIMULATOR_WEBHOOK_URL (where QuickBooks webhooks go,
// e.g. http://app-host:3000/api/v1/webhooks/quickbooks) with QBO_WEBHOOK_VERIFIER_TOKEN (the apps' own).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { utcOffsetMinutes } from '@phone-billing/api/domain';
import { dataDirFrom } from '@phone-billing/db/repo-root';
import { createGenesysSimulator } from '@phone-billing/integrations/genesys/simulator';
import { createQboSimulator } from '@phone-billing/integrations/qbo/simulator';

function positiveInteger(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(number) && number > 0 ? number : fallback;
}

const env = process.env;
const port = Number(env.SIMULATORS_PORT ?? 3900);
const host = env.SIMULATORS_HOST ?? '127.0.0.1';
const dataDir = dataDirFrom(env);
const stateDir = path.join(dataDir, 'simulators');

const genesys = createGenesysSimulator({
  seed: 'phone-billing',
  queueCount: positiveInteger(env.GENESYS_SIMULATOR_QUEUES, 12),
  rateLimitPerMinute: positiveInteger(env.GENESYS_SIMULATOR_REQUESTS_PER_MINUTE, 300),
  businessUtcOffsetMinutes: utcOffsetMinutes(env.SIMULATED_TIMEZONE || 'America/Los_Angeles'),
  stateFile: path.join(stateDir, 'genesys-simulator.json'),
});
const qbo = createQboSimulator({
  stateFile: path.join(stateDir, 'qbo-simulator.json'),
  customerCount: positiveInteger(env.QBO_SIMULATOR_CUSTOMERS, 12),
  // Webhooks go to one app URL (a load balancer in front of the instances), signed with the token the apps share.
  receivables: {
    webhooks: {
      url: env.QBO_SIMULATOR_WEBHOOK_URL?.trim() || null,
      verifierToken: env.QBO_WEBHOOK_VERIFIER_TOKEN?.trim() ?? '',
    },
  },
});

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Serves `simulator` under `prefix`: it sees paths relative to its own root, its body unread. */
function mounted(prefix: string, req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) return false;
  req.url = url.slice(prefix.length) || '/';
  return true;
}

const server = createServer((req, res) => {
  if (mounted('/genesys', req)) return genesys.handle(req, res);
  if (mounted('/qbo', req)) return qbo.handle(req, res);
  const url = new URL(req.url ?? '/', 'http://simulators.invalid');
  if (url.pathname === '/healthz') return sendJson(res, 200, { status: 'ok' });
  // What load tests read back: what each simulator answered, and QuickBooks' invoices.
  if (url.pathname === '/_control/stats' && req.method === 'GET') {
    const { requestsByPath, tooManyRequestsSent, serverErrorsSent, unauthorizedSent, tokensIssued } = genesys.stats;
    const genesysRequests = Object.values(requestsByPath).reduce((sum, count) => sum + count, 0);
    return sendJson(res, 200, {
      qbo: qbo.stats,
      genesys: { requests: genesysRequests, tooManyRequestsSent, serverErrorsSent, unauthorizedSent, tokensIssued },
    });
  }
  if (url.pathname === '/_control/qbo/invoices' && req.method === 'GET')
    return sendJson(res, 200, { invoices: qbo.invoices() });
  sendJson(res, 404, { error: 'not_found', error_description: 'The simulators serve /genesys/… and /qbo/…' });
});

server.listen(port, host, () => {
  const address = server.address();
  const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${typeof address === 'object' && address ? address.port : port}`;
  console.log(`Simulators running (state in ${stateDir}):`);
  console.log(`  GENESYS_SIMULATOR_URL=${base}/genesys`);
  console.log(`  QBO_SIMULATOR_URL=${base}/qbo`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // The QuickBooks state is written after every change; nothing is left to save.
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
