// The receivables' requests and answers (the data shapes live in shared/receivables.ts, which the web app shares).
import { z } from 'zod';
import {
  ZDashboardReceivablesSchema,
  ZInvoiceDetailSchema,
  ZInvoiceFiltersSchema,
  ZInvoiceRowSchema,
  ZInvoiceTotalsSchema,
  ZProfileReceivablesSchema,
} from '../../shared/receivables';
import { dataResponse, messageDataResponse, ZPaginationSchema } from '../common.types';

export const ZInvoiceIdRequestSchema = z.object({ id: z.string().uuid('Invoice ids are UUIDs') });
export const ZProfileIdRequestSchema = z.object({ id: z.string().uuid('Profile ids are UUIDs') });
export const ZJobIdRequestSchema = z.object({ id: z.string().uuid('Billing job ids are UUIDs') });
export const ZInvoicesCsvRequestSchema = ZInvoiceFiltersSchema;

export const ZInvoiceListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ZInvoiceRowSchema),
  totals: ZInvoiceTotalsSchema,
  pagination: ZPaginationSchema,
});

export const ZInvoiceDetailResponseSchema = dataResponse(ZInvoiceDetailSchema);

export const ZSendInvoiceResponseSchema = messageDataResponse(ZInvoiceDetailSchema);

export const ZSendUnsentResponseSchema = messageDataResponse(
  z.object({
    sent: z.array(z.object({ id: z.string(), docNumber: z.string(), sentTo: z.string(), emailedAt: z.string() })),
    refused: z.array(z.object({ id: z.string(), docNumber: z.string(), reason: z.string() })),
  }),
);

export const ZProfileReceivablesResponseSchema = dataResponse(ZProfileReceivablesSchema);
export const ZDashboardReceivablesResponseSchema = dataResponse(ZDashboardReceivablesSchema);
export const ZInvoicesCsvResponseSchema = z.object({ filename: z.string(), csv: z.string() });

/** The simulated QuickBooks company page, where a newcomer plays the customer (null: real QuickBooks). */
export const ZSimulatorLinksResponseSchema = dataResponse(z.object({ companyPageUrl: z.string().nullable() }));
