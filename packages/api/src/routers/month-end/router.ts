import { billMissing, monthEndView } from '../../billing/month-end';
import { permissionProcedure } from '../../procedures';
import { router } from '../../trpc';
import {
  ZBillMissingRequestSchema,
  ZBillMissingResponseSchema,
  ZMonthEndRequestSchema,
  ZMonthEndResponseSchema,
} from './month-end.types';

const tags = ['month-end'];

// The clerk's month-end (issue 24): one month, every customer's state, and one action for what is missing.
export const monthEndRouter = router({
  get: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/month-end',
        tags,
        summary:
          "A month's billing per customer: billed, not billed, failed, late usage waiting, voided; unowned calls; the pre-flight of what is missing",
      },
    })
    .input(ZMonthEndRequestSchema)
    .output(ZMonthEndResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: await monthEndView(ctx.services, input.month) })),

  billMissing: permissionProcedure('billing:run')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/month-end/bill-missing',
        errorResponses: { 409: 'Billing is paused by the kill switch' },
        tags,
        summary:
          "Start a run (or dry run) of exactly the month's missing periods: one job per range of missing periods",
      },
    })
    .input(ZBillMissingRequestSchema)
    .output(ZBillMissingResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      data: await billMissing(ctx.services, input, ctx.user),
    })),
});
