import { z } from 'zod';
import { dataResponse } from '../common.types';

export const ZSystemInfoResponseSchema = dataResponse(
  z.object({ name: z.string(), simulated: z.object({ genesys: z.boolean(), qbo: z.boolean() }) }),
);
