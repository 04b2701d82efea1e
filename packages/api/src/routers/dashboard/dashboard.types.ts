// The dashboard's answers (the data shapes live in shared/dashboard.ts, which the web app shares).
import { z } from 'zod';
import {
  ZBellNotificationsSchema,
  ZDashboardBillingJobSchema,
  ZDashboardOverviewSchema,
  ZSystemStatusSchema,
} from '../../shared/dashboard';
import { dataResponse } from '../common.types';

export const ZDashboardOverviewResponseSchema = dataResponse(ZDashboardOverviewSchema);
export type TDashboardOverviewResponse = z.infer<typeof ZDashboardOverviewResponseSchema>;

export const ZDashboardBillingJobsResponseSchema = dataResponse(
  z.object({ jobs: z.array(ZDashboardBillingJobSchema) }),
);
export type TDashboardBillingJobsResponse = z.infer<typeof ZDashboardBillingJobsResponseSchema>;

export const ZSystemStatusResponseSchema = dataResponse(ZSystemStatusSchema);
export type TSystemStatusResponse = z.infer<typeof ZSystemStatusResponseSchema>;

export const ZBellNotificationsResponseSchema = dataResponse(ZBellNotificationsSchema);
export type TBellNotificationsResponse = z.infer<typeof ZBellNotificationsResponseSchema>;

export const ZMarkNotificationsSeenResponseSchema = z.object({ success: z.literal(true) });
