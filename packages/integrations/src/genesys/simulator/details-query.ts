import type {
  AnalyticsConversation,
  AnalyticsQueryFilter,
  AnalyticsSegmentPredicate,
  ConversationDetailsQuery,
  ConversationDetailsQueryResponse,
  GenesysErrorBody,
} from '../schemas';
import { DAY_MS, type ConversationCalendar, type DaySlice } from './conversations';
import type { InjectedConversationRecord } from './injected-conversation';
import type { LateConversations } from './late-conversations';
import { MAX_INTERVAL_DAYS } from './vendor-modes';

export const MAX_INTERVAL_MS = 7 * DAY_MS;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGINATION_RESULTS = 100_000;

export type DetailsQueryAnswer =
  | { status: 200; body: ConversationDetailsQueryResponse; interval: string; pageNumber: number; pageSize: number }
  | {
      status: 400;
      body: GenesysErrorBody;
      interval: string | null;
      pageNumber: number | null;
      pageSize: number | null;
    };

function badRequest(
  code: string,
  message: string,
  contextId: string,
  query?: Partial<ConversationDetailsQuery>,
): DetailsQueryAnswer {
  return {
    status: 400,
    body: {
      message,
      code,
      status: 400,
      messageWithParams: message,
      messageParams: {},
      contextId,
      details: [],
      errors: [],
    },
    interval: typeof query?.interval === 'string' ? query.interval : null,
    pageNumber: query?.paging?.pageNumber ?? null,
    pageSize: query?.paging?.pageSize ?? null,
  };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Answers POST /api/v2/analytics/conversations/details/query the way the synchronous endpoint
 * does: conversations that start on a (UTC) day the interval touches (with `wholeDayIntervals`,
 * as Genesys; else only inside the interval) and not after "now", in start order, paged, with
 * totalHits, and the `conversations` key left out when the page is past the end. Intervals of up
 * to 7 days, or 31 when the query carries a filter.
 */
export function answerDetailsQuery(
  calendar: ConversationCalendar,
  late: LateConversations,
  rawBody: unknown,
  nowMs: number,
  contextId: string,
  semantics: { wholeDayIntervals: boolean; maxPaginationResults?: number } = { wholeDayIntervals: false },
): DetailsQueryAnswer {
  if (typeof rawBody !== 'object' || rawBody === null || Array.isArray(rawBody)) {
    return badRequest(
      'bad.request',
      'The request could not be understood by the server due to malformed syntax.',
      contextId,
    );
  }
  const query = rawBody as Partial<ConversationDetailsQuery>;
  if (typeof query.interval !== 'string') {
    return badRequest(
      'invalid.value',
      'Value [null] is not valid for field [interval]. An interval is required.',
      contextId,
      query,
    );
  }
  const [startText, endText, ...extra] = query.interval.split('/');
  if (!startText || !endText || extra.length > 0 || !ISO_INSTANT.test(startText) || !ISO_INSTANT.test(endText)) {
    return badRequest(
      'invalid.date',
      'Dates must be specified as ISO-8601 strings. For example: yyyy-MM-ddTHH:mm:ss.SSSZ',
      contextId,
      query,
    );
  }
  const startMs = Date.parse(startText);
  const endMs = Date.parse(endText);
  if (Number.isNaN(startMs) || Number.isNaN(endMs)) {
    return badRequest(
      'invalid.date',
      'Dates must be specified as ISO-8601 strings. For example: yyyy-MM-ddTHH:mm:ss.SSSZ',
      contextId,
      query,
    );
  }
  if (endMs <= startMs) {
    return badRequest(
      'bad.request',
      `The interval [${query.interval}] is invalid: its end must be after its start.`,
      contextId,
      query,
    );
  }
  const hasFilters = (query.conversationFilters?.length ?? 0) > 0 || (query.segmentFilters?.length ?? 0) > 0;
  const maxDays = hasFilters ? MAX_INTERVAL_DAYS.filtered : MAX_INTERVAL_DAYS.unfiltered;
  if (endMs - startMs > maxDays * DAY_MS) {
    return badRequest(
      'bad.request',
      `Interval [${query.interval}] exceeds the maximum interval of ${maxDays} days${hasFilters ? '' : ' (31 with a filter)'}.`,
      contextId,
      query,
    );
  }
  const pageSize = query.paging?.pageSize ?? 25;
  const pageNumber = query.paging?.pageNumber ?? 1;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    return badRequest(
      'invalid.value',
      `Value [${String(pageSize)}] is not valid for field [paging.pageSize]. It must be between 1 and ${MAX_PAGE_SIZE}.`,
      contextId,
      query,
    );
  }
  if (!Number.isInteger(pageNumber) || pageNumber < 1) {
    return badRequest(
      'invalid.value',
      `Value [${String(pageNumber)}] is not valid for field [paging.pageNumber].`,
      contextId,
      query,
    );
  }
  const paginationCap = semantics.maxPaginationResults ?? MAX_PAGINATION_RESULTS;
  if (pageSize * pageNumber > paginationCap) {
    return badRequest('bad.request', `Pagination may not exceed ${paginationCap} results.`, contextId, query);
  }
  if (query.order !== undefined && !['asc', 'desc', 'unordered'].includes(query.order)) {
    return badRequest(
      'invalid.value',
      `Value [${String(query.order)}] is not valid for field [order]. Allowable values are: asc, desc, unordered`,
      contextId,
      query,
    );
  }

  const descending = query.order === 'desc';
  // Whole days: from the midnight before the start to the midnight after the end.
  const fromMs = semantics.wholeDayIntervals ? Math.floor(startMs / DAY_MS) * DAY_MS : startMs;
  const toMs = semantics.wholeDayIntervals ? Math.ceil(endMs / DAY_MS) * DAY_MS : endMs;
  const slices = calendar.slicesStartingBetween(fromMs, toMs, nowMs);
  const injected = late.startingBetween(fromMs, toMs, nowMs);
  const skip = (pageNumber - 1) * pageSize;

  let totalHits: number;
  let page: AnalyticsConversation[];
  if (hasFilters) {
    // Filters need every candidate built; fine for the ranges tests filter on.
    const all = inStartOrder(calendar, late, slices, injected, nowMs)
      .map((entry) => entry.build())
      .filter(
        (conversation) =>
          (query.conversationFilters ?? []).every((filter) =>
            filterMatches(filter, (p) => conversationPredicateMatches(conversation, p)),
          ) && (query.segmentFilters ?? []).every((filter) => segmentFilterMatches(conversation, filter)),
      );
    if (descending) all.reverse();
    totalHits = all.length;
    page = all.slice(skip, skip + pageSize);
  } else if (injected.length > 0) {
    // Only the page's conversations are built; the rest are just start times.
    const all = inStartOrder(calendar, late, slices, injected, nowMs);
    if (descending) all.reverse();
    totalHits = all.length;
    page = all.slice(skip, skip + pageSize).map((entry) => entry.build());
  } else {
    totalHits = slices.reduce((sum, slice) => sum + slice.toIndex - slice.fromIndex, 0);
    page = pageOfSlices(calendar, descending ? [...slices].reverse() : slices, descending, skip, pageSize, nowMs);
  }

  const body: ConversationDetailsQueryResponse = page.length > 0 ? { conversations: page, totalHits } : { totalHits };
  return { status: 200, body, interval: query.interval, pageNumber, pageSize };
}

type PendingConversation = { startMs: number; build: () => AnalyticsConversation };

/**
 * Generated and injected conversations of the interval merged by start time (generated first
 * on a tie), each built only when asked for.
 */
function inStartOrder(
  calendar: ConversationCalendar,
  late: LateConversations,
  slices: DaySlice[],
  injected: InjectedConversationRecord[],
  nowMs: number,
): PendingConversation[] {
  const generated: PendingConversation[] = slices.flatMap((slice) => {
    const starts = calendar.startTimesForDay(slice.date);
    return Array.from({ length: slice.toIndex - slice.fromIndex }, (_, offset) => {
      const index = slice.fromIndex + offset;
      const startMs = starts[index]!;
      return { startMs, build: () => calendar.conversationAt(slice.date, index, startMs, nowMs) };
    });
  });
  const added = injected.flatMap((record) => {
    const conversation = late.conversationAt(record, nowMs);
    return conversation ? [{ startMs: record.startMs, build: () => conversation }] : [];
  });
  const merged: PendingConversation[] = [];
  let g = 0;
  let a = 0;
  while (g < generated.length || a < added.length) {
    if (a >= added.length || (g < generated.length && generated[g]!.startMs <= added[a]!.startMs))
      merged.push(generated[g++]!);
    else merged.push(added[a++]!);
  }
  return merged;
}

function pageOfSlices(
  calendar: ConversationCalendar,
  slices: DaySlice[],
  descending: boolean,
  skip: number,
  take: number,
  nowMs: number,
): AnalyticsConversation[] {
  const page: AnalyticsConversation[] = [];
  let toSkip = skip;
  for (const slice of slices) {
    const length = slice.toIndex - slice.fromIndex;
    if (toSkip >= length) {
      toSkip -= length;
      continue;
    }
    const starts = calendar.startTimesForDay(slice.date);
    for (let offset = toSkip; offset < length && page.length < take; offset++) {
      const index = descending ? slice.toIndex - 1 - offset : slice.fromIndex + offset;
      page.push(calendar.conversationAt(slice.date, index, starts[index]!, nowMs));
    }
    toSkip = 0;
    if (page.length >= take) break;
  }
  return page;
}

function filterMatches(
  filter: AnalyticsQueryFilter,
  predicateMatches: (predicate: AnalyticsSegmentPredicate) => boolean,
): boolean {
  const results = [
    ...(filter.predicates ?? []).map(predicateMatches),
    ...(filter.clauses ?? []).map((clause) => filterMatches(clause, predicateMatches)),
  ];
  if (results.length === 0) return true;
  return filter.type === 'or' ? results.some(Boolean) : results.every(Boolean);
}

function valueMatches(actual: unknown, predicate: AnalyticsSegmentPredicate): boolean {
  const values = Array.isArray(actual) ? actual : [actual];
  const present = values.filter((value) => value !== undefined && value !== null);
  if (predicate.operator === 'exists') return present.length > 0;
  if (predicate.operator === 'notExists') return present.length === 0;
  return present.some((value) => String(value) === predicate.value);
}

function conversationPredicateMatches(
  conversation: AnalyticsConversation,
  predicate: AnalyticsSegmentPredicate,
): boolean {
  switch (predicate.dimension) {
    case 'conversationEnd':
      return valueMatches(conversation.conversationEnd, predicate);
    case 'conversationId':
      return valueMatches(conversation.conversationId, predicate);
    case 'originatingDirection':
      return valueMatches(conversation.originatingDirection, predicate);
    case 'divisionId':
      return valueMatches(conversation.divisionIds, predicate);
    case 'conversationStart':
      return valueMatches(conversation.conversationStart, predicate);
    default:
      return true;
  }
}

/** Segment predicates of one filter must all hold for the same segment, as in Genesys. */
function segmentFilterMatches(conversation: AnalyticsConversation, filter: AnalyticsQueryFilter): boolean {
  for (const participant of conversation.participants) {
    for (const session of participant.sessions) {
      for (const segment of session.segments) {
        const fields: Record<string, unknown> = {
          ...segment,
          mediaType: session.mediaType,
          direction: session.direction,
          ani: session.ani,
          dnis: session.dnis,
          purpose: participant.purpose,
          userId: participant.userId,
          participantName: participant.participantName,
        };
        if (
          filterMatches(
            filter,
            (predicate) => predicate.dimension === undefined || valueMatches(fields[predicate.dimension], predicate),
          )
        )
          return true;
      }
    }
  }
  return false;
}
