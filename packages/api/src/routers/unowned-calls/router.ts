import { permissionProcedure } from '../../procedures';
import { unownedSummary, ZDismissUnownedCallsRequestSchema } from '../../shared/unowned-calls';
import { router } from '../../trpc';
import { dismissUnownedCalls, listUnownedCalls } from '../../unowned-calls/unowned-calls';
import { ZNoInputRequestSchema } from '../common.types';
import { ZDismissUnownedCallsResponseSchema, ZUnownedCallsResponseSchema } from './unowned-calls.types';

const tags = ['billing'];

// Unowned calls (DESIGN.md §4, "Nothing silently unbilled"): thin procedures over unowned-calls.ts.
export const unownedCallsRouter = router({
  list: permissionProcedure('billing:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing/unowned-calls',
        tags,
        summary:
          "Billable calls no run will bill: on queues no active profile holds, or before their holder's billing " +
          'start date (per queue: count, minutes, first and last call, why, last dismissal)',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZUnownedCallsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await listUnownedCalls(ctx.services.db) })),

  dismiss: permissionProcedure('billing:run')
    .meta({
      openapi: {
        method: 'POST',
        path: '/billing/unowned-calls/{queueId}/dismiss',
        errorResponses: { 409: 'The queue has no unowned calls to dismiss' },
        tags,
        summary: "Dismiss a queue's unowned calls seen so far (audited); calls that arrive later are listed again",
      },
    })
    .input(ZDismissUnownedCallsRequestSchema)
    .output(ZDismissUnownedCallsResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const dismissed = await dismissUnownedCalls(ctx.services.db, input.queueId, ctx.user);
      const summary = unownedSummary({ calls: dismissed.calls, minutes: dismissed.minutes });
      const message = `${summary} on ${dismissed.queueName} dismissed`;
      return { success: true as const, message, data: dismissed };
    }),
});
