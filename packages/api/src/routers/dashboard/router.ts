import { listBellNotifications, markBellNotificationsSeen } from '../../notifications/bell';
import { dashboardOverview, recentBillingJobs, systemStatus } from '../../dashboard';
import { permissionProcedure, protectedProcedure } from '../../procedures';
import { ZBellNotificationsRequestSchema, ZDashboardBillingJobsRequestSchema } from '../../shared/dashboard';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZBellNotificationsResponseSchema,
  ZDashboardBillingJobsResponseSchema,
  ZDashboardOverviewResponseSchema,
  ZMarkNotificationsSeenResponseSchema,
  ZSystemStatusResponseSchema,
} from './dashboard.types';

export const dashboardRouter = router({
  overview: permissionProcedure('dashboard:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/overview',
        tags: ['dashboard'],
        summary: "Queues, billing totals, this month's usage and the company settings",
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZDashboardOverviewResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await dashboardOverview(ctx.services.db, {
        genesys: ctx.services.integrations.genesys,
        cache: ctx.services.requestCache,
      }),
    })),

  billingJobs: permissionProcedure('dashboard:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/billing-jobs',
        tags: ['dashboard'],
        summary: 'The most recent billing jobs (limit, default 10)',
      },
    })
    .input(ZDashboardBillingJobsRequestSchema.optional())
    .output(ZDashboardBillingJobsResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: { jobs: await recentBillingJobs(ctx.services.db, input?.limit ?? 10) },
    })),

  systemStatus: permissionProcedure('dashboard:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/system-status',
        tags: ['dashboard'],
        summary: 'Integrations, billing scheduler and the issues that need attention',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZSystemStatusResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await systemStatus(ctx.services.db, ctx.services.integrations),
    })),

  /** The header bell: recent notifications of the kinds the Notifications settings enable. */
  notifications: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/notifications',
        tags: ['dashboard'],
        summary: 'Recent notifications for the header bell, with the unread count',
      },
    })
    .input(ZBellNotificationsRequestSchema.optional())
    .output(ZBellNotificationsResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await listBellNotifications(ctx.services.db, ctx.user.id, input?.limit ?? 20),
    })),

  markNotificationsSeen: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/dashboard/notifications/seen',
        tags: ['dashboard'],
        summary: 'Mark every notification shown so far as read',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZMarkNotificationsSeenResponseSchema)
    .mutation(async ({ ctx }) => {
      await markBellNotificationsSeen(ctx.services.db, ctx.user.id);
      return { success: true as const };
    }),
});
