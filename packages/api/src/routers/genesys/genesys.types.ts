// The Genesys area's contract: what each procedure answers (request schemas shared with the web's
// forms live in shared/genesys.ts and come through @phone-billing/api/schemas).
import { z } from 'zod';
import { ZCallRecordSchema, ZCallSummarySchema } from '../../shared/genesys';
import { dataResponse, pagedResponse, ZPaginationSchema } from '../common.types';

const ZCountMapSchema = z.record(z.string(), z.number());

export const ZGenesysStatusResponseSchema = dataResponse(
  z.object({
    isConnected: z.boolean(),
    tokenExpiresAt: z.string().nullable(),
    simulated: z.boolean(),
    lastError: z.string().nullable(),
    timezone: z.string(),
    totalUsers: z.number(),
    totalQueues: z.number(),
    totalCallRecords: z.number(),
    /** How many of the stored call records are voice calls. */
    totalVoiceCallRecords: z.number(),
  }),
);

export const ZTestGenesysConnectionResponseSchema = dataResponse(
  z.object({ message: z.string(), userCount: z.number(), queueCount: z.number() }),
);

export const ZGenesysUsersResponseSchema = pagedResponse(
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    department: z.string().nullable(),
    division: z.object({ name: z.string().nullable() }),
  }),
);

export const ZGenesysQueuesResponseSchema = pagedResponse(
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    division: z.object({ name: z.string().nullable() }),
  }),
);

export const ZWrapUpCodesResponseSchema = dataResponse(z.array(z.object({ id: z.string(), name: z.string() })));

/** A page of the matching calls, and the summary of every matching call of the range. */
export const ZCallRecordsResponseSchema = dataResponse(
  z.object({
    callRecords: z.array(ZCallRecordSchema),
    pagination: ZPaginationSchema,
    summary: ZCallSummarySchema,
  }),
);

/** Every matching call of the range as CSV text, and how many rows it holds. */
export const ZCallRecordsExportResponseSchema = dataResponse(
  z.object({ fileName: z.string(), count: z.number(), csv: z.string() }),
);

export const ZCallAnalyticsResponseSchema = dataResponse(
  z.object({
    startDate: z.string(),
    endDate: z.string(),
    timezone: z.string(),
    totalCalls: z.number(),
    /** How many of totalCalls are voice calls (the only kind billed). */
    voiceCalls: z.number(),
    totalSeconds: z.number(),
    totalMinutes: z.number(),
    averageCallDuration: z.number(),
    activeUsers: z.number(),
    callsByUser: ZCountMapSchema,
    callsByDate: ZCountMapSchema,
    callsByQueue: ZCountMapSchema,
    callsByHour: ZCountMapSchema,
    callsByDirection: ZCountMapSchema,
    callsByMediaType: ZCountMapSchema,
    durationDistribution: ZCountMapSchema,
    minutesByQueue: ZCountMapSchema,
    busiestDay: z.object({ date: z.string(), calls: z.number() }).nullable(),
    peakHour: z.object({ hour: z.number(), calls: z.number() }).nullable(),
    userNames: z.record(z.string(), z.string()),
    queueNames: z.record(z.string(), z.string()),
  }),
);
