// Unowned calls' requests and answers as the router takes and gives them (shapes in shared/unowned-calls.ts).
import { z } from 'zod';
import { ZUnownedCallsSchema, ZUnownedDismissalSchema } from '../../shared/unowned-calls';
import { dataResponse, messageDataResponse } from '../common.types';

export const ZUnownedCallsResponseSchema = dataResponse(ZUnownedCallsSchema);
export type TUnownedCallsResponse = z.infer<typeof ZUnownedCallsResponseSchema>;

export const ZDismissUnownedCallsResponseSchema = messageDataResponse(ZUnownedDismissalSchema);
export type TDismissUnownedCallsResponse = z.infer<typeof ZDismissUnownedCallsResponseSchema>;
