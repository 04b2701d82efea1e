import { z } from 'zod';
import { callAnalyticsForDays, callRecordsPage } from '../../genesys/call-record-pages';
import { listGenesysQueuesPage, listGenesysUsersPage, listGenesysWrapUpCodes } from '../../genesys/directory-pages';
import { genesysStatus, testGenesysConnection } from '../../genesys/genesys-status';
import { permissionProcedure } from '../../procedures';
import { ZCallDateRangeSchema, ZCallRecordSchema, ZCallRecordsQuerySchema, ZGenesysDirectoryQuerySchema } from '../../shared/genesys';
import { router } from '../../trpc';

const viewProcedure = permissionProcedure('integration:genesys', 'billing:view');
const manageProcedure = permissionProcedure('integration:genesys');

const ZPagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });

const ZCountMap = z.record(z.string(), z.number());

export const genesysRouter = router({
  status: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/status', tags: ['genesys'], summary: 'Genesys Cloud connection and token status' } })
    .input(z.object({}).optional())
    .output(z.object({
      success: z.literal(true),
      data: z.object({
        isConnected: z.boolean(),
        tokenExpiresAt: z.string().nullable(),
        simulated: z.boolean(),
        lastError: z.string().nullable(),
        timezone: z.string(),
        totalUsers: z.number(),
        totalQueues: z.number(),
        totalCallRecords: z.number(),
      }),
    }))
    .query(async ({ ctx }) => ({ success: true as const, data: await genesysStatus(ctx.services) })),

  testConnection: manageProcedure
    .meta({ openapi: { method: 'POST', path: '/genesys/test-connection', tags: ['genesys'], summary: 'Authenticate with Genesys Cloud and list users and queues' } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true), data: z.object({ message: z.string(), userCount: z.number(), queueCount: z.number() }) }))
    .mutation(async ({ ctx }) => ({ success: true as const, data: await testGenesysConnection(ctx.services) })),

  users: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/users', tags: ['genesys'], summary: 'Genesys users (paged)' } })
    .input(ZGenesysDirectoryQuerySchema)
    .output(z.object({
      success: z.literal(true),
      data: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), department: z.string().nullable(), division: z.object({ name: z.string().nullable() }) })),
      pagination: ZPagination,
    }))
    .query(async ({ ctx, input }) => ({ success: true as const, ...(await listGenesysUsersPage(ctx.services, input)) })),

  queues: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/queues', tags: ['genesys'], summary: 'Genesys queues (paged)' } })
    .input(ZGenesysDirectoryQuerySchema)
    .output(z.object({
      success: z.literal(true),
      data: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), division: z.object({ name: z.string().nullable() }) })),
      pagination: ZPagination,
    }))
    .query(async ({ ctx, input }) => ({ success: true as const, ...(await listGenesysQueuesPage(ctx.services, input)) })),

  wrapUpCodes: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/wrap-up-codes', tags: ['genesys'], summary: 'Wrap-up codes (id and name), to name the codes on call records' } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true), data: z.array(z.object({ id: z.string(), name: z.string() })) }))
    .query(async ({ ctx }) => ({ success: true as const, data: await listGenesysWrapUpCodes(ctx.services) })),

  callRecords: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/call-records', tags: ['genesys'], summary: 'Call records of a date range (company timezone, inclusive), newest first' } })
    .input(ZCallRecordsQuerySchema)
    .output(z.object({ success: z.literal(true), data: z.object({ callRecords: z.array(ZCallRecordSchema), pagination: ZPagination }) }))
    .query(async ({ ctx, input }) => {
      const { startDate, endDate, page, limit } = input;
      return { success: true as const, data: await callRecordsPage(ctx.services, { startDate, endDate }, { page, limit }) };
    }),

  analytics: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/analytics', tags: ['genesys'], summary: 'Call analytics of a date range, computed over the stored calls' } })
    .input(ZCallDateRangeSchema)
    .output(z.object({
      success: z.literal(true),
      data: z.object({
        startDate: z.string(),
        endDate: z.string(),
        timezone: z.string(),
        totalCalls: z.number(),
        totalSeconds: z.number(),
        totalMinutes: z.number(),
        averageCallDuration: z.number(),
        activeUsers: z.number(),
        callsByUser: ZCountMap,
        callsByDate: ZCountMap,
        callsByQueue: ZCountMap,
        callsByHour: ZCountMap,
        callsByDirection: ZCountMap,
        durationDistribution: ZCountMap,
        minutesByQueue: ZCountMap,
        busiestDay: z.object({ date: z.string(), calls: z.number() }).nullable(),
        peakHour: z.object({ hour: z.number(), calls: z.number() }).nullable(),
        userNames: z.record(z.string(), z.string()),
        queueNames: z.record(z.string(), z.string()),
      }),
    }))
    .query(async ({ ctx, input }) => ({ success: true as const, data: await callAnalyticsForDays(ctx.services, { startDate: input.startDate, endDate: input.endDate }) })),
});
