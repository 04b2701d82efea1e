// Pieces of the request and response contracts that every area uses the same way.
import { z } from 'zod';

/** A procedure that takes nothing (REST: no query string or an empty JSON body). */
export const ZNoInputRequestSchema = z.object({}).optional();

/** Page numbers of a paged answer. */
export const ZPaginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
});

/** `{ success: true, message? }`: the answer of an action that returns nothing else. */
export const ZSuccessResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** `{ success: true, data }` around an area's answer. */
export function dataResponse<T extends z.ZodType>(schema: T) {
  return z.object({ success: z.literal(true), data: schema });
}

/** `{ success: true, message, data }`: an action's answer with the sentence for its toast. */
export function messageDataResponse<T extends z.ZodType>(schema: T) {
  return z.object({ success: z.literal(true), message: z.string(), data: schema });
}

/** `{ success: true, data: [item…], pagination }`: one page of an area's list. */
export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: ZPaginationSchema });
}

/** OpenAPI text of every update that takes a `version` (row-versions.ts). */
export const STALE_VERSION_NOTE =
  'Send the `version` you read: when someone saved since, the update is refused with 409 ' +
  '"Changed by <who> at <time>: reload to see their change". Without `version` the last write wins.';
