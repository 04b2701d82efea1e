import { z } from 'zod';
import { recordAudit } from '../../auth/audit';
import {
  createProfile,
  deleteProfile,
  listProfiles,
  profileStats,
  rescheduleAllProfiles,
  rescheduleProfile,
  toProfileDto,
  updateProfile,
} from '../../customer-profiles';
import { listProfileInvoices } from '../../customer-profiles/list-profile-invoices';
import { listQueueSuggestions } from '../../customer-profiles/queue-suggestions';
import { billingCoverage } from '../../billing/billing-coverage';
import { ZBillingCoverageSchema } from '../../shared/billing';
import { permissionProcedure } from '../../procedures';
import {
  ZCustomerProfileListQuerySchema,
  ZCustomerProfileSaveSchema,
  ZCustomerProfileSchema,
  ZCustomerProfileStatsSchema,
  ZProfileInvoiceSchema,
} from '../../shared/customer-profile';
import { router } from '../../trpc';

const tags = ['customer-profiles'];
const ZId = z.object({ id: z.string().uuid('Customer profile not found') });
const viewProcedure = permissionProcedure('customer:view', 'billing:view');
const editProcedure = permissionProcedure('customer:edit');

const asBoolean = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

export const customerProfilesRouter = router({
  list: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles', tags, summary: 'Customer profiles, filtered and paginated' } })
    .input(ZCustomerProfileListQuerySchema)
    .output(
      z.object({
        success: z.literal(true),
        data: z.array(ZCustomerProfileSchema),
        pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
        summary: z.object({ total: z.number(), active: z.number(), withQboMapping: z.number(), withQueues: z.number(), complete: z.number() }),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const list = await listProfiles(db, {
        page: input.page,
        limit: input.limit,
        search: input.search,
        isActive: asBoolean(input.isActive),
        hasQboCustomerId: asBoolean(input.hasQboCustomerId),
        hasGenesysQueues: asBoolean(input.hasGenesysQueues),
        queueName: input.queueName,
        status: input.status,
      });
      return { success: true as const, ...list };
    }),

  queueSuggestions: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/queue-suggestions', tags, summary: 'Genesys queue names known to the app, for the profile form' } })
    .input(z.object({}).optional())
    .output(
      z.object({
        success: z.literal(true),
        data: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), divisionName: z.string().nullable() })),
        /** Where the names came from: Genesys itself, or the stored copy when Genesys did not answer. */
        source: z.enum(['genesys', 'stored']),
      }),
    )
    .query(async ({ ctx }) => ({ success: true as const, ...(await listQueueSuggestions(ctx.services)) })),

  create: editProcedure
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/customer-profiles', errorResponses: { 409: 'A queue of this profile belongs to another active profile' }, tags, summary: 'Create a customer profile' } })
    .input(ZCustomerProfileSaveSchema)
    .output(z.object({ success: z.literal(true), data: ZCustomerProfileSchema }))
    .mutation(async ({ ctx, input }) => {
      const profile = await createProfile(ctx.services.db, input);
      await recordAudit(ctx.services.db, { actor: ctx.user, action: 'customer-profile.created', target: profile.qboDisplayName, details: { id: profile.id } });
      return { success: true as const, data: toProfileDto(profile) };
    }),

  update: editProcedure
    .meta({ openapi: { method: 'PUT', path: '/customer-profiles/{id}', errorResponses: { 409: 'A queue of this profile belongs to another active profile' }, tags, summary: 'Update a customer profile' } })
    .input(ZCustomerProfileSaveSchema.extend(ZId.shape))
    .output(z.object({ success: z.literal(true), data: ZCustomerProfileSchema }))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const profile = await updateProfile(ctx.services.db, id, fields);
      await recordAudit(ctx.services.db, { actor: ctx.user, action: 'customer-profile.updated', target: profile.qboDisplayName, details: { id } });
      return { success: true as const, data: toProfileDto(profile) };
    }),

  delete: editProcedure
    .meta({ openapi: { method: 'DELETE', path: '/customer-profiles/{id}', errorResponses: { 409: 'The profile changed meanwhile: try again' }, tags, summary: 'Delete a customer profile (one with invoices is archived instead: kept, inactive, hidden by default)' } })
    .input(ZId)
    .output(z.object({ success: z.literal(true), message: z.string(), archived: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const { profile, archived } = await deleteProfile(ctx.services.db, input.id);
      await recordAudit(ctx.services.db, { actor: ctx.user, action: archived ? 'customer-profile.archived' : 'customer-profile.deleted', target: profile.qboDisplayName, details: { id: profile.id } });
      return {
        success: true as const,
        archived,
        message: archived
          ? 'Customer profile archived: it has invoices, which are kept. Find it under Status: Archived.'
          : 'Customer profile deleted successfully',
      };
    }),

  rescheduleBilling: editProcedure
    .meta({ openapi: { method: 'POST', path: '/customer-profiles/{id}/reschedule-billing', tags, summary: "Recompute one profile's next billing run" } })
    .input(ZId)
    .output(z.object({ success: z.literal(true), data: z.object({ customerName: z.string(), nextRun: z.string().nullable() }) }))
    .mutation(async ({ ctx, input }) => {
      const result = await rescheduleProfile(ctx.services.db, input.id);
      await recordAudit(ctx.services.db, { actor: ctx.user, action: 'customer-profile.rescheduled', target: result.customerName, details: { id: input.id, nextRun: result.nextRun?.toISOString() ?? null } });
      return { success: true as const, data: { customerName: result.customerName, nextRun: result.nextRun ? result.nextRun.toISOString() : null } };
    }),

  rescheduleAllBilling: editProcedure
    .meta({ openapi: { method: 'POST', path: '/customer-profiles/reschedule-all-billing', tags, summary: "Recompute every active profile's next billing run" } })
    .input(z.object({}).optional())
    .output(z.object({ success: z.literal(true), data: z.object({ successCount: z.number().int(), failedCount: z.number().int() }) }))
    .mutation(async ({ ctx }) => {
      const result = await rescheduleAllProfiles(ctx.services.db);
      await recordAudit(ctx.services.db, { actor: ctx.user, action: 'customer-profile.rescheduled-all', details: result });
      return { success: true as const, data: result };
    }),

  stats: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/{id}/stats', tags, summary: "A profile's usage in its current period up to today" } })
    .input(ZId)
    .output(z.object({ success: z.literal(true), data: ZCustomerProfileStatsSchema }))
    .query(async ({ ctx, input }) => ({ success: true as const, data: await profileStats(ctx.services, input.id) })),

  invoices: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/{id}/invoices', tags, summary: "The customer's invoices: number, period, amount, status, QuickBooks id" } })
    .input(ZId)
    .output(z.object({ success: z.literal(true), data: z.array(ZProfileInvoiceSchema) }))
    .query(async ({ ctx, input }) => ({ success: true as const, data: await listProfileInvoices(ctx.services.db, input.id) })),

  billingCoverage: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/{id}/billing-coverage', tags, summary: "Which of a profile's periods are billed (and by which invoices), which ended ones are not, and calls that arrived late" } })
    .input(ZId)
    .output(z.object({ success: z.literal(true), data: ZBillingCoverageSchema }))
    .query(async ({ ctx, input }) => ({ success: true as const, data: await billingCoverage(ctx.services.db, input.id) })),
});
