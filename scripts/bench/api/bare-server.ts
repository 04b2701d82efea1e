// The limit the API benchmark holds the app to: bare Fastify 5 + node-postgres on the same
// database, answering each benchmarked path with the same rows as JSON and nothing else: no
// framework above Fastify, no validation, no ORM. Run as its own process by api.bench.ts:
//   node --import tsx scripts/bench/api/bare-server.ts <databaseUrl> <port>
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify({ logger: false });

// GET /auth/me: the bearer token's user with its roles and permissions.
app.get('/auth/me', async (request, reply) => {
  const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const tokenHash = createHash('sha256').update(bearer).digest('hex');
  const { rows } = await pool.query(
    `SELECT u.id, u.email, u."displayName" AS name,
            ARRAY(SELECT DISTINCT a.key FROM user_roles ur JOIN role_actions ra ON ra."roleId" = ur."roleId"
                    JOIN actions a ON a.id = ra."actionId" WHERE ur."userId" = u.id ORDER BY a.key) AS permissions,
            ARRAY(SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur."roleId" WHERE ur."userId" = u.id ORDER BY r.name) AS roles
       FROM api_tokens t JOIN users u ON u.id = t."userId"
      WHERE t."tokenHash" = $1 AND t."revokedAt" IS NULL`,
    [tokenHash],
  );
  if (!rows[0]) return reply.code(401).send({ success: false });
  return { success: true, user: rows[0] };
});

// POST /webhooks/quickbooks (webhooks.bench.ts): the raw body's HMAC checked, parsed, its events
// inserted once each; the verifier token is the bench's.
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
app.post('/webhooks/quickbooks', async (request, reply) => {
  const body = request.body as Buffer;
  const expected = Buffer.from(createHmac('sha256', 'bench-verifier-token').update(body).digest('base64'));
  const given = Buffer.from(String(request.headers['intuit-signature'] ?? ''));
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return reply.code(401).send({ success: false });
  const parsed = JSON.parse(body.toString('utf8')) as {
    eventNotifications: Array<{ realmId: string; dataChangeEvent: { entities: Array<Record<string, string>> } }>;
  };
  const values: unknown[] = [];
  const rows: string[] = [];
  for (const notification of parsed.eventNotifications) {
    for (const entity of notification.dataChangeEvent.entities) {
      const key = createHash('sha256')
        .update([notification.realmId, entity.name, entity.id, entity.operation, entity.lastUpdated].join('|'))
        .digest('hex');
      const at = values.length;
      values.push(key, notification.realmId, entity.name, entity.id, entity.operation, entity.lastUpdated);
      rows.push(`($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}::timestamptz)`);
    }
  }
  await pool.query(
    `INSERT INTO qbo_webhook_events ("eventKey", "realmId", "entityName", "entityId", operation, "occurredAt") VALUES ${rows.join(', ')} ON CONFLICT ("eventKey") DO NOTHING`,
    values,
  );
  return { success: true };
});

// GET /customer-profiles?page=1&limit=50: the first 50 profiles by name.
app.get('/customer-profiles', async () => {
  const { rows } = await pool.query(`SELECT * FROM customer_profiles ORDER BY "qboDisplayName", id LIMIT 50`);
  return { success: true, data: rows };
});

// GET /billing/jobs: the 200 newest jobs.
app.get('/billing/jobs', async () => {
  const { rows } = await pool.query(`SELECT * FROM billing_jobs ORDER BY "createdAt" DESC LIMIT 200`);
  return { success: true, data: rows };
});

// GET /dashboard/overview: this month's voice usage per queue and day from the hourly rollup
// (the rows the app reads), and the job and invoice totals.
app.get('/dashboard/overview', async () => {
  const [usage, totals] = await Promise.all([
    pool.query(
      `SELECT "queueId", date_trunc('day', hour) AS day, sum(calls)::int AS calls, sum(seconds)::bigint AS seconds
         FROM call_usage_hourly
        WHERE "mediaType" = 'voice' AND hour >= date_trunc('month', now() AT TIME ZONE 'UTC')
        GROUP BY 1, 2`,
    ),
    pool.query(
      `SELECT (SELECT count(*) FROM billing_jobs)::int AS jobs,
              (SELECT count(*) FROM invoice_ledger WHERE state = 'CREATED')::int AS invoices,
              (SELECT COALESCE(sum(amount), 0) FROM invoice_ledger WHERE state = 'CREATED')::text AS revenue`,
    ),
  ]);
  return { success: true, data: { usage: usage.rows, totals: totals.rows[0] } };
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
