// Waits on what PostgreSQL tells (LISTEN/NOTIFY) rather than on the clock: a row that changed, a
// pg-boss message that was worked. Each wait reads once its LISTEN is in place (for a change that
// came before) and again on each notification, and fails after a timeout saying what it awaited.
import { listenForChanges, type ChangeListener, type Database } from '@phone-billing/db';

/**
 * Resolves with what `check` finds, once it finds something. `check` runs once the LISTEN on
 * `channel` is in place (payload null: for a change that came before) and again on each
 * notification (its payload); fails after `timeoutMs`, saying what it was waiting for.
 */
export async function whenNotified<T>(
  databaseUrl: string,
  channel: string,
  check: (payload: string | null) => Promise<T | undefined>,
  options: { waitingFor: string; timeoutMs?: number },
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  let listener: ChangeListener | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      const run = (payload: string | null) =>
        check(payload).then((found) => {
          if (found !== undefined) resolve(found);
        }, reject);
      timer = setTimeout(
        () => reject(new Error(`still waiting for ${options.waitingFor} after ${timeoutMs} ms`)),
        timeoutMs,
      );
      listener = listenForChanges(databaseUrl, channel, {
        onNotification: (payload) => void run(payload),
        onListeningChange: (listening) => {
          if (listening) void run(null);
        },
      });
    });
  } finally {
    clearTimeout(timer);
    await listener?.stop();
  }
}

const MESSAGE_ENDED_CHANNEL = 'test_queue_message_ended';

/**
 * Has PostgreSQL tell on MESSAGE_ENDED_CHANNEL when pg-boss records a message as worked (completed,
 * failed for good, cancelled): the queue's name is the payload. pg-boss completes a message only
 * once its handler has returned, so this is the moment a worker let go of it. It is the tests'
 * own trigger, not a migration: pg-boss creates its schema when it starts, after our migrations.
 * (A row trigger on the partitioned job table reaches every queue's partition, later ones too;
 * pg-boss fails a message by deleting and inserting it again, hence INSERT as well.)
 */
async function watchQueueMessages(db: Database): Promise<void> {
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION pgboss.test_message_ended_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${MESSAGE_ENDED_CHANNEL}', NEW.name);
      RETURN NULL;
    END $$`);
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE TRIGGER test_message_ended AFTER INSERT OR UPDATE OF state ON pgboss.job
      FOR EACH ROW WHEN (NEW.state::text IN ('completed', 'failed', 'cancelled'))
      EXECUTE FUNCTION pgboss.test_message_ended_notify()`);
}

/**
 * Waits until pg-boss has worked every message of `queue` matching `match` (its id, or what its
 * payload contains), at least one: a worker took it, its handler returned, and nothing of it is
 * left to run. Returns their final states.
 */
export async function waitForQueueMessages(
  test: { databaseUrl: string },
  db: Database,
  queue: string,
  match: { id?: string | null; data?: Record<string, string> },
  timeoutMs = 30_000,
): Promise<string[]> {
  await watchQueueMessages(db);
  const id = match.id ?? null;
  const data = JSON.stringify(match.data ?? {});
  return whenNotified(
    test.databaseUrl,
    MESSAGE_ENDED_CHANNEL,
    async (payload) => {
      if (payload !== null && payload !== queue) return undefined;
      const messages = await db.$queryRaw<Array<{ state: string }>>`
        SELECT state::text AS state FROM pgboss.job
        WHERE name = ${queue} AND (${id}::uuid IS NULL OR id = ${id}::uuid) AND data @> ${data}::jsonb`;
      const states = messages.map((message) => message.state);
      return states.length > 0 && states.every((state) => ['completed', 'failed', 'cancelled'].includes(state))
        ? states
        : undefined;
    },
    { waitingFor: `${queue} message ${id ?? data} to be worked`, timeoutMs },
  );
}

const TABLE_CHANGED_CHANNEL = 'test_table_changed';

/**
 * Has PostgreSQL tell on TABLE_CHANGED_CHANNEL when a statement changed `table` (its name is the
 * payload): the tests' own statement trigger in their own database, for tables whose changes
 * nothing else announces.
 */
async function watchTable(db: Database, table: string): Promise<void> {
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION test_table_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${TABLE_CHANGED_CHANNEL}', TG_TABLE_NAME);
      RETURN NULL;
    END $$`);
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE TRIGGER test_table_changed AFTER INSERT OR UPDATE OR DELETE ON "${table}"
      FOR EACH STATEMENT EXECUTE FUNCTION test_table_changed_notify()`);
}

/** Resolves with what `check` finds once it finds something, checked again whenever `table` changed. */
export async function waitForTable<T>(
  test: { databaseUrl: string },
  db: Database,
  table: string,
  check: () => Promise<T | undefined>,
  options: { waitingFor: string; timeoutMs?: number },
): Promise<T> {
  await watchTable(db, table);
  return whenNotified(
    test.databaseUrl,
    TABLE_CHANGED_CHANNEL,
    (payload) => (payload === null || payload === table ? check() : Promise.resolve(undefined)),
    options,
  );
}
