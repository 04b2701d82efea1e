// How the long-running entry points (`npm start`, `npm run worker`) begin and end: a refused or
// failed start prints one clear message; SIGINT/SIGTERM stop the server cleanly, once.
import { StartupRefusedError } from '@phone-billing/api';
import type { PhoneBillingServer } from './server';

/** Prints why the process could not start (the operator's message alone when it was refused). */
export function reportStartupFailure(error: unknown): void {
  if (error instanceof StartupRefusedError) {
    console.error(`\n  Phone Billing cannot start: ${error.message}\n`);
    return;
  }
  console.error('Phone Billing could not start:', error);
}

/** Stops the server on the first SIGINT or SIGTERM, then exits (0 when everything stopped cleanly). */
export function stopOnSignals(server: PhoneBillingServer, describe: (signal: string) => string): void {
  let shuttingDown = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shuttingDown) return;
      shuttingDown = true;
      server.app.log.info(describe(signal));
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'stopping failed');
          process.exit(1);
        },
      );
    });
  }
}
