import { z } from 'zod';
import { dayRangeToInstants } from '../../domain/calendar';
import { AppError } from '../../errors';
import { callAnalytics, listCallRecords } from '../../genesys/store';
import type { GenesysAreaService } from '../../genesys/service';
import type { GenesysService } from '../../integrations';
import { permissionProcedure } from '../../procedures';
import { getOrganizationSettings } from '../../settings/organization-settings';
import { ZCallDateRangeSchema, ZCallRecordsQuerySchema, ZGenesysDirectoryQuerySchema } from '../../shared/genesys';
import type { RequestContext } from '../../context';
import { router } from '../../trpc';

/** Today's calls pulled this recently are served from PostgreSQL to the screen. */
const SCREEN_FRESHNESS_MS = 30_000;

const viewProcedure = permissionProcedure('integration:genesys', 'billing:view');
const manageProcedure = permissionProcedure('integration:genesys');

const ZPagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
const pagination = (page: number, limit: number, total: number) => ({ page, limit, total, pages: Math.ceil(total / limit) });

const ZCallRecord = z.object({
  conversationId: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  duration: z.number(),
  direction: z.string().nullable(),
  mediaType: z.string().nullable(),
  userId: z.string().nullable(),
  queueId: z.string().nullable(),
  wrapUpCode: z.string().nullable(),
  recordingId: z.string().nullable(),
});
const ZCountMap = z.record(z.string(), z.number());

function genesysService(ctx: RequestContext): GenesysService {
  const service = ctx.services.integrations.genesys;
  if (!service) throw new AppError('BAD_GATEWAY', 'Genesys Cloud is not configured');
  return service;
}

const hasArea = (service: GenesysService): service is GenesysAreaService => 'testConnection' in service;

/** Pulls what the range still lacks; a Genesys failure becomes a 502 with its reason. */
async function ensureRange(ctx: RequestContext, range: { startDate: string; endDate: string }) {
  try {
    const service = genesysService(ctx);
    // Paging through a range that ends today should not re-fetch today on every page.
    if (hasArea(service)) await service.pullRange(range, { freshForMs: SCREEN_FRESHNESS_MS });
    else await service.ensureCallRecords(range);
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.services.logger.warn({ err: error }, 'Genesys call-record pull failed');
    throw new AppError('BAD_GATEWAY', `Could not get call records from Genesys Cloud: ${(error as Error).message}`);
  }
}

/** Queues and users are synced with the queue listing; a failure with nothing stored is a 502. */
async function ensureDirectory(ctx: RequestContext) {
  try {
    await genesysService(ctx).listQueues();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const stored = await ctx.services.db.genesysQueue.count();
    if (stored === 0) throw new AppError('BAD_GATEWAY', `Could not reach Genesys Cloud: ${(error as Error).message}`);
  }
}

async function instantsOf(ctx: RequestContext, range: { startDate: string; endDate: string }) {
  const { timezone } = await getOrganizationSettings(ctx.services.db);
  return { timezone, ...dayRangeToInstants(range.startDate, range.endDate, timezone) };
}

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
    .query(async ({ ctx }) => {
      const { db } = ctx.services;
      const service = ctx.services.integrations.genesys;
      const [status, settings, totalUsers, totalQueues, totalCallRecords] = await Promise.all([
        service ? service.status() : Promise.resolve({ isConnected: false, tokenExpiresAt: null, lastError: 'Genesys Cloud is not configured' }),
        getOrganizationSettings(db),
        db.genesysUser.count(),
        db.genesysQueue.count(),
        db.callRecord.count(),
      ]);
      return {
        success: true as const,
        data: {
          isConnected: status.isConnected,
          tokenExpiresAt: status.tokenExpiresAt ? status.tokenExpiresAt.toISOString() : null,
          simulated: ctx.services.config.simulated.genesys,
          lastError: status.lastError,
          timezone: settings.timezone,
          totalUsers,
          totalQueues,
          totalCallRecords,
        },
      };
    }),

  testConnection: manageProcedure
    .meta({ openapi: { method: 'POST', path: '/genesys/test-connection', tags: ['genesys'], summary: 'Authenticate with Genesys Cloud and list users and queues' } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true), data: z.object({ message: z.string(), userCount: z.number(), queueCount: z.number() }) }))
    .mutation(async ({ ctx }) => {
      const service = genesysService(ctx);
      try {
        let userCount: number;
        let queueCount: number;
        if (hasArea(service)) {
          ({ userCount, queueCount } = await service.testConnection());
          // Keep the stored directory in step with what we just saw.
          await service.syncDirectory().catch(() => undefined);
        } else {
          queueCount = (await service.listQueues({ refresh: true })).length;
          userCount = await ctx.services.db.genesysUser.count();
        }
        return {
          success: true as const,
          data: { message: `Connected to Genesys Cloud: ${userCount} users, ${queueCount} queues`, userCount, queueCount },
        };
      } catch (error) {
        throw new AppError('BAD_GATEWAY', `Connection test failed: ${(error as Error).message}`);
      }
    }),

  users: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/users', tags: ['genesys'], summary: 'Genesys users (paged)' } })
    .input(ZGenesysDirectoryQuerySchema)
    .output(z.object({
      success: z.literal(true),
      data: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), department: z.string().nullable(), division: z.object({ name: z.string().nullable() }) })),
      pagination: ZPagination,
    }))
    .query(async ({ ctx, input }) => {
      await ensureDirectory(ctx);
      const { db } = ctx.services;
      const [users, total] = await Promise.all([
        db.genesysUser.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: (input.page - 1) * input.limit, take: input.limit }),
        db.genesysUser.count(),
      ]);
      return {
        success: true as const,
        data: users.map((user) => ({ id: user.id, name: user.name, email: user.email, department: user.department, division: { name: user.divisionName } })),
        pagination: pagination(input.page, input.limit, total),
      };
    }),

  queues: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/queues', tags: ['genesys'], summary: 'Genesys queues (paged)' } })
    .input(ZGenesysDirectoryQuerySchema)
    .output(z.object({
      success: z.literal(true),
      data: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), division: z.object({ name: z.string().nullable() }) })),
      pagination: ZPagination,
    }))
    .query(async ({ ctx, input }) => {
      await ensureDirectory(ctx);
      const { db } = ctx.services;
      const [queues, total] = await Promise.all([
        db.genesysQueue.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: (input.page - 1) * input.limit, take: input.limit }),
        db.genesysQueue.count(),
      ]);
      return {
        success: true as const,
        data: queues.map((queue) => ({ id: queue.id, name: queue.name, description: queue.description, division: { name: queue.divisionName } })),
        pagination: pagination(input.page, input.limit, total),
      };
    }),

  wrapUpCodes: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/wrap-up-codes', tags: ['genesys'], summary: 'Wrap-up codes (id and name), to name the codes on call records' } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true), data: z.array(z.object({ id: z.string(), name: z.string() })) }))
    .query(async ({ ctx }) => {
      const service = genesysService(ctx);
      if (!hasArea(service)) return { success: true as const, data: [] };
      try {
        return { success: true as const, data: await service.listWrapUpCodes() };
      } catch (error) {
        throw new AppError('BAD_GATEWAY', `Could not list wrap-up codes from Genesys Cloud: ${(error as Error).message}`);
      }
    }),

  callRecords: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/genesys/call-records', tags: ['genesys'], summary: 'Call records of a date range (company timezone, inclusive), newest first' } })
    .input(ZCallRecordsQuerySchema)
    .output(z.object({ success: z.literal(true), data: z.object({ callRecords: z.array(ZCallRecord), pagination: ZPagination }) }))
    .query(async ({ ctx, input }) => {
      await ensureRange(ctx, input);
      const { from, toExclusive } = await instantsOf(ctx, input);
      const { records, total } = await listCallRecords(ctx.services.db, { from, toExclusive }, { page: input.page, limit: input.limit });
      return {
        success: true as const,
        data: {
          callRecords: records.map((record) => ({
            ...record,
            startTime: record.startTime.toISOString(),
            endTime: record.endTime ? record.endTime.toISOString() : null,
          })),
          pagination: pagination(input.page, input.limit, total),
        },
      };
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
    .query(async ({ ctx, input }) => {
      await ensureRange(ctx, input);
      const { timezone, from, toExclusive } = await instantsOf(ctx, input);
      const analytics = await callAnalytics(ctx.services.db, { from, toExclusive }, timezone);
      return { success: true as const, data: { startDate: input.startDate, endDate: input.endDate, timezone, ...analytics } };
    }),
});
