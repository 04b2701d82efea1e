// Reads on the hottest request paths (a page of a list, a dashboard aggregate) go straight
// through node-postgres: the Prisma client's per-query work costs about as much CPU again as
// reading the rows (docs/benchmarks.md). The SQL is still composed with Prisma.sql (parameters,
// never string concatenation) and the rows are typed from the Prisma models (PgRow).
import { Prisma, type PrismaClient } from '@prisma/client';
import pg from 'pg';

const TIMESTAMP_OID = 1114;
const DATE_OID = 1082;

/**
 * How columns arrive: `timestamp` (no zone, holding UTC, as Prisma writes it) as a Date in UTC
 * rather than in the process's zone, `date` as its 'YYYY-MM-DD' text; numeric and bigint stay
 * text (exact), json is parsed.
 */
const leanTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

/** A Prisma model's row as node-postgres hands it over here: decimals and bigints as text. */
export type PgRow<Model> = {
  [Field in keyof Model]: Model[Field] extends Prisma.Decimal
    ? string
    : Model[Field] extends Prisma.Decimal | null
      ? string | null
      : Model[Field] extends bigint
        ? string
        : Model[Field];
};

const pools = new WeakMap<PrismaClient, pg.Pool>();

export function registerLeanPool(client: PrismaClient, pool: pg.Pool): void {
  pools.set(client, pool);
}

/** Runs a read and returns its rows (on a client made by createDatabaseClient, whose pool it uses). */
export async function queryRows<Row>(db: PrismaClient, query: Prisma.Sql): Promise<Row[]> {
  const pool = pools.get(db);
  if (!pool) throw new Error('queryRows needs a database client made by createDatabaseClient');
  const result = await pool.query({ text: query.text, values: query.values as unknown[], types: leanTypes });
  return result.rows as Row[];
}

/**
 * Runs a write with a large parameter (a few hundred kilobytes of JSON) and returns the rows it
 * touched. On a client made by createDatabaseClient it goes through node-postgres, where the
 * Prisma client would spend about as long again on the parameter as PostgreSQL spends on the
 * statement; inside a transaction (no pool of its own) it runs on the transaction.
 */
export async function executeLargeWrite(db: Pick<PrismaClient, '$executeRaw'>, query: Prisma.Sql): Promise<number> {
  const pool = pools.get(db as PrismaClient);
  if (!pool) return db.$executeRaw(query);
  const result = await pool.query({ text: query.text, values: query.values as unknown[] });
  return result.rowCount ?? 0;
}

/** A statement run inside {@link inLeanTransaction}: its rows (typed by the caller) and how many it touched. */
export type LeanStatement = <Row = Record<string, unknown>>(
  query: Prisma.Sql,
) => Promise<{ rows: Row[]; rowCount: number }>;

/**
 * Runs `work` in one transaction on a connection of the client's pool, straight through
 * node-postgres: for statements with large parameters (see executeLargeWrite) that must commit
 * together or not at all, e.g. behind a row lock. Rolled back when `work` throws.
 */
export async function inLeanTransaction<T>(db: PrismaClient, work: (run: LeanStatement) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) throw new Error('inLeanTransaction needs a database client made by createDatabaseClient');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(async (query) => {
      const answer = await client.query({ text: query.text, values: query.values as unknown[], types: leanTypes });
      return { rows: answer.rows, rowCount: answer.rowCount ?? 0 };
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError; // the connection is not reused
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
