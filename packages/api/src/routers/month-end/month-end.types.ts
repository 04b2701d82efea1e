// The Month end screen's requests and answers; the shapes live in shared/month-end.ts (shared with the screen).
import {
  ZBillMissingRequestSchema,
  ZBillMissingSchema,
  ZMonthEndRequestSchema,
  ZMonthEndSchema,
} from '../../shared/month-end';
import { dataResponse } from '../common.types';

export { ZBillMissingRequestSchema, ZMonthEndRequestSchema };

export const ZMonthEndResponseSchema = dataResponse(ZMonthEndSchema);

export const ZBillMissingResponseSchema = dataResponse(ZBillMissingSchema);
