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
import { permissionProcedure } from '../../procedures';
import { ZCustomerProfileListQuerySchema, ZCustomerProfileSaveSchema } from '../../shared/customer-profile';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZBillingCoverageResponseSchema,
  ZCustomerProfileIdRequestSchema,
  ZCustomerProfileListResponseSchema,
  ZCustomerProfileResponseSchema,
  ZCustomerProfileStatsResponseSchema,
  ZDeleteCustomerProfileResponseSchema,
  ZProfileInvoicesResponseSchema,
  ZQueueSuggestionsResponseSchema,
  ZRescheduleAllBillingResponseSchema,
  ZRescheduleBillingResponseSchema,
  ZUpdateCustomerProfileRequestSchema,
} from './customer-profiles.types';

const tags = ['customer-profiles'];
const viewProcedure = permissionProcedure('customer:view', 'billing:view');
const editProcedure = permissionProcedure('customer:edit');

const asBoolean = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

export const customerProfilesRouter = router({
  list: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles', tags, summary: 'Customer profiles, filtered and paginated' } })
    .input(ZCustomerProfileListQuerySchema)
    .output(ZCustomerProfileListResponseSchema)
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
      }, { cache: ctx.services.requestCache });
      return { success: true as const, ...list };
    }),

  queueSuggestions: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/queue-suggestions', tags, summary: 'Genesys queue names known to the app, for the profile form' } })
    .input(ZNoInputRequestSchema)
    .output(ZQueueSuggestionsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, ...(await listQueueSuggestions(ctx.services)) })),

  create: editProcedure
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/customer-profiles', errorResponses: { 409: 'A queue of this profile belongs to another active profile' }, tags, summary: 'Create a customer profile' } })
    .input(ZCustomerProfileSaveSchema)
    .output(ZCustomerProfileResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const profile = await createProfile(ctx.services.db, input, ctx.user);
      return { success: true as const, data: toProfileDto(profile) };
    }),

  update: editProcedure
    .meta({ openapi: { method: 'PUT', path: '/customer-profiles/{id}', errorResponses: { 409: 'A queue of this profile belongs to another active profile' }, tags, summary: 'Update a customer profile' } })
    .input(ZUpdateCustomerProfileRequestSchema)
    .output(ZCustomerProfileResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const profile = await updateProfile(ctx.services.db, id, fields, ctx.user);
      return { success: true as const, data: toProfileDto(profile) };
    }),

  delete: editProcedure
    .meta({ openapi: { method: 'DELETE', path: '/customer-profiles/{id}', errorResponses: { 409: 'The profile changed meanwhile: try again' }, tags, summary: 'Delete a customer profile (one with invoices is archived instead: kept, inactive, hidden by default)' } })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZDeleteCustomerProfileResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { archived } = await deleteProfile(ctx.services.db, input.id, ctx.user);
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
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZRescheduleBillingResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await rescheduleProfile(ctx.services.db, input.id, ctx.user);
      return { success: true as const, data: { customerName: result.customerName, nextRun: result.nextRun ? result.nextRun.toISOString() : null } };
    }),

  rescheduleAllBilling: editProcedure
    .meta({ openapi: { method: 'POST', path: '/customer-profiles/reschedule-all-billing', tags, summary: "Recompute every active profile's next billing run" } })
    .input(ZNoInputRequestSchema)
    .output(ZRescheduleAllBillingResponseSchema)
    .mutation(async ({ ctx }) => {
      return { success: true as const, data: await rescheduleAllProfiles(ctx.services.db, ctx.user) };
    }),

  stats: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/{id}/stats', tags, summary: "A profile's usage in its current period up to today" } })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZCustomerProfileStatsResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: await profileStats(ctx.services, input.id) })),

  invoices: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/{id}/invoices', tags, summary: "The customer's invoices: number, period, amount, status, QuickBooks id" } })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZProfileInvoicesResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: await listProfileInvoices(ctx.services.db, input.id) })),

  billingCoverage: viewProcedure
    .meta({ openapi: { method: 'GET', path: '/customer-profiles/{id}/billing-coverage', tags, summary: "Which of a profile's periods are billed (and by which invoices), which ended ones are not, and calls that arrived late" } })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZBillingCoverageResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: await billingCoverage(ctx.services.db, input.id) })),
});
