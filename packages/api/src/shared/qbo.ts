import { z } from 'zod';
import { requiredText, safeText } from './text';

// QuickBooks Online: inputs and answer shapes shared by the QBO screens and /api/v1/qbo (browser-safe).

/** GET /qbo/callback: what the authorization redirect carried. */
export const ZQboCallbackRequestSchema = z.object({
  code: safeText({ label: 'code', max: 2000, kind: 'opaque' }).optional(),
  state: safeText({ label: 'state', max: 200, kind: 'opaque' }).optional(),
  realmId: safeText({ label: 'realmId', max: 64, kind: 'opaque' }).optional(),
  /** Set by QuickBooks instead of a code when the person declined (access_denied). */
  error: safeText({ label: 'error', max: 200, kind: 'opaque' }).optional(),
});
export type QboCallbackQuery = z.infer<typeof ZQboCallbackRequestSchema>;

/** GET /qbo/customers/search/display-name. */
export const ZQboDisplayNameSearchRequestSchema = z.object({
  displayName: requiredText('Display name', 500),
});

/** GET /qbo/customers/search: the customer type-ahead's term (any part of name, company or e-mail). */
export const ZQboCustomerSearchRequestSchema = z.object({
  q: requiredText('Search', 200, 'Type part of a name, company or e-mail'),
});
export type TQboCustomerSearchQuery = z.input<typeof ZQboCustomerSearchRequestSchema>;

/** QBO Setup's status (spec 000 §3 "QBO status"); tokens and the realm are never part of it. */
export const ZQboSetupStatusSchema = z.object({
  authenticated: z.boolean(),
  connected: z.boolean(),
  simulated: z.boolean(),
  environment: z.string().nullable(),
  hasTokens: z.boolean(),
  clientId: z.enum(['configured', 'not configured']),
  redirectUri: z.string().nullable(),
  companyInfo: z.object({ companyName: z.string().nullable() }),
  tokenStatus: z.object({
    /** Seconds until the access token expires (refreshed automatically when < 5 min remain). */
    expiresIn: z.number().nullable(),
    expiresAt: z.string().nullable(),
    refreshTokenExpiresAt: z.string().nullable(),
  }),
  connectedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The public origin (APP_ORIGIN) QuickBooks sends the browser back to. */
  appOrigin: z.string().nullable(),
  /** Simulated QuickBooks sends the browser back to whatever origin it used. */
  redirectFollowsBrowser: z.boolean(),
});
export type QboSetupStatusData = z.infer<typeof ZQboSetupStatusSchema>;

const ZQboAddressSchema = z
  .object({
    Id: z.string().optional(),
    Line1: z.string().optional(),
    Line2: z.string().optional(),
    Line3: z.string().optional(),
    City: z.string().optional(),
    CountrySubDivisionCode: z.string().optional(),
    PostalCode: z.string().optional(),
    Country: z.string().optional(),
  })
  .optional();

/** QuickBooks' CompanyInfo with its own field names (the fields Company Info shows). */
export const ZQboCompanyInfoSchema = z.object({
  Id: z.string(),
  SyncToken: z.string().optional(),
  domain: z.string().optional(),
  CompanyName: z.string(),
  LegalName: z.string().optional(),
  CompanyAddr: ZQboAddressSchema,
  LegalAddr: ZQboAddressSchema,
  CustomerCommunicationAddr: ZQboAddressSchema,
  PrimaryPhone: z.object({ FreeFormNumber: z.string().optional() }).optional(),
  Email: z.object({ Address: z.string().optional() }).optional(),
  CustomerCommunicationEmailAddr: z.object({ Address: z.string().optional() }).optional(),
  WebAddr: z.object({ URI: z.string().optional() }).optional(),
  Country: z.string().optional(),
  SupportedLanguages: z.string().optional(),
  DefaultTimeZone: z.string().optional(),
  FiscalYearStartMonth: z.string().optional(),
  CompanyStartDate: z.string().optional(),
  NameValue: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
  MetaData: z.object({ CreateTime: z.string().optional(), LastUpdatedTime: z.string().optional() }).optional(),
});
export type QboCompanyInfoData = z.infer<typeof ZQboCompanyInfoSchema>;

/** A QuickBooks customer as the customer-profile form can copy it. */
export const ZQboCustomerMatchSchema = z.object({
  Id: z.string(),
  DisplayName: z.string(),
  CompanyName: z.string().optional(),
  Title: z.string().optional(),
  GivenName: z.string().optional(),
  MiddleName: z.string().optional(),
  FamilyName: z.string().optional(),
  Suffix: z.string().optional(),
  PrimaryEmailAddr: z.object({ Address: z.string().optional() }).optional(),
  PrimaryPhone: z.object({ FreeFormNumber: z.string().optional() }).optional(),
  BillAddr: ZQboAddressSchema,
  Active: z.boolean().optional(),
});
export type QboCustomerMatch = z.infer<typeof ZQboCustomerMatchSchema>;

/** Milliseconds the callback screen waits before returning to QBO Setup (spec 000 §9). */
export const QBO_CALLBACK_REDIRECT_DELAY_MS = 3000;

/** GET /qbo/tax-codes: the connected company's tax codes, for the profile form's picker. */
export const ZQboTaxCodesSchema = z.object({
  /** False when QuickBooks is not connected (then `data` is empty and any code is taken, checked at billing). */
  connected: z.boolean(),
  /** True when a profile may hold no tax code (a US company: QuickBooks takes NON). */
  noTaxAllowed: z.boolean(),
  data: z.array(
    z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), active: z.boolean() }),
  ),
});
export type TQboTaxCodes = z.infer<typeof ZQboTaxCodesSchema>;
