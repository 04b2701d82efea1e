import { AppError } from '../../errors';
import { QboConnection } from '../../qbo/connection';
import { oauthStateBinding } from '../../qbo/oauth-states';
import { companyTaxCodes } from '../../qbo/tax-codes';
import { permissionProcedure, protectedProcedure } from '../../procedures';
import type { RequestContext } from '../../context';
import {
  ZQboCallbackRequestSchema,
  ZQboCompanyInfoSchema,
  ZQboCustomerMatchSchema,
  ZQboCustomerSearchRequestSchema,
  ZQboDisplayNameSearchRequestSchema,
  type QboCustomerMatch,
} from '../../shared/qbo';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZQboAuthUrlResponseSchema,
  ZQboCompanyInfoResponseSchema,
  ZQboCompanyNameResponseSchema,
  ZQboCustomerSearchResponseSchema,
  ZQboCustomerMatchesResponseSchema,
  ZQboDisconnectResponseSchema,
  ZQboInvoiceLinksResponseSchema,
  ZQboRefreshedResponseSchema,
  ZQboStatusResponseSchema,
  ZQboTaxCodesResponseSchema,
} from './qbo.types';

const tags = ['qbo'];
/** What a call that reaches QuickBooks may answer besides success (documented in openapi.json). */
const qboFailures = {
  400: 'QuickBooks is not configured or not connected',
  429: 'QuickBooks is limiting requests',
  502: 'QuickBooks failed',
};

function qboConnection(ctx: RequestContext): QboConnection {
  const service = ctx.services.integrations.qbo;
  if (!(service instanceof QboConnection))
    throw new AppError('BAD_REQUEST', 'QuickBooks is not configured: set QBO_CLIENT_ID and QBO_CLIENT_SECRET.');
  return service;
}

async function refreshTokens(ctx: RequestContext) {
  const { expiresAt } = await qboConnection(ctx).refreshTokens(ctx.auth?.user ?? null);
  return {
    success: true as const,
    message: 'Token refreshed successfully',
    data: { expiresAt: expiresAt.toISOString() },
  };
}

function customerMatch(customer: Record<string, unknown>): QboCustomerMatch {
  const parsed = ZQboCustomerMatchSchema.safeParse(customer);
  if (parsed.success) return parsed.data;
  return { Id: String(customer.Id ?? ''), DisplayName: String(customer.DisplayName ?? '') };
}

export const qboRouter = router({
  status: permissionProcedure('integration:qbo')
    .meta({
      openapi: { method: 'GET', path: '/qbo/status', tags, summary: 'QuickBooks connection status (never tokens)' },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboStatusResponseSchema)
    .query(async ({ ctx }) => {
      const service = ctx.services.integrations.qbo;
      if (!(service instanceof QboConnection)) {
        return {
          success: true as const,
          data: {
            authenticated: false,
            connected: false,
            simulated: ctx.services.config.simulated.qbo,
            environment: null,
            hasTokens: false,
            clientId: 'not configured' as const,
            redirectUri: null,
            companyInfo: { companyName: null },
            tokenStatus: { expiresIn: null, expiresAt: null, refreshTokenExpiresAt: null },
            connectedAt: null,
            lastCheckedAt: null,
            lastError: null,
            appOrigin: ctx.services.config.appOrigin,
            redirectFollowsBrowser: false,
          },
        };
      }
      return { success: true as const, data: await service.setupStatus(ctx.request.origin) };
    }),

  auth: permissionProcedure('integration:qbo')
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/auth',
        errorResponses: { 400: 'QuickBooks is not configured' },
        tags,
        summary: 'The QuickBooks authorization URL to open in the browser',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboAuthUrlResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: { authUrl: await qboConnection(ctx).authorizationUrl(oauthStateBinding(ctx.auth), ctx.request.origin) },
    })),

  callback: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/callback',
        errorResponses: {
          400: 'The state, code or realmId is missing, expired or refused',
          502: 'The QuickBooks token endpoint failed',
        },
        tags,
        summary: 'Complete the authorization with the code, state and realmId QuickBooks sent back',
      },
    })
    .input(ZQboCallbackRequestSchema)
    .output(ZQboCompanyNameResponseSchema)
    .query(async ({ ctx, input }) => {
      const { companyName } = await qboConnection(ctx).completeAuthorization(
        input,
        ctx.user,
        oauthStateBinding(ctx.auth),
        ctx.request.origin,
      );
      return { success: true as const, message: 'QuickBooks connected', data: { companyName } };
    }),

  testConnection: permissionProcedure('integration:qbo')
    .meta({
      openapi: {
        method: 'POST',
        path: '/qbo/test-connection',
        errorResponses: qboFailures,
        tags,
        summary: 'Read the company from QuickBooks to prove the connection works',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboCompanyNameResponseSchema)
    .mutation(async ({ ctx }) => {
      const { companyName } = await qboConnection(ctx).testConnection(ctx.user);
      return { success: true as const, message: 'QBO connection successful!', data: { companyName } };
    }),

  /** The spec's path, kept for scripts with an API token; a cookie GET from another site is refused. */
  refresh: permissionProcedure('integration:qbo')
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/refresh',
        errorResponses: qboFailures,
        tags,
        summary: 'Refresh the QuickBooks access token now (for scripts; the web app uses POST)',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboRefreshedResponseSchema)
    .query(async ({ ctx }) => refreshTokens(ctx)),

  /** What QBO Setup's "Refresh Token" button calls: a state change, so a POST. */
  refreshToken: permissionProcedure('integration:qbo')
    .meta({
      openapi: {
        method: 'POST',
        path: '/qbo/refresh',
        errorResponses: qboFailures,
        tags,
        summary: 'Refresh the QuickBooks access token now',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboRefreshedResponseSchema)
    .mutation(async ({ ctx }) => refreshTokens(ctx)),

  disconnect: permissionProcedure('integration:qbo')
    .meta({
      openapi: {
        method: 'POST',
        path: '/qbo/disconnect',
        errorResponses: {
          400: 'QuickBooks is not configured',
          409: 'QuickBooks is not connected: there is nothing to disconnect',
        },
        tags,
        summary: 'Revoke the tokens at QuickBooks and delete them here (audited)',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboDisconnectResponseSchema)
    .mutation(async ({ ctx }) => {
      const result = await qboConnection(ctx).disconnect(ctx.user);
      const message = result.revokedAtQuickBooks
        ? 'QuickBooks disconnected'
        : 'QuickBooks disconnected here; QuickBooks could not be reached to revoke the tokens (disconnect the app in QuickBooks too)';
      return { success: true as const, message, data: result };
    }),

  invoiceLinks: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/invoice-links',
        tags,
        summary: "Where a browser opens an invoice in QuickBooks: append the invoice's QuickBooks id",
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboInvoiceLinksResponseSchema)
    .query(({ ctx }) => {
      const service = ctx.services.integrations.qbo;
      return {
        success: true as const,
        data: {
          invoicePageBase: service instanceof QboConnection ? service.invoicePageBase(ctx.request.origin) : null,
        },
      };
    }),

  companyInfo: permissionProcedure('integration:qbo', 'settings:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/company-info',
        errorResponses: qboFailures,
        tags,
        summary: "The connected company's CompanyInfo (QuickBooks field names)",
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboCompanyInfoResponseSchema)
    .query(async ({ ctx }) => {
      const info = await qboConnection(ctx).companyInfo();
      return { success: true as const, data: { CompanyInfo: ZQboCompanyInfoSchema.parse(info) } };
    }),

  taxCodes: permissionProcedure('customer:view', 'integration:qbo')
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/tax-codes',
        errorResponses: { 429: qboFailures[429], 502: qboFailures[502] },
        tags,
        summary: "The connected company's tax codes (select * from TaxCode), for the profile form",
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZQboTaxCodesResponseSchema)
    .query(async ({ ctx }) => {
      const list = await companyTaxCodes(ctx.services);
      return {
        success: true as const,
        connected: list !== null,
        noTaxAllowed: list?.noTaxAllowed ?? true,
        data: (list?.taxCodes ?? []).map((code) => ({ ...code, active: true })),
      };
    }),

  searchCustomerByDisplayName: permissionProcedure('customer:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/customers/search/display-name',
        errorResponses: qboFailures,
        tags,
        summary: 'Find the QuickBooks customer with exactly this display name',
      },
    })
    .input(ZQboDisplayNameSearchRequestSchema)
    .output(ZQboCustomerSearchResponseSchema)
    .query(async ({ ctx, input }) => {
      const customer = await qboConnection(ctx).findCustomerByDisplayName(input.displayName);
      if (!customer) {
        return {
          success: true as const,
          found: false,
          data: null,
          error: `No QuickBooks customer has the display name "${input.displayName}"`,
        };
      }
      return { success: true as const, found: true, data: customerMatch(customer) };
    }),

  searchCustomers: permissionProcedure('customer:view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/qbo/customers/search',
        errorResponses: qboFailures,
        tags,
        summary:
          'QuickBooks customers with q in their display name, company name or e-mail (curly and straight apostrophes equal), at most 20',
      },
    })
    .input(ZQboCustomerSearchRequestSchema)
    .output(ZQboCustomerMatchesResponseSchema)
    .query(async ({ ctx, input }) => {
      const customers = await qboConnection(ctx).searchCustomers(input.q);
      return {
        success: true as const,
        data: customers.map((customer) => customerMatch(customer as Record<string, unknown>)),
      };
    }),
});
