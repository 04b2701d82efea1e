// How the app builds its QuickBooks connection: configuration resolved on first use, and the
// browser-facing origins that differ between the simulator and the real service.
import type { Database } from '@phone-billing/db';
import type { QboClientOptions, QboConfig } from '@phone-billing/integrations/qbo';
import type { Logger } from '../services';

export type QboConnectionOptions = {
  db: Database;
  appSecret: string;
  /** True when talking to our QuickBooks simulator (mounted or at QBO_SIMULATOR_URL). */
  simulated: boolean;
  /**
   * Builds the configuration on first use (the app's origin is only known after it listens);
   * null when no QuickBooks app is configured.
   */
  resolveConfig: () => QboConfig | null;
  /** The public origin (APP_ORIGIN), known once the server listens: QuickBooks sends the browser back to it. */
  appOrigin?: () => string;
  /**
   * Turns the authorize URL into the one the browser should open; `browserOrigin` is where the
   * browser reached us (null when unknown).
   */
  browserAuthorizeUrl?: (url: string, browserOrigin: string | null) => string;
  /**
   * With our simulator and no QBO_REDIRECT_URI, QuickBooks sends the browser back to whatever
   * origin it used (127.0.0.1, a LAN name...), where its session cookie lives. The real service
   * only accepts the registered redirect URI, so this stays off with real credentials.
   */
  redirectFollowsBrowser?: boolean;
  /**
   * Where a browser opens one invoice in QuickBooks, up to its id: the simulator's invoice page,
   * or by default the QuickBooks Online app of the configured environment.
   */
  invoicePageBase?: (browserOrigin: string | null) => string;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Passed to the client: the shared request limiter, and test hooks (sleep, now, maxAttempts, throttle window). */
  clientOptions?: Pick<
    QboClientOptions,
    'sleep' | 'now' | 'maxAttempts' | 'limiter' | 'throttleWindowMs' | 'throttlePatienceMs'
  >;
};
