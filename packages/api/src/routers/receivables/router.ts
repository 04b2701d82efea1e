import { QboConnection } from '../../qbo/connection';
import { qboClientOf } from '../../billing/send-invoices';
import { permissionProcedure } from '../../procedures';
import { dashboardReceivables, getInvoice, listInvoices, profileReceivables } from '../../receivables/receivable-views';
import { allInvoices } from '../../receivables/receivable-views';
import { sendInvoiceEmail, sendUnsentInvoicesOfJob } from '../../receivables/send-invoice-email';
import { invoicesCsv } from '../../receivables/invoices-csv';
import type { RequestContext } from '../../context';
import { ZInvoiceListRequestSchema, ZSendInvoiceRequestSchema } from '../../shared/receivables';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZDashboardReceivablesResponseSchema,
  ZInvoiceDetailResponseSchema,
  ZInvoiceIdRequestSchema,
  ZInvoiceListResponseSchema,
  ZInvoicesCsvRequestSchema,
  ZInvoicesCsvResponseSchema,
  ZJobIdRequestSchema,
  ZProfileIdRequestSchema,
  ZProfileReceivablesResponseSchema,
  ZSendInvoiceResponseSchema,
  ZSendUnsentResponseSchema,
  ZSimulatorLinksResponseSchema,
} from './receivables.types';

/** Where "open in QuickBooks" links go for this browser (the simulator's page when simulated). */
function invoicePageBase(ctx: RequestContext): string | null {
  const service = ctx.services.integrations.qbo;
  return service instanceof QboConnection ? service.invoicePageBase(ctx.request.origin) : null;
}

export const receivablesRouter = router({
  list: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices',
        tags: ['invoices'],
        summary:
          'Every invoice and credit memo the app created, with status, balance, due date and e-mail status (filters, page, totals of the filtered rows)',
      },
    })
    .input(ZInvoiceListRequestSchema)
    .output(ZInvoiceListResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      ...(await listInvoices(ctx.services.db, input, invoicePageBase(ctx))),
    })),

  get: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoices/{id}',
        tags: ['invoices'],
        summary: 'One invoice with its lines and the payments QuickBooks applied to it',
      },
    })
    .input(ZInvoiceIdRequestSchema)
    .output(ZInvoiceDetailResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await getInvoice(ctx.services.db, input.id, invoicePageBase(ctx)),
    })),

  /** The filtered list as CSV (served at GET /api/v1/invoices.csv). */
  csv: permissionProcedure('billing:view')
    .input(ZInvoicesCsvRequestSchema)
    .output(ZInvoicesCsvResponseSchema)
    .query(async ({ ctx, input }) =>
      invoicesCsv(ctx.services.db, await allInvoices(ctx.services.db, input, invoicePageBase(ctx))),
    ),

  send: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'POST',
        path: '/invoices/{id}/send',
        tags: ['invoices'],
        summary: "E-mail an invoice through QuickBooks, to sendTo or the profile's e-mail (audited)",
        errorResponses: {
          400: 'No e-mail on file and none given, or QuickBooks refused the address',
          409: 'The invoice was voided or deleted in QuickBooks',
          429: 'QuickBooks is limiting requests',
          502: 'QuickBooks failed',
        },
      },
    })
    .input(ZSendInvoiceRequestSchema)
    .output(ZSendInvoiceResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { client } = await qboClientOf(ctx.services);
      const sent = await sendInvoiceEmail(ctx.services.db, client, input.id, {
        sendTo: input.sendTo ?? null,
        actor: ctx.user,
      });
      return {
        success: true as const,
        message: `Invoice ${sent.docNumber} e-mailed to ${sent.sentTo}`,
        data: await getInvoice(ctx.services.db, input.id, invoicePageBase(ctx)),
      };
    }),

  sendUnsentOfJob: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/jobs/{id}/send-invoices',
        tags: ['invoices'],
        summary: "E-mail every invoice of the job not sent yet, each to its profile's e-mail (refusals say why)",
      },
    })
    .input(ZJobIdRequestSchema)
    .output(ZSendUnsentResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { client } = await qboClientOf(ctx.services);
      const result = await sendUnsentInvoicesOfJob(ctx.services.db, client, input.id, ctx.user);
      const message = `${result.sent.length} ${result.sent.length === 1 ? 'invoice' : 'invoices'} e-mailed${result.refused.length > 0 ? `, ${result.refused.length} not sent` : ''}`;
      return {
        success: true as const,
        message,
        data: {
          sent: result.sent.map((sent) => ({
            id: sent.ledgerId,
            docNumber: sent.docNumber,
            sentTo: sent.sentTo,
            emailedAt: sent.emailedAt.toISOString(),
          })),
          refused: result.refused.map((refused) => ({
            id: refused.ledgerId,
            docNumber: refused.docNumber,
            reason: refused.reason,
          })),
        },
      };
    }),

  profile: permissionProcedure('customer:view', 'billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles/{id}/receivables',
        tags: ['invoices'],
        summary: "A profile's open and overdue balance, open invoices and last payment",
      },
    })
    .input(ZProfileIdRequestSchema)
    .output(ZProfileReceivablesResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await profileReceivables(ctx.services.db, input.id),
    })),

  dashboard: permissionProcedure('dashboard:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/receivables',
        tags: ['dashboard'],
        summary: 'Open and overdue balance, and what was collected this month',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZDashboardReceivablesResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await dashboardReceivables(ctx.services.db) })),

  /** Where a newcomer plays the customer in simulated mode. */
  simulatorLinks: permissionProcedure('billing:view')
    .input(ZNoInputRequestSchema)
    .output(ZSimulatorLinksResponseSchema)
    .query(({ ctx }) => {
      const base = invoicePageBase(ctx);
      const simulated = ctx.services.integrations.qbo?.simulated ?? false;
      return {
        success: true as const,
        data: { companyPageUrl: simulated && base ? base.replace(/\/app\/invoice\?txnId=$/, '/app/company') : null },
      };
    }),
});
