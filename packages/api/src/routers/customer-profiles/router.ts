import {
  deleteProfile,
  getProfile,
  listProfiles,
  profileStats,
  rescheduleAllProfiles,
  rescheduleProfile,
  toProfileDto,
} from '../../customer-profiles';
import { listProfileInvoices } from '../../customer-profiles/list-profile-invoices';
import { listQueueSuggestions } from '../../customer-profiles/queue-suggestions';
import { billingCoverage } from '../../billing/billing-coverage';
import { getProfileRatePlan, saveProfileRatePlan } from '../../rate-plans/profile-rate-plan';
import { createProfileWithRatePlan, updateProfileWithRatePlan } from '../../rate-plans/profile-with-rate-plan';
import { assertTaxCodeKnown } from '../../qbo/tax-codes';
import { permissionProcedure } from '../../procedures';
import { ZCustomerProfileListRequestSchema, ZSaveCustomerProfileRequestSchema } from '../../shared/customer-profile';
import { router } from '../../trpc';
import { STALE_VERSION_NOTE, ZNoInputRequestSchema } from '../common.types';
import {
  ZBillingCoverageResponseSchema,
  ZCustomerProfileIdRequestSchema,
  ZCustomerProfileListResponseSchema,
  ZCustomerProfileResponseSchema,
  ZCustomerProfileStatsResponseSchema,
  ZDeleteCustomerProfileResponseSchema,
  ZProfileInvoicesResponseSchema,
  ZRatePlanResponseSchema,
  ZSaveRatePlanRequestSchema,
  ZQueueSuggestionsResponseSchema,
  ZRescheduleAllBillingResponseSchema,
  ZRescheduleBillingResponseSchema,
  ZUpdateCustomerProfileRequestSchema,
} from './customer-profiles.types';

const tags = ['customer-profiles'];
const viewProcedure = permissionProcedure('customer:view', 'billing:view');
const editProcedure = permissionProcedure('customer:edit');

const RATE_PLAN_NOTE =
  "`ratePlan` (optional) is the profile's rate plan, validated as PUT /customer-profiles/{id}/rate-plan validates it: absent leaves the plan as it is, null returns the profile to the spec's fields, and a plan equal to the one in force changes nothing. Every answer carries the plan in force (for a profile set by the spec's fields, the plan they mean).";

const asBoolean = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

export const customerProfilesRouter = router({
  list: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles',
        tags,
        summary: 'Customer profiles, filtered and paginated',
      },
    })
    .input(ZCustomerProfileListRequestSchema)
    .output(ZCustomerProfileListResponseSchema)
    .query(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const list = await listProfiles(
        db,
        {
          page: input.page,
          limit: input.limit,
          search: input.search,
          isActive: asBoolean(input.isActive),
          hasQboCustomerId: asBoolean(input.hasQboCustomerId),
          hasGenesysQueues: asBoolean(input.hasGenesysQueues),
          queueName: input.queueName,
          status: input.status,
        },
        { cache: ctx.services.requestCache },
      );
      return { success: true as const, ...list };
    }),

  // One profile by id, for a link to its dialog (/customer-profiles?profile=<id>) whatever page it is on.
  get: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles/{id}',
        errorResponses: { 404: 'Customer profile not found' },
        tags,
        summary: 'One customer profile (an archived one too: archivedAt says so)',
      },
    })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZCustomerProfileResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: {
        ...toProfileDto(await getProfile(ctx.services.db, input.id)),
        ratePlan: await getProfileRatePlan(ctx.services.db, input.id),
      },
    })),

  queueSuggestions: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles/queue-suggestions',
        tags,
        summary: 'Genesys queue names known to the app, for the profile form',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQueueSuggestionsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, ...(await listQueueSuggestions(ctx.services)) })),

  create: editProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/customer-profiles',
        errorResponses: { 409: 'A queue of this profile belongs to another active profile' },
        tags,
        summary: 'Create a customer profile',
        description: RATE_PLAN_NOTE,
      },
    })
    .input(ZSaveCustomerProfileRequestSchema)
    .output(ZCustomerProfileResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await assertTaxCodeKnown(ctx.services, input.taxCode);
      return { success: true as const, data: await createProfileWithRatePlan(ctx.services.db, input, ctx.user) };
    }),

  update: editProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/customer-profiles/{id}',
        errorResponses: {
          409: 'A queue of this profile belongs to another active profile, `ratePlan.effectiveFrom` falls in an invoiced period (the message names the invoice), or `version` is stale ("Changed by <who> at <time>: reload to see their change")',
        },
        tags,
        summary: 'Update a customer profile',
        description: `${STALE_VERSION_NOTE}\n\n${RATE_PLAN_NOTE}`,
      },
    })
    .input(ZUpdateCustomerProfileRequestSchema)
    .output(ZCustomerProfileResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      await assertTaxCodeKnown(ctx.services, fields.taxCode);
      return { success: true as const, data: await updateProfileWithRatePlan(ctx.services.db, id, fields, ctx.user) };
    }),

  delete: editProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/customer-profiles/{id}',
        errorResponses: { 409: 'The profile changed meanwhile: try again' },
        tags,
        summary: 'Delete a customer profile (one with invoices is archived instead: kept, inactive, hidden by default)',
      },
    })
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
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer-profiles/{id}/reschedule-billing',
        tags,
        summary: "Recompute one profile's next billing run",
      },
    })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZRescheduleBillingResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await rescheduleProfile(ctx.services.db, input.id, ctx.user);
      return {
        success: true as const,
        data: { customerName: result.customerName, nextRun: result.nextRun ? result.nextRun.toISOString() : null },
      };
    }),

  rescheduleAllBilling: editProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer-profiles/reschedule-all-billing',
        tags,
        summary: "Recompute every active profile's next billing run",
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZRescheduleAllBillingResponseSchema)
    .mutation(async ({ ctx }) => {
      return { success: true as const, data: await rescheduleAllProfiles(ctx.services.db, ctx.user) };
    }),

  stats: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles/{id}/stats',
        tags,
        summary: "A profile's usage in its current period up to today",
      },
    })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZCustomerProfileStatsResponseSchema)
    .query(async ({ ctx, input }) => ({ success: true as const, data: await profileStats(ctx.services, input.id) })),

  invoices: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles/{id}/invoices',
        tags,
        summary: "The customer's invoices: number, period, amount, status, QuickBooks id",
      },
    })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZProfileInvoicesResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await listProfileInvoices(ctx.services.db, input.id),
    })),

  billingCoverage: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles/{id}/billing-coverage',
        tags,
        summary:
          "Which of a profile's periods are billed (and by which invoices), which ended ones are not, and calls that arrived late",
      },
    })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZBillingCoverageResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await billingCoverage(ctx.services.db, input.id),
    })),

  ratePlan: viewProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer-profiles/{id}/rate-plan',
        tags,
        summary: "The profile's rate plan (for a profile set by the spec's fields, the plan they mean)",
      },
    })
    .input(ZCustomerProfileIdRequestSchema)
    .output(ZRatePlanResponseSchema)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      data: await getProfileRatePlan(ctx.services.db, input.id),
    })),

  saveRatePlan: editProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/customer-profiles/{id}/rate-plan',
        errorResponses: { 409: 'The effective date falls in an invoiced period (the message names the invoice)' },
        tags,
        summary: "Save the profile's rate plan from a period start (null: back to the spec's fields)",
      },
    })
    .input(ZSaveRatePlanRequestSchema)
    .output(ZRatePlanResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      data: await saveProfileRatePlan(ctx.services.db, input.id, input.ratePlan, ctx.user, {
        effectiveFrom: input.effectiveFrom,
      }),
    })),
});
