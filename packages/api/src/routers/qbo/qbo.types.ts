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

export const ZQboAuthUrlResponseSchema = dataResponse(z.object({ authUrl: z.string() }));

/** The callback and Test Connection answer the company QuickBooks connected us to. */
export const ZQboCompanyNameResponseSchema = ZSuccessResponseSchema.extend({
  data: z.object({ companyName: z.string().nullable() }),
});

export const ZQboRefreshedResponseSchema = ZSuccessResponseSchema.extend({ data: z.object({ expiresAt: z.string() }) });

export const ZQboDisconnectResponseSchema = ZSuccessResponseSchema.extend({
  data: z.object({ revokedAtQuickBooks: z.boolean(), companyName: z.string().nullable() }),
});

export const ZQboInvoiceLinksResponseSchema = dataResponse(z.object({ invoicePageBase: z.string().nullable() }));

export const ZQboCompanyInfoResponseSchema = dataResponse(z.object({ CompanyInfo: ZQboCompanyInfoSchema }));

export const ZQboCustomerSearchResponseSchema = z.object({
  success: z.literal(true),
  found: z.boolean(),
  data: ZQboCustomerMatchSchema.nullable(),
  error: z.string().optional(),
});

export const ZQboTaxCodesResponseSchema = ZSuccessResponseSchema.extend(ZQboTaxCodesSchema.shape);

/** The customer type-ahead's answer: the matching customers, by display name. */
export const ZQboCustomerMatchesResponseSchema = dataResponse(z.array(ZQboCustomerMatchSchema));
