import { z } from 'zod';
import { DASHBOARD_JOBS_LIMIT } from './dashboard-limits';

export { DASHBOARD_JOBS_LIMIT, DASHBOARD_SCHEDULE_CARDS } from './dashboard-limits';

// The dashboard's answers (spec API.md, Dashboard) and the header bell's. Browser-safe: zod only.
// Money is exact decimal text with 2 places ("1234.50"); rates keep 4 places; times are ISO
// instants; calendar days are 'YYYY-MM-DD'.

export const ZDashboardUsageDaySchema = z.object({
  /** Calendar day in the company timezone. */
  date: z.string(),
  calls: z.number().int(),
  /** Talk minutes (seconds / 60), 2 places. */
  minutes: z.number(),
});
export type DashboardUsageDay = z.infer<typeof ZDashboardUsageDaySchema>;

export const ZDashboardOverviewSchema = z.object({
  queues: z.object({ total: z.number().int() }),
  billing: z.object({
    /** Sum of the invoices created in QuickBooks (invoice ledger entries in state CREATED). */
    totalRevenue: z.string(),
    totalJobs: z.number().int(),
    successfulJobs: z.number().int(),
    failedJobs: z.number().int(),
    /** Invoices created in QuickBooks (invoice ledger entries in state CREATED). */
    totalInvoices: z.number().int(),
  }),
  usage: z.object({
    /** Talk minutes of this calendar month's voice calls (seconds / 60, 2 places). */
    totalMinutes: z.number(),
    totalCalls: z.number().int(),
    /** Estimated revenue: the month so far rated with each active profile's rules. */
    totalAmount: z.string(),
    /** The month, 'YYYY-MM', and its days so far (company timezone). */
    month: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    byDay: z.array(ZDashboardUsageDaySchema),
  }),
  config: z.object({ timezone: z.string(), currency: z.string() }),
});
export type DashboardOverview = z.infer<typeof ZDashboardOverviewSchema>;

export const ZDashboardBillingJobSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  status: z.enum(['PENDING', 'IN_PROGRESS', 'AWAITING_REVIEW', 'COMPLETED', 'FAILED', 'CANCELLED']),
  type: z.enum(['MONTHLY', 'MANUAL', 'DRY_RUN']),
  startDate: z.string(),
  endDate: z.string(),
  totalClients: z.number().int(),
  totalInvoices: z.number().int(),
  totalAmount: z.string(),
  createdAt: z.string(),
  error: z.string().nullable(),
});
export type DashboardBillingJob = z.infer<typeof ZDashboardBillingJobSchema>;

export const ZDashboardBillingJobsRequestSchema = z.object({
  limit: z.number().int().min(1).max(100).default(DASHBOARD_JOBS_LIMIT),
});

export const ZScheduledJobSchema = z.object({
  profileId: z.string(),
  customerName: z.string(),
  billDate: z.number().int(),
  billTime: z.string(),
  billingPeriodStart: z.number().int(),
  billingPeriodEnd: z.number().int(),
  minimumMinutes: z.number().int(),
  overageRatePerMinute: z.string(),
  ratePerMinute: z.string(),
  nextRun: z.string(),
});
export type ScheduledJob = z.infer<typeof ZScheduledJobSchema>;

export const ZSystemStatusSchema = z.object({
  qbo: z.object({
    connected: z.boolean(),
    companyName: z.string().nullable(),
    environment: z.string().nullable(),
    /** Seconds until the access token expires; null when not connected. */
    expiresIn: z.number().nullable(),
  }),
  genesys: z.object({ hasValidToken: z.boolean(), tokenExpiresAt: z.string().nullable() }),
  scheduler: z.object({
    billing: z.object({
      totalScheduledJobs: z.number().int(),
      isRunning: z.boolean(),
      scheduledJobs: z.array(ZScheduledJobSchema),
    }),
  }),
  overall: z.object({ issues: z.array(z.string()) }),
});
export type SystemStatus = z.infer<typeof ZSystemStatusSchema>;

// ---------------------------------------------------------------- the header bell

export const NOTIFICATION_KINDS = ['billing-failure', 'billing-review', 'integration', 'kill-switch'] as const;
export type BellNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification without its own link can be fixed. */
export const NOTIFICATION_DEFAULT_LINKS: Record<BellNotificationKind, string> = {
  'billing-failure': '/billing-jobs',
  'billing-review': '/billing-jobs',
  integration: '/qbo-setup',
  'kill-switch': '/settings',
};

export const ZBellNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  message: z.string(),
  link: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export type BellNotification = z.infer<typeof ZBellNotificationSchema>;

export const ZBellNotificationsRequestSchema = z.object({
  limit: z.number().int().min(1).max(100).default(20),
});

export const ZBellNotificationsSchema = z.object({
  notifications: z.array(ZBellNotificationSchema),
  unreadCount: z.number().int(),
});
export type BellNotifications = z.infer<typeof ZBellNotificationsSchema>;
