import { dayRangeToInstants, type CalendarDate } from '../domain/calendar';
import { AppError } from '../errors';
import type { AppServices } from '../services';
import { getOrganizationSettings } from '../settings/organization-settings';
import { pageInfo, type PageRequest } from './directory-pages';
import { isGenesysArea, requireGenesys } from './genesys-status';
import { callAnalytics, type InteractionFilters } from './call-analytics';
import { exportCallRecordsCsv, queryCallRecords, type CallRecordFilters } from './query-call-records';
import { callRecordsCsvFileName, type CallExportColumns } from '../shared/genesys';

/** Today's calls pulled this recently are served from PostgreSQL to the screen. */
const SCREEN_FRESHNESS_MS = 30_000;

export interface DayRange {
  startDate: CalendarDate;
  endDate: CalendarDate;
}

/** Pulls what the range still lacks; a Genesys failure becomes a 502 with its reason. */
async function ensureRange(services: AppServices, range: DayRange): Promise<void> {
  try {
    const service = requireGenesys(services);
    // Paging through a range that ends today should not re-fetch today on every page.
    if (isGenesysArea(service)) await service.pullRange(range, { freshForMs: SCREEN_FRESHNESS_MS });
    else await service.ensureCallRecords(range);
  } catch (error) {
    if (error instanceof AppError) throw error;
    services.logger.warn({ err: error }, 'Genesys call-record pull failed');
    throw new AppError('BAD_GATEWAY', `Could not get call records from Genesys Cloud: ${(error as Error).message}`);
  }
}

async function instantsOf(services: AppServices, range: DayRange) {
  const { timezone } = await getOrganizationSettings(services.db);
  return { timezone, ...dayRangeToInstants(range.startDate, range.endDate, timezone) };
}

/**
 * One page of the calls of a range of calendar days (company timezone, inclusive) that match the
 * filters, in their sort order, with the summary of every matching call of the range.
 */
export async function callRecordsPage(
  services: AppServices,
  range: DayRange,
  filters: CallRecordFilters,
  paging: PageRequest,
) {
  await ensureRange(services, range);
  const { from, toExclusive } = await instantsOf(services, range);
  const { records, total, summary } = await queryCallRecords(services.db, { from, toExclusive }, filters, paging);
  return {
    callRecords: records.map((record) => ({
      ...record,
      startTime: record.startTime.toISOString(),
      endTime: record.endTime ? record.endTime.toISOString() : null,
    })),
    pagination: pageInfo(paging, total),
    summary,
  };
}

/**
 * Every matching call of a range as CSV (Export CSV, with the file name the spec gives it; or
 * "Export with metrics", which adds talk, hold, after-call-work and handle seconds).
 */
export async function exportCallRecords(
  services: AppServices,
  range: DayRange,
  filters: CallRecordFilters,
  columns: CallExportColumns = 'standard',
) {
  await ensureRange(services, range);
  const { timezone, from, toExclusive } = await instantsOf(services, range);
  const { csv, count } = await exportCallRecordsCsv(services.db, { from, toExclusive }, filters, timezone, columns);
  return { fileName: callRecordsCsvFileName(range.startDate, range.endDate, columns), count, csv };
}

/** Call analytics of a range of calendar days over the stored calls that match the filters, once pulled. */
export async function callAnalyticsForDays(services: AppServices, range: DayRange, filters?: InteractionFilters) {
  await ensureRange(services, range);
  const { timezone, from, toExclusive } = await instantsOf(services, range);
  const analytics = await callAnalytics(services.db, { from, toExclusive }, timezone, filters);
  return { startDate: range.startDate, endDate: range.endDate, timezone, ...analytics };
}
