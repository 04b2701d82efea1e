import type { AppRouter } from '@phone-billing/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['genesys'];
export type GenesysStatus = Outputs['status']['data'];
export type GenesysUserRow = Outputs['users']['data'][number];
export type GenesysQueueRow = Outputs['queues']['data'][number];
export type CallRecordRow = Outputs['callRecords']['data']['callRecords'][number];
export type CallRecordsPage = Outputs['callRecords']['data'];
export type CallSummary = CallRecordsPage['summary'];
export type GenesysAnalytics = Outputs['analytics']['data'];
