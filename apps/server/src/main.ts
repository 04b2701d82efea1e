// `npm start` / `npm run dev`: starts Phone Billing and stops it cleanly on SIGINT/SIGTERM.
import { loadConfig } from './config';
import { createServer } from './server';

const config = loadConfig();
const server = await createServer({ config });
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.app.log.info(`${signal} received, stopping`);
    server.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
await server.start();
if (server.generatedAdmin) {
  console.log(
    `\n  First start: an administrator was created.\n    e-mail:   ${server.generatedAdmin.email}\n    password: ${server.generatedAdmin.password}\n  (shown once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose them)\n`,
  );
}
console.log(`\n  Phone Billing is ready at ${config.appOrigin}\n`);
