import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDirFrom, REPO_ROOT } from '@phone-billing/db/repo-root';

export { REPO_ROOT };

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appOrigin: string;
  /** Extra origins accepted for cookie-authenticated writes besides the request's own. */
  allowedOrigins: string[];
  appSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: 'error' | 'warn' | 'info' | 'debug';
  /** Run pg-boss workers in this process (WORKERS=0 leaves them to `npm run worker`). */
  runWorkers: boolean;
  /**
   * Whose X-Forwarded-For/-Proto/-Host to believe (TRUST_PROXY): false (the default) uses the TCP
   * peer as the client address; true trusts any proxy; a number trusts that many hops; text lists
   * trusted proxy addresses or CIDR ranges ('127.0.0.1,10.0.0.0/8', 'loopback').
   */
  trustProxy: boolean | number | string;
  /** Folder of the built web app; null serves no UI (API-only tests). */
  webDistDir: string | null;
  env: NodeJS.ProcessEnv;
}

const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

/** Reads the environment (see .env.example). APP_SECRET is generated once and kept in DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = dataDirFrom(env);
  const appOrigin = (env.APP_ORIGIN ?? `http://localhost:${overrides.port ?? port}`).replace(/\/$/, '');
  const logLevel = (LOG_LEVELS as readonly string[]).includes(env.LOG_LEVEL ?? '')
    ? (env.LOG_LEVEL as ServerConfig['logLevel'])
    : 'info';
  const webDistDir = path.join(REPO_ROOT, 'apps/web/dist');
  const config: ServerConfig = {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    appOrigin,
    allowedOrigins: [appOrigin],
    appSecret: env.APP_SECRET || '',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel,
    runWorkers: env.WORKERS !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
    env,
    ...overrides,
  };
  if (!config.appSecret) config.appSecret = persistentSecret(config.dataDir);
  return config;
}

/** TRUST_PROXY: unset, "false" or "0" trust nobody; "true" everybody; "2" two hops; else addresses. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
