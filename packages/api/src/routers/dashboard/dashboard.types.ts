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

export const ZDashboardBillingJobsResponseSchema = dataResponse(
  z.object({ jobs: z.array(ZDashboardBillingJobSchema) }),
);

export const ZSystemStatusResponseSchema = dataResponse(ZSystemStatusSchema);

export const ZBellNotificationsResponseSchema = dataResponse(ZBellNotificationsSchema);

export const ZMarkNotificationsSeenResponseSchema = z.object({ success: z.literal(true) });
