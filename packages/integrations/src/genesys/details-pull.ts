import { GenesysApiError } from './errors';
import type {
  AnalyticsConversationAsSent,
  ConversationDetailsQuery,
  ConversationDetailsQueryResponse,
} from './schemas';

// Reading a range of conversations through the synchronous details query, as Genesys really
// answers it: whole (UTC) days for any interval, at most 7 days an interval, 100,000 results a
// query. GenesysClient.conversationsBetween hands its requests to DetailsPull.

export interface DateInterval {
  start: Date;
  end: Date;
}

/** The sync details query refuses intervals longer than this (7 days; 31 with a filter). */
export const MAX_DETAILS_INTERVAL_MS = 7 * 86_400_000;
/** The details query refuses pageSize × pageNumber beyond this. */
export const MAX_DETAILS_PAGINATION_RESULTS = 100_000;
const DETAILS_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

/**
 * Splits [start, end) into consecutive intervals of at most `maxLengthMs` (7 days by default),
 * the longest the synchronous details query accepts.
 */
export function splitIntoIntervals(start: Date, end: Date, maxLengthMs = MAX_DETAILS_INTERVAL_MS): DateInterval[] {
  const intervals: DateInterval[] = [];
  for (let from = start.getTime(); from < end.getTime(); from += maxLengthMs) {
    intervals.push({ start: new Date(from), end: new Date(Math.min(from + maxLengthMs, end.getTime())) });
  }
  return intervals;
}

const isoInterval = (interval: DateInterval): string => `${interval.start.toISOString()}/${interval.end.toISOString()}`;

export class DetailsPull {
  constructor(
    private readonly query: (body: ConversationDetailsQuery) => Promise<ConversationDetailsQueryResponse>,
    /** Results the details query pages to at most (Genesys: 100,000). */
    private readonly paginationCap = MAX_DETAILS_PAGINATION_RESULTS,
  ) {}

  /**
   * Every conversation that starts in [start, end). The synchronous details query answers with
   * every conversation that started on any (UTC) day its interval touches, whatever the
   * interval's times, so each answer is cut back to the range asked for here. The range is
   * queried in intervals of at most 7 days, pages of 100. An interval holding more than 100,000
   * results is split at midnight, never within a day (a shorter interval returns the same whole
   * day again); one day holding more is read from both ends, ascending then descending, which
   * reaches 200,000, and beyond that the pull fails saying so, rather than looping or dropping
   * calls. Conversations repeated across pages are yielded once. Unfinished conversations (no
   * conversationEnd) are yielded too; the caller decides what to keep.
   */
  async *between(start: Date, end: Date): AsyncGenerator<AnalyticsConversationAsSent> {
    for (const interval of splitIntoIntervals(start, end)) {
      // A conversation starts in one interval only, so repeats can only come within one.
      const seen = new Set<string>();
      for await (const conversation of this.conversationsInInterval(interval)) {
        const startsAt = Date.parse(conversation.conversationStart ?? '');
        if (!(startsAt >= interval.start.getTime() && startsAt < interval.end.getTime())) continue;
        if (conversation.conversationId) {
          if (seen.has(conversation.conversationId)) continue;
          seen.add(conversation.conversationId);
        }
        yield conversation;
      }
    }
  }

  private detailsPage(
    interval: DateInterval,
    pageNumber: number,
    order: 'asc' | 'desc',
  ): Promise<ConversationDetailsQueryResponse> {
    return this.query({
      interval: isoInterval(interval),
      order,
      orderBy: 'conversationStart',
      paging: { pageSize: DETAILS_PAGE_SIZE, pageNumber },
    });
  }

  /** Pages of one interval in one order, from page 1, until a short page, `wanted` results or the cap (100,000). */
  private async *pagesOf(
    interval: DateInterval,
    order: 'asc' | 'desc',
    wanted: number,
    first?: ConversationDetailsQueryResponse,
  ): AsyncGenerator<AnalyticsConversationAsSent> {
    let read = 0;
    for (let pageNumber = 1; pageNumber * DETAILS_PAGE_SIZE <= this.paginationCap && read < wanted; pageNumber++) {
      const response = pageNumber === 1 && first ? first : await this.detailsPage(interval, pageNumber, order);
      const conversations = (response.conversations ?? []) as AnalyticsConversationAsSent[];
      yield* conversations;
      read += conversations.length;
      if (conversations.length < DETAILS_PAGE_SIZE) return;
    }
  }

  private async *conversationsInInterval(interval: DateInterval): AsyncGenerator<AnalyticsConversationAsSent> {
    const first = await this.detailsPage(interval, 1, 'asc');
    if (first.totalHits <= this.paginationCap) {
      yield* this.pagesOf(interval, 'asc', Number.POSITIVE_INFINITY, first);
      return;
    }
    const midnight = midnightInside(interval);
    if (midnight !== null) {
      yield* this.conversationsInInterval({ start: interval.start, end: midnight });
      yield* this.conversationsInInterval({ start: midnight, end: interval.end });
      return;
    }
    // One day holding more than one ordering can page: read it from both ends.
    if (first.totalHits > 2 * this.paginationCap) {
      throw new GenesysApiError(
        400,
        'too.many.results',
        `Genesys Cloud holds ${first.totalHits} conversations that started on the day of ${isoInterval(interval)}, more than the details query can page (${2 * this.paginationCap}); that day cannot be pulled completely this way.`,
        null,
      );
    }
    yield* this.pagesOf(interval, 'asc', Number.POSITIVE_INFINITY, first);
    // totalHits is approximate: a page more than the rest, the overlap is dropped as repeats.
    yield* this.pagesOf(interval, 'desc', first.totalHits - this.paginationCap + DETAILS_PAGE_SIZE);
  }
}

/**
 * A UTC midnight strictly inside the interval, as near its middle as can be; null when the
 * interval lies within one day, where splitting it further would not shrink the answer.
 */
function midnightInside(interval: DateInterval): Date | null {
  const start = interval.start.getTime();
  const end = interval.end.getTime();
  const firstMidnight = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;
  const lastMidnight = Math.ceil(end / DAY_MS) * DAY_MS - DAY_MS;
  if (firstMidnight > lastMidnight) return null;
  const nearMiddle = Math.round((start + end) / 2 / DAY_MS) * DAY_MS;
  return new Date(Math.min(lastMidnight, Math.max(firstMidnight, nearMiddle)));
}
