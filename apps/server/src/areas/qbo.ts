import path from 'node:path';
import { QboConnection } from '@phone-billing/api';
import { qboConfigFromEnv, requestsPerMinuteFromEnv, type QboConfig } from '@phone-billing/integrations/qbo';
import { createQboSimulator, type QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import type { AreaContext, ServerArea } from './index';

/** Where `npm start` without QuickBooks credentials mounts the simulator on the app's own port. */
export const QBO_SIMULATOR_MOUNT = '/sim/qbo';
/** The simulator's invoice page, at the path QuickBooks Online uses for it. */
const QBO_INVOICE_PAGE_PATH = '/app/invoice?txnId=';

const simulators = new WeakMap<AreaContext['app'], QboSimulator>();

/**
 * The simulator a running server mounted at /sim/qbo (none with real or outside-simulator
 * credentials). It is the running company's QuickBooks: whoever holds the server (a test, a
 * script) inspects the invoices it received and injects faults through it, as the simulator's own
 * API offers, rather than through a second copy.
 */
export function mountedQboSimulator(app: AreaContext['app']): QboSimulator | undefined {
  return simulators.get(app);
}

function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/**
 * How this process reaches its own port: straight to the loopback address it listens on (the
 * public origin may sit behind a proxy); a process that does not listen (a worker) goes through
 * the public origin.
 */
function ownBaseUrl(context: AreaContext): string {
  const address = context.app.server.listening ? context.app.server.address() : null;
  if (address && typeof address === 'object') {
    const host = context.config.host;
    const loopback =
      !host || host === '0.0.0.0' || host === 'localhost'
        ? '127.0.0.1'
        : host === '::'
          ? '[::1]'
          : host.includes(':')
            ? `[${host}]`
            : host;
    return `http://${loopback}:${address.port}`;
  }
  return trimSlash(context.services.config.appOrigin);
}

function mountSimulator(context: AreaContext, simulator: QboSimulator): void {
  context.app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '';
    if (
      url !== QBO_SIMULATOR_MOUNT &&
      !url.startsWith(`${QBO_SIMULATOR_MOUNT}/`) &&
      !url.startsWith(`${QBO_SIMULATOR_MOUNT}?`)
    )
      return;
    // Hijacked before the body is read: the simulator reads it itself.
    reply.hijack();
    request.raw.url = url.slice(QBO_SIMULATOR_MOUNT.length) || '/';
    simulator.handle(request.raw, reply.raw);
    return reply;
  });
}

/**
 * QuickBooks Online: with QBO_CLIENT_ID / QBO_CLIENT_SECRET the real service; with
 * QBO_SIMULATOR_URL a simulator running elsewhere (credentials default to the simulator's);
 * with neither, the simulator mounted under /sim/qbo with its state in DATA_DIR. Either way the
 * connection starts from QBO Setup and the tokens live encrypted in integration_connections.
 */
export const qboArea: ServerArea = {
  name: 'qbo',
  async setup(context) {
    const { env } = context.config;
    const services = context.services;
    const externalSimulator = env.QBO_SIMULATOR_URL?.trim() ? trimSlash(env.QBO_SIMULATOR_URL) : null;
    const hasCredentials = Boolean(env.QBO_CLIENT_ID?.trim() && env.QBO_CLIENT_SECRET?.trim());

    let resolveConfig: () => QboConfig | null;
    let browserAuthorizeUrl: ((url: string, browserOrigin: string | null) => string) | undefined;
    let invoicePageBase: ((browserOrigin: string | null) => string) | undefined;
    let simulated: boolean;
    // The company's request budget (QBO_REQUESTS_PER_MINUTE), checked at start whatever the mode.
    const requestsPerMinute = requestsPerMinuteFromEnv(env);

    if (externalSimulator) {
      simulated = true;
      resolveConfig = () => {
        const fromEnv = qboConfigFromEnv(
          { QBO_CLIENT_ID: 'sim-qbo-client', QBO_CLIENT_SECRET: 'sim-qbo-secret', ...env },
          services.config.appOrigin,
        );
        return fromEnv ? { ...fromEnv, simulatorBaseUrl: externalSimulator } : null;
      };
      invoicePageBase = () => `${externalSimulator}${QBO_INVOICE_PAGE_PATH}`;
    } else if (hasCredentials) {
      simulated = false;
      // Fail at start on a bad QBO_ENVIRONMENT rather than on the first connection attempt.
      qboConfigFromEnv(env, services.config.appOrigin);
      resolveConfig = () => qboConfigFromEnv(env, services.config.appOrigin);
    } else {
      simulated = true;
      const simulator = createQboSimulator({ stateFile: path.join(context.config.dataDir, 'qbo-simulator.json') });
      simulators.set(context.app, simulator);
      mountSimulator(context, simulator);
      let internalBase = '';
      resolveConfig = () => {
        internalBase = `${ownBaseUrl(context)}${QBO_SIMULATOR_MOUNT}`;
        return {
          ...simulator.credentials,
          environment: 'sandbox',
          redirectUri: env.QBO_REDIRECT_URI?.trim() || `${trimSlash(services.config.appOrigin)}/qbo-callback`,
          simulatorBaseUrl: internalBase,
          ...(requestsPerMinute ? { requestsPerMinute } : {}),
        };
      };
      // The server talks to the mount over loopback; the browser opens it where it reached us.
      const browserBase = (browserOrigin: string | null) =>
        `${trimSlash(browserOrigin ?? services.config.appOrigin)}${QBO_SIMULATOR_MOUNT}`;
      browserAuthorizeUrl = (url, browserOrigin) =>
        internalBase && url.startsWith(internalBase)
          ? `${browserBase(browserOrigin)}${url.slice(internalBase.length)}`
          : url;
      invoicePageBase = (browserOrigin) => `${browserBase(browserOrigin)}${QBO_INVOICE_PAGE_PATH}`;
    }

    services.config.simulated.qbo = simulated;
    services.integrations.qbo = new QboConnection({
      db: services.db,
      appSecret: services.config.appSecret,
      simulated,
      resolveConfig,
      appOrigin: () => trimSlash(services.config.appOrigin),
      browserAuthorizeUrl,
      // Simulated QuickBooks accepts any redirect, so the round trip works from any origin the
      // browser uses; an explicit QBO_REDIRECT_URI (or the real service) pins it.
      redirectFollowsBrowser: simulated && !env.QBO_REDIRECT_URI?.trim(),
      invoicePageBase,
      logger: services.logger,
      clientOptions: { limiter: context.requestLimiter },
    });
  },
};

const SECRET_QUERY_PARAMS = /([?&](?:code|state|realmId|realmid|token|access_token|refresh_token)=)[^&#]*/g;

/**
 * A request URL fit for the log: the OAuth code, state and realm QuickBooks sends back (to
 * /qbo-callback, /api/v1/qbo/callback, or inside a tRPC input) are replaced by "[redacted]".
 */
export function redactSecretsInUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  let redacted = url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
  // tRPC GET inputs travel as ?input=<url-encoded JSON>.
  if (/[?&]input=/.test(redacted) && /qbo\./.test(redacted))
    redacted = redacted.replace(/([?&]input=)[^&#]*/g, '$1[redacted]');
  return redacted;
}
