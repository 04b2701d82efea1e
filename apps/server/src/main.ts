// `npm start` / `npm run dev`: starts Phone Billing and stops it cleanly on SIGINT/SIGTERM.
import { loadConfig } from './config';
import { reportStartupFailure, stopOnSignals } from './process-lifecycle';
import { createServer, type PhoneBillingServer } from './server';

const config = loadConfig();
let server: PhoneBillingServer | undefined;
try {
  server = await createServer({ config });
  stopOnSignals(server, (signal) => `${signal} received, stopping`);
  await server.start();
} catch (error) {
  reportStartupFailure(error);
  await server?.stop().catch(() => undefined);
  process.exit(1);
}
if (server.generatedAdmin) {
  console.log(
    `\n  First start: an administrator was created.\n    e-mail:   ${server.generatedAdmin.email}\n    password: ${server.generatedAdmin.password}\n  (shown once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose them)\n`,
  );
}
console.log(`\n  Phone Billing is ready at ${config.appOrigin}\n`);
