import { Prisma, type Database } from '@phone-billing/db';
import {
  mapConversationToCallRecord,
  type AnalyticsConversationAsSent,
  type CallRecordInput,
  type GenesysQueue,
  type GenesysUser,
} from '@phone-billing/integrations/genesys';
import { dayRangeToInstants, type CalendarDate } from '../domain/calendar';

/** What the store needs from Genesys to fill call_records (GenesysClient fits). */
export interface ConversationSource {
  conversationsBetween(start: Date, end: Date): AsyncIterable<AnalyticsConversationAsSent>;
}

/** What the store needs from Genesys to fill genesys_users and genesys_queues (GenesysClient fits). */
export interface DirectorySource {
  listAllUsers(): Promise<GenesysUser[]>;
  listAllQueues(): Promise<GenesysQueue[]>;
}

const DAY_MS = 86_400_000;
/** The details query accepts at most 7 days per interval; one locked pull covers at most that. */
const MAX_DAYS_PER_PULL = 7;
const UPSERT_BATCH_SIZE = 1000;
/** One key for every call pull: two pulls of overlapping days never run at once. */
const CALL_PULL_LOCK_KEY = 'phone-billing:genesys-call-pull';

const utcDayOf = (instant: Date | number): string => new Date(instant).toISOString().slice(0, 10);
const utcDayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** UTC days ('YYYY-MM-DD') that overlap [from, toExclusive), oldest first. */
export function utcDaysOverlapping(from: Date, toExclusive: Date): string[] {
  const days: string[] = [];
  if (toExclusive.getTime() <= from.getTime()) return days;
  const last = utcDayStart(utcDayOf(toExclusive.getTime() - 1));
  for (let ms = utcDayStart(utcDayOf(from)); ms <= last; ms += DAY_MS) days.push(utcDayOf(ms));
  return days;
}

// ------------------------------------------------------------------ directory

/** Replaces genesys_users and genesys_queues with what Genesys lists now. */
export async function syncDirectory(db: Database, source: DirectorySource): Promise<{ users: number; queues: number }> {
  const [users, queues] = await Promise.all([source.listAllUsers(), source.listAllQueues()]);
  const syncedAt = new Date();
  await db.$transaction(
    async (tx) => {
      // Instances starting together each sync; one at a time, or their upserts collide.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('phone-billing:genesys-directory-sync'))`;
      for (const queue of queues) {
        const data = {
          name: queue.name,
          description: queue.description ?? null,
          divisionName: queue.division?.name ?? null,
          syncedAt,
        };
        await tx.genesysQueue.upsert({ where: { id: queue.id }, create: { id: queue.id, ...data }, update: data });
      }
      for (const user of users) {
        const data = {
          name: user.name,
          email: user.email ?? null,
          department: user.department ?? null,
          divisionName: user.division?.name ?? null,
          syncedAt,
        };
        await tx.genesysUser.upsert({ where: { id: user.id }, create: { id: user.id, ...data }, update: data });
      }
      // Entries Genesys no longer lists go (a listing that came back empty removes nothing).
      if (queues.length > 0)
        await tx.genesysQueue.deleteMany({ where: { id: { notIn: queues.map((queue) => queue.id) } } });
      if (users.length > 0) await tx.genesysUser.deleteMany({ where: { id: { notIn: users.map((user) => user.id) } } });
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  return { users: users.length, queues: queues.length };
}

// ------------------------------------------------------------------ call records

type Executor = Pick<Database, '$executeRaw'>;

/** What an upsert writes beside "conversationId", in its SELECT's order; a conversation pulled again overwrites them all. */
const CALL_RECORD_COLUMNS = [
  'startTime',
  'endTime',
  'duration',
  'direction',
  'mediaType',
  'userId',
  'queueId',
  'wrapUpCode',
  'recordingId',
  'talkSeconds',
  'holdSeconds',
  'acwSeconds',
  'handleSeconds',
  'pulledAt',
].map((column) => `"${column}"`);
const OVERWRITE_CALL_RECORD_COLUMNS = Prisma.raw(
  CALL_RECORD_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', '),
);

/**
 * Inserts or updates call records by conversationId, in batches of one statement each
 * (`INSERT ... SELECT FROM unnest(...) ON CONFLICT DO UPDATE`). Returns how many were written.
 */
export async function upsertCallRecords(db: Executor, records: CallRecordInput[]): Promise<number> {
  // One conversation twice in a batch would make ON CONFLICT touch a row twice (an error): keep the last.
  const unique = [...new Map(records.map((record) => [record.conversationId, record])).values()];
  for (let index = 0; index < unique.length; index += UPSERT_BATCH_SIZE) {
    const batch = unique.slice(index, index + UPSERT_BATCH_SIZE);
    await db.$executeRaw`
      INSERT INTO call_records ("conversationId", ${Prisma.raw(CALL_RECORD_COLUMNS.join(', '))})
      SELECT t.id, (t.s::timestamptz AT TIME ZONE 'UTC'), (t.e::timestamptz AT TIME ZONE 'UTC'), t.d, t.dir, t.m,
        t.u, t.q, t.w, t.r, t.talk, t.hold, t.acw, t.handle, (now() AT TIME ZONE 'UTC')
      FROM unnest(
        ${batch.map((record) => record.conversationId)}::text[],
        ${batch.map((record) => record.startTime.toISOString())}::text[],
        ${batch.map((record) => record.endTime?.toISOString() ?? null)}::text[],
        ${batch.map((record) => record.duration)}::int[],
        ${batch.map((record) => record.direction)}::text[],
        ${batch.map((record) => record.mediaType)}::text[],
        ${batch.map((record) => record.userId)}::text[],
        ${batch.map((record) => record.queueId)}::text[],
        ${batch.map((record) => record.wrapUpCode)}::text[],
        ${batch.map((record) => record.recordingId)}::text[],
        ${batch.map((record) => record.talkSeconds)}::int[],
        ${batch.map((record) => record.holdSeconds)}::int[],
        ${batch.map((record) => record.acwSeconds)}::int[],
        ${batch.map((record) => record.handleSeconds)}::int[]
      ) AS t(id, s, e, d, dir, m, u, q, w, r, talk, hold, acw, handle)
      ON CONFLICT ("conversationId") DO UPDATE SET ${OVERWRITE_CALL_RECORD_COLUMNS}`;
  }
  return unique.length;
}

export interface PullOptions {
  /** Pull even days already recorded as complete (the record of pulled days is bypassed). */
  force?: boolean;
  now?: () => Date;
  /** Checked between chunks: a background pull stops when it turns true. */
  shouldStop?: () => boolean;
  /**
   * A day that had not ended when pulled is not pulled again within this many milliseconds of
   * that pull (default 0: the next request pulls it again). The screen passes 30 s so paging
   * through today's calls does not re-fetch today on every page.
   */
  freshForMs?: number;
  /** Days recorded as complete but pulled before this instant are pulled again (late conversations). */
  refreshPulledBefore?: Date;
  /**
   * Days fetched under one lock (1..7, default 7). Background pulls use 1 so a person's request
   * for other days never waits behind more than one day's pull.
   */
  daysPerLock?: number;
}

export interface PullResult {
  /** UTC days fetched from Genesys by this call. */
  daysPulled: string[];
  /** Call records written (inserted or updated). */
  recordsWritten: number;
}

/**
 * Makes call_records hold every conversation of these UTC days. A day counts as done when it was
 * pulled after it had ended (and none of its calls was still running), or when it was pulled
 * within `freshForMs` before this call began or at any time since (a concurrent caller did it). Days after `now` hold nothing yet and
 * are skipped. Work goes in chunks of up to 7 consecutive days, each under one PostgreSQL
 * advisory lock, so simultaneous pulls queue up instead of racing.
 */
export async function pullCallRecordDays(
  db: Database,
  source: ConversationSource,
  days: string[],
  options: PullOptions = {},
): Promise<PullResult> {
  const now = options.now ?? (() => new Date());
  const requestedAt = now();
  const freshSince = new Date(requestedAt.getTime() - Math.max(0, options.freshForMs ?? 0));
  const wanted = [...new Set(days)].sort().filter((day) => utcDayStart(day) <= requestedAt.getTime());
  const result: PullResult = { daysPulled: [], recordsWritten: 0 };

  const daysPerLock = Math.min(MAX_DAYS_PER_PULL, Math.max(1, Math.floor(options.daysPerLock ?? MAX_DAYS_PER_PULL)));
  for (const chunk of consecutiveChunks(wanted, daysPerLock)) {
    if (options.shouldStop?.()) break;
    // In-process queue first, so waiting pulls do not each hold a pooled connection; then the
    // advisory lock, which also orders pulls of other processes (workers, more servers).
    await inProcessQueue(db, () =>
      db.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${CALL_PULL_LOCK_KEY}))`;
          let todo = chunk;
          if (!options.force) {
            const refreshBefore = (options.refreshPulledBefore ?? new Date(0)).toISOString();
            const done = await tx.$queryRaw<Array<{ day: string }>>`
          SELECT to_char(day, 'YYYY-MM-DD') AS day FROM call_pull_days
          WHERE day = ANY(${chunk}::date[])
            AND ((complete AND "pulledAt" >= (${refreshBefore}::timestamptz AT TIME ZONE 'UTC'))
                 OR "pulledAt" >= (${freshSince.toISOString()}::timestamptz AT TIME ZONE 'UTC'))`;
            const doneDays = new Set(done.map((row) => row.day));
            todo = chunk.filter((day) => !doneDays.has(day));
          }
          if (todo.length === 0) return;

          const pullStartedAt = now();
          const start = new Date(utcDayStart(todo[0]!));
          const end = new Date(utcDayStart(todo[todo.length - 1]!) + DAY_MS);
          const todoSet = new Set(todo);
          const counts = new Map<string, number>(todo.map((day) => [day, 0]));
          const unfinished = new Set<string>();
          const records: CallRecordInput[] = [];
          for await (const conversation of source.conversationsBetween(start, end)) {
            const record = mapConversationToCallRecord(conversation);
            if (!record) continue;
            const day = utcDayOf(record.startTime);
            // Days between two wanted days that were already complete are refreshed too; harmless.
            counts.set(day, (counts.get(day) ?? 0) + 1);
            if (!record.endTime) unfinished.add(day);
            records.push(record);
          }
          result.recordsWritten += await upsertCallRecords(tx, records);

          const pulledDays = [...counts.keys()].filter(
            (day) => todoSet.has(day) || (day >= todo[0]! && day <= todo[todo.length - 1]!),
          );
          const completeFlags = pulledDays.map(
            (day) => utcDayStart(day) + DAY_MS <= pullStartedAt.getTime() && !unfinished.has(day),
          );
          await tx.$executeRaw`
        INSERT INTO call_pull_days (day, "pulledAt", complete, "callCount")
        SELECT t.day::date, (${pullStartedAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'), t.complete, t.calls
        FROM unnest(${pulledDays}::text[], ${completeFlags}::boolean[], ${pulledDays.map((day) => counts.get(day) ?? 0)}::int[]) AS t(day, complete, calls)
        ON CONFLICT (day) DO UPDATE SET "pulledAt" = EXCLUDED."pulledAt", complete = EXCLUDED.complete, "callCount" = EXCLUDED."callCount"`;
          result.daysPulled.push(...pulledDays);
        },
        { maxWait: 60_000, timeout: 30 * 60_000 },
      ),
    );
  }
  result.daysPulled.sort();
  return result;
}

const pullQueues = new WeakMap<object, Promise<void>>();

/** Runs `work` after every earlier call for the same database client has finished. */
async function inProcessQueue<T>(db: object, work: () => Promise<T>): Promise<T> {
  const previous = pullQueues.get(db) ?? Promise.resolve();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mine = previous.then(() => gate);
  pullQueues.set(db, mine);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (pullQueues.get(db) === mine) pullQueues.delete(db);
  }
}

/** Runs of consecutive days, each at most `size` long. */
function consecutiveChunks(sortedDays: string[], size: number): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  for (const day of sortedDays) {
    const previous = current[current.length - 1];
    if (current.length > 0 && (current.length >= size || utcDayStart(day) - utcDayStart(previous!) !== DAY_MS)) {
      chunks.push(current);
      current = [];
    }
    current.push(day);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Makes call_records hold every call of the calendar days start..end (inclusive) in `timeZone`:
 * the UTC days those instants overlap are pulled unless already done.
 */
export async function ensureCallRecords(
  db: Database,
  source: ConversationSource,
  range: { startDate: CalendarDate; endDate: CalendarDate; timeZone: string },
  options: PullOptions = {},
): Promise<PullResult> {
  const { from, toExclusive } = dayRangeToInstants(range.startDate, range.endDate, range.timeZone);
  return pullCallRecordDays(db, source, utcDaysOverlapping(from, toExclusive), options);
}
