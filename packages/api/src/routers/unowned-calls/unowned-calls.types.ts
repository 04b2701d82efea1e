// Unowned calls' requests and answers as the router takes and gives them (shapes in shared/unowned-calls.ts).
import { ZUnownedCallsSchema, ZUnownedDismissalSchema } from '../../shared/unowned-calls';
import { dataResponse, messageDataResponse } from '../common.types';

export const ZUnownedCallsResponseSchema = dataResponse(ZUnownedCallsSchema);

export const ZDismissUnownedCallsResponseSchema = messageDataResponse(ZUnownedDismissalSchema);
