// QuickBooks' answers as the router gives them. The connection status, company info, customer
// match and the callback and search requests live in shared/qbo.ts (the web app uses them too).
import { z } from 'zod';
import {
  ZQboCompanyInfoSchema,
  ZQboCustomerMatchSchema,
  ZQboSetupStatusSchema,
  ZQboTaxCodesSchema,
} from '../../shared/qbo';
import { dataResponse, ZSuccessResponseSchema } from '../common.types';

export const ZQboStatusResponseSchema = dataResponse(ZQboSetupStatusSchema);
export type TQboStatusResponse = z.infer<typeof ZQboStatusResponseSchema>;

export const ZQboAuthUrlResponseSchema = dataResponse(z.object({ authUrl: z.string() }));
export type TQboAuthUrlResponse = z.infer<typeof ZQboAuthUrlResponseSchema>;

/** The callback and Test Connection answer the company QuickBooks connected us to. */
export const ZQboCompanyNameResponseSchema = ZSuccessResponseSchema.extend({
  data: z.object({ companyName: z.string().nullable() }),
});
export type TQboCompanyNameResponse = z.infer<typeof ZQboCompanyNameResponseSchema>;

export const ZQboRefreshedResponseSchema = ZSuccessResponseSchema.extend({ data: z.object({ expiresAt: z.string() }) });
export type TQboRefreshedResponse = z.infer<typeof ZQboRefreshedResponseSchema>;

export const ZQboDisconnectResponseSchema = ZSuccessResponseSchema.extend({
  data: z.object({ revokedAtQuickBooks: z.boolean(), companyName: z.string().nullable() }),
});
export type TQboDisconnectResponse = z.infer<typeof ZQboDisconnectResponseSchema>;

export const ZQboInvoiceLinksResponseSchema = dataResponse(z.object({ invoicePageBase: z.string().nullable() }));
export type TQboInvoiceLinksResponse = z.infer<typeof ZQboInvoiceLinksResponseSchema>;

export const ZQboCompanyInfoResponseSchema = dataResponse(z.object({ CompanyInfo: ZQboCompanyInfoSchema }));
export type TQboCompanyInfoResponse = z.infer<typeof ZQboCompanyInfoResponseSchema>;

export const ZQboCustomerSearchResponseSchema = z.object({
  success: z.literal(true),
  found: z.boolean(),
  data: ZQboCustomerMatchSchema.nullable(),
  error: z.string().optional(),
});
export type TQboCustomerSearchResponse = z.infer<typeof ZQboCustomerSearchResponseSchema>;

export const ZQboTaxCodesResponseSchema = ZSuccessResponseSchema.extend(ZQboTaxCodesSchema.shape);
export type TQboTaxCodesResponse = z.infer<typeof ZQboTaxCodesResponseSchema>;

/** The customer type-ahead's answer: the matching customers, by display name. */
export const ZQboCustomerMatchesResponseSchema = dataResponse(z.array(ZQboCustomerMatchSchema));
export type TQboCustomerMatchesResponse = z.infer<typeof ZQboCustomerMatchesResponseSchema>;
