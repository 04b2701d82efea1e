import { callAnalyticsForDays, callRecordsPage, exportCallRecords } from '../../genesys/call-record-pages';
import { listGenesysQueuesPage, listGenesysUsersPage, listGenesysWrapUpCodes } from '../../genesys/directory-pages';
import { genesysStatus, testGenesysConnection } from '../../genesys/genesys-status';
import { permissionProcedure } from '../../procedures';
import {
  ZCallAnalyticsRequestSchema,
  ZCallRecordsExportRequestSchema,
  ZCallRecordsRequestSchema,
  ZGenesysDirectoryRequestSchema,
} from '../../shared/genesys';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZCallAnalyticsResponseSchema,
  ZCallRecordsExportResponseSchema,
  ZCallRecordsResponseSchema,
  ZGenesysQueuesResponseSchema,
  ZGenesysStatusResponseSchema,
  ZGenesysUsersResponseSchema,
  ZTestGenesysConnectionResponseSchema,
  ZWrapUpCodesResponseSchema,
} from './genesys.types';

const viewProcedure = permissionProcedure('integration:genesys', 'billing:view');
const PULL_FAILED = { 502: 'The call records could not be pulled from Genesys Cloud' };
const manageProcedure = permissionProcedure('integration:genesys');

export const genesysRouter = router({
  status: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/genesys/status',
        tags: ['genesys'],
        summary: 'Genesys Cloud connection and token status',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZGenesysStatusResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await genesysStatus(ctx.services) })),

  testConnection: manageProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/genesys/test-connection',
        errorResponses: { 502: 'Genesys Cloud did not answer or refused the credentials' },
        tags: ['genesys'],
        summary: 'Authenticate with Genesys Cloud and list users and queues',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZTestGenesysConnectionResponseSchema)
    .mutation(async ({ ctx }) => ({ success: true as const, data: await testGenesysConnection(ctx.services) })),

  users: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/genesys/users',
        errorResponses: { 502: 'Genesys Cloud could not be reached and nothing is stored yet' },
        tags: ['genesys'],
        summary: 'Genesys users (paged)',
      },
    })
    .input(ZGenesysDirectoryRequestSchema)
    .output(ZGenesysUsersResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      ...(await listGenesysUsersPage(ctx.services, input)),
    })),

  queues: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/genesys/queues',
        errorResponses: { 502: 'Genesys Cloud could not be reached and nothing is stored yet' },
        tags: ['genesys'],
        summary: 'Genesys queues (paged)',
      },
    })
    .input(ZGenesysDirectoryRequestSchema)
    .output(ZGenesysQueuesResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      ...(await listGenesysQueuesPage(ctx.services, input)),
    })),

  wrapUpCodes: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/genesys/wrap-up-codes',
        errorResponses: { 502: 'Genesys Cloud could not be reached' },
        tags: ['genesys'],
        summary: 'Wrap-up codes (id and name), to name the codes on call records',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZWrapUpCodesResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await listGenesysWrapUpCodes(ctx.services) })),

  callRecords: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/genesys/call-records',
        errorResponses: PULL_FAILED,
        tags: ['genesys'],
        summary:
          'Call records (every media type) of a date range (company timezone, inclusive), filtered and sorted over ' +
          'the whole range, with its summary and voice calls',
      },
    })
    .input(ZCallRecordsRequestSchema)
    .output(ZCallRecordsResponseSchema)
    .query(async ({ ctx, input }) => {
      const { startDate, endDate, mediaType, direction, duration, sort, page, limit } = input;
      const filters = { mediaType, direction, duration, sort };
      const data = await callRecordsPage(ctx.services, { startDate, endDate }, filters, { page, limit });
      return { success: true as const, data };
    }),

  exportCallRecords: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/genesys/call-records/export',
        errorResponses: PULL_FAILED,
        tags: ['genesys'],
        summary:
          'Every matching call of a range as CSV text: times in the company timezone, user and queue names beside ' +
          'their ids; columns=with-metrics adds talk, hold, after-call-work and handle seconds',
      },
    })
    .input(ZCallRecordsExportRequestSchema)
    .output(ZCallRecordsExportResponseSchema)
    .query(async ({ ctx, input }) => {
      const { startDate, endDate, mediaType, direction, duration, sort, columns } = input;
      const filters = { mediaType, direction, duration, sort };
      const data = await exportCallRecords(ctx.services, { startDate, endDate }, filters, columns);
      return { success: true as const, data };
    }),

  analytics: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/genesys/analytics',
        errorResponses: PULL_FAILED,
        tags: ['genesys'],
        summary:
          'Call analytics of a date range over the stored interactions that match the media type and direction, ' +
          'with voice calls beside the total',
      },
    })
    .input(ZCallAnalyticsRequestSchema)
    .output(ZCallAnalyticsResponseSchema)
    .query(async ({ ctx, input }) => {
      const { startDate, endDate, mediaType, direction } = input;
      const data = await callAnalyticsForDays(ctx.services, { startDate, endDate }, { mediaType, direction });
      return { success: true as const, data };
    }),
});
