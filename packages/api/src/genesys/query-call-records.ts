import type { Database, Prisma } from '@phone-billing/db';
import { dateTimeInZone } from '../domain/calendar';
import { toCsv } from '../shared/csv';
import {
  VOICE_MEDIA_TYPE,
  type CallDirectionFilter,
  type CallDurationFilter,
  type CallExportColumns,
  type CallMediaTypeFilter,
  type CallSort,
} from '../shared/genesys';

/** The calls tab's filters and sort (spec 000 §5, and media type), applied in the database over the whole range. */
export type CallRecordFilters = {
  mediaType: CallMediaTypeFilter;
  direction: CallDirectionFilter;
  duration: CallDurationFilter;
  sort: CallSort;
};

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
    ...(filters.mediaType === 'all' ? {} : { mediaType: filters.mediaType }),
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
  conversationId: true,
  startTime: true,
  endTime: true,
  duration: true,
  direction: true,
  mediaType: true,
  userId: true,
  queueId: true,
  wrapUpCode: true,
  recordingId: true,
  talkSeconds: true,
  holdSeconds: true,
  acwSeconds: true,
  handleSeconds: true,
} as const;

/** User and queue names by id, for the records given (names sit beside ids on screen and in CSV). */
async function namesFor(db: Database, records: Array<{ userId: string | null; queueId: string | null }>) {
  const userIds = [...new Set(records.map((record) => record.userId).filter((id): id is string => Boolean(id)))];
  const queueIds = [...new Set(records.map((record) => record.queueId).filter((id): id is string => Boolean(id)))];
  const [users, queues] = await Promise.all([
    userIds.length ? db.genesysUser.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [],
    queueIds.length
      ? db.genesysQueue.findMany({ where: { id: { in: queueIds } }, select: { id: true, name: true } })
      : [],
  ]);
  return {
    users: new Map(users.map((user) => [user.id, user.name])),
    queues: new Map(queues.map((queue) => [queue.id, queue.name])),
  };
}

/**
 * One page of a range's calls with the filters and sort applied in the database, and the summary
 * (calls, voice calls, seconds, minutes, unique users) over every matching call of the range, not the page.
 */
export async function queryCallRecords(
  db: Database,
  range: InstantRange,
  filters: CallRecordFilters,
  paging: { page: number; limit: number },
) {
  const where = whereOf(range, filters);
  const [records, byMediaType, users] = await Promise.all([
    db.callRecord.findMany({
      where,
      orderBy: orderOf(filters.sort),
      skip: (paging.page - 1) * paging.limit,
      take: paging.limit,
      select: recordFields,
    }),
    // One pass gives the total and the voice calls beside it.
    db.callRecord.groupBy({ by: ['mediaType'], where, _count: { _all: true }, _sum: { duration: true } }),
    db.callRecord.groupBy({ by: ['userId'], where: { ...where, userId: { not: null } } }),
  ]);
  const names = await namesFor(db, records);
  const calls = byMediaType.reduce((sum, group) => sum + group._count._all, 0);
  const voiceCalls = byMediaType.find((group) => group.mediaType === VOICE_MEDIA_TYPE)?._count._all ?? 0;
  const totalSeconds = byMediaType.reduce((sum, group) => sum + (group._sum.duration ?? 0), 0);
  return {
    records: records.map((record) => ({
      ...record,
      userName: record.userId ? (names.users.get(record.userId) ?? null) : null,
      queueName: record.queueId ? (names.queues.get(record.queueId) ?? null) : null,
    })),
    total: calls,
    summary: {
      calls,
      voiceCalls,
      totalSeconds,
      totalMinutes: Math.round((totalSeconds / 60) * 100) / 100,
      uniqueUsers: users.length,
    },
  };
}

/** "Export with metrics" adds these after the specification's columns. */
export const METRICS_CSV_COLUMNS = [
  'Talk Time (seconds)',
  'Hold Time (seconds)',
  'After-call Work (seconds)',
  'Handle Time (seconds)',
];

/**
 * Spec 000 §9's columns, with the user's and queue's names beside their ids and times in the
 * company timezone; with metrics, Genesys' talk, hold, after-call-work and handle seconds after them.
 */
export function callRecordsCsvColumns(timeZone: string, columns: CallExportColumns = 'standard'): string[] {
  const standard = [
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
  return columns === 'with-metrics' ? [...standard, ...METRICS_CSV_COLUMNS] : standard;
}

/**
 * Every call of the range that matches the filters, in their sort order, as CSV. A metric not
 * known (a call stored before metrics were kept) is an empty cell, never a made-up 0.
 */
export async function exportCallRecordsCsv(
  db: Database,
  range: InstantRange,
  filters: CallRecordFilters,
  timeZone: string,
  columns: CallExportColumns = 'standard',
) {
  const records = await db.callRecord.findMany({
    where: whereOf(range, filters),
    orderBy: orderOf(filters.sort),
    select: recordFields,
  });
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
    ...(columns === 'with-metrics'
      ? [record.talkSeconds, record.holdSeconds, record.acwSeconds, record.handleSeconds]
      : []),
  ]);
  return { csv: toCsv(callRecordsCsvColumns(timeZone, columns), rows), count: records.length };
}
