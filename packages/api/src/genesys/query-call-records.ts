import type { Database, Prisma } from '@phone-billing/db';
import { dateTimeInZone } from '../domain/calendar';
import { toCsv } from '../shared/csv';
import type { CallDirectionFilter, CallDurationFilter, CallSort } from '../shared/genesys';

/** The calls tab's filters and sort (spec 000 §5), applied in the database over the whole range. */
export type CallRecordFilters = { direction: CallDirectionFilter; duration: CallDurationFilter; sort: CallSort };

type InstantRange = { from: Date; toExclusive: Date };

/** Duration ranges in seconds: 0-30, over 30 to 60, over 60 to 300, over 300 (spec 000 §5). */
const DURATION_WHERE: Record<CallDurationFilter, Prisma.IntFilter | undefined> = {
  all: undefined,
  '0-30': { gte: 0, lte: 30 },
  '30-60': { gt: 30, lte: 60 },
  '60-300': { gt: 60, lte: 300 },
  '300+': { gt: 300 },
};

function whereOf(range: InstantRange, filters: CallRecordFilters): Prisma.CallRecordWhereInput {
  const duration = DURATION_WHERE[filters.duration];
  return {
    startTime: { gte: range.from, lt: range.toExclusive },
    ...(filters.direction === 'all' ? {} : { direction: { equals: filters.direction, mode: 'insensitive' as const } }),
    ...(duration ? { duration } : {}),
  };
}

/** Newest first; longest first; direction A-Z; each then newest first (spec 000 §5). */
function orderOf(sort: CallSort): Prisma.CallRecordOrderByWithRelationInput[] {
  const newestFirst: Prisma.CallRecordOrderByWithRelationInput[] = [{ startTime: 'desc' }, { conversationId: 'asc' }];
  if (sort === 'duration') return [{ duration: 'desc' }, ...newestFirst];
  if (sort === 'direction') return [{ direction: { sort: 'asc', nulls: 'last' } }, ...newestFirst];
  return newestFirst;
}

const recordFields = {
  conversationId: true, startTime: true, endTime: true, duration: true, direction: true,
  mediaType: true, userId: true, queueId: true, wrapUpCode: true, recordingId: true,
} as const;

/** User and queue names by id, for the records given (names sit beside ids on screen and in CSV). */
async function namesFor(db: Database, records: Array<{ userId: string | null; queueId: string | null }>) {
  const userIds = [...new Set(records.map((record) => record.userId).filter((id): id is string => Boolean(id)))];
  const queueIds = [...new Set(records.map((record) => record.queueId).filter((id): id is string => Boolean(id)))];
  const [users, queues] = await Promise.all([
    userIds.length ? db.genesysUser.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [],
    queueIds.length ? db.genesysQueue.findMany({ where: { id: { in: queueIds } }, select: { id: true, name: true } }) : [],
  ]);
  return { users: new Map(users.map((user) => [user.id, user.name])), queues: new Map(queues.map((queue) => [queue.id, queue.name])) };
}

/**
 * One page of a range's calls with the filters and sort applied in the database, and the summary
 * (calls, seconds, minutes, unique users) over every matching call of the range, not the page.
 */
export async function queryCallRecords(db: Database, range: InstantRange, filters: CallRecordFilters, paging: { page: number; limit: number }) {
  const where = whereOf(range, filters);
  const [records, aggregate, users] = await Promise.all([
    db.callRecord.findMany({ where, orderBy: orderOf(filters.sort), skip: (paging.page - 1) * paging.limit, take: paging.limit, select: recordFields }),
    db.callRecord.aggregate({ where, _count: { _all: true }, _sum: { duration: true } }),
    db.callRecord.groupBy({ by: ['userId'], where: { ...where, userId: { not: null } } }),
  ]);
  const names = await namesFor(db, records);
  const totalSeconds = aggregate._sum.duration ?? 0;
  return {
    records: records.map((record) => ({
      ...record,
      userName: record.userId ? (names.users.get(record.userId) ?? null) : null,
      queueName: record.queueId ? (names.queues.get(record.queueId) ?? null) : null,
    })),
    total: aggregate._count._all,
    summary: { calls: aggregate._count._all, totalSeconds, totalMinutes: Math.round((totalSeconds / 60) * 100) / 100, uniqueUsers: users.length },
  };
}

/** Spec 000 §9's columns, with the user's and queue's names beside their ids and times in the company timezone. */
export function callRecordsCsvColumns(timeZone: string): string[] {
  return [
    'Conversation ID',
    `Start Time (${timeZone})`,
    `End Time (${timeZone})`,
    'Duration (seconds)',
    'Duration (minutes)',
    'Direction',
    'Media Type',
    'User ID',
    'User Name',
    'Queue ID',
    'Queue Name',
    'Wrap-up Code',
    'Recording ID',
  ];
}

/** Every call of the range that matches the filters, in their sort order, as CSV. */
export async function exportCallRecordsCsv(db: Database, range: InstantRange, filters: CallRecordFilters, timeZone: string) {
  const records = await db.callRecord.findMany({ where: whereOf(range, filters), orderBy: orderOf(filters.sort), select: recordFields });
  const names = await namesFor(db, records);
  const rows = records.map((record) => [
    record.conversationId,
    dateTimeInZone(record.startTime, timeZone),
    record.endTime ? dateTimeInZone(record.endTime, timeZone) : '',
    record.duration,
    (Math.round((record.duration / 60) * 100) / 100).toFixed(2),
    record.direction,
    record.mediaType,
    record.userId,
    record.userId ? names.users.get(record.userId) : '',
    record.queueId,
    record.queueId ? names.queues.get(record.queueId) : '',
    record.wrapUpCode,
    record.recordingId,
  ]);
  return { csv: toCsv(callRecordsCsvColumns(timeZone), rows), count: records.length };
}
