// Regions, teams and queue assignments: the answers, and the delete requests only the router uses.
// The create/update requests (shared with the web's forms) live in shared/regions.ts.
import { z } from 'zod';
import {
  ZQueueAssignmentWithTeamSchema,
  ZRegionSchema,
  ZTeamSchema,
  ZUnassignedQueueSchema,
} from '../../shared/regions';
import { recordId } from '../../shared/text';
import { dataResponse } from '../common.types';

export const ZDeleteRegionRequestSchema = z.object({ id: recordId('Id', 'No region selected') });
export const ZDeleteTeamRequestSchema = z.object({ id: recordId('Id', 'No team selected') });
export const ZDeleteAssignmentRequestSchema = z.object({ id: recordId('Id', 'No assignment selected') });

/** What a delete answers: success and a sentence for the toast. */
export const ZDeletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type TDeletedResponse = z.infer<typeof ZDeletedResponseSchema>;

export const ZRegionsResponseSchema = dataResponse(z.array(ZRegionSchema));
export type TRegionsResponse = z.infer<typeof ZRegionsResponseSchema>;
export const ZRegionResponseSchema = dataResponse(ZRegionSchema);
export type TRegionResponse = z.infer<typeof ZRegionResponseSchema>;

export const ZTeamsResponseSchema = dataResponse(z.array(ZTeamSchema));
export type TTeamsResponse = z.infer<typeof ZTeamsResponseSchema>;
export const ZTeamResponseSchema = dataResponse(ZTeamSchema);
export type TTeamResponse = z.infer<typeof ZTeamResponseSchema>;

export const ZAssignmentsResponseSchema = dataResponse(z.array(ZQueueAssignmentWithTeamSchema));
export type TAssignmentsResponse = z.infer<typeof ZAssignmentsResponseSchema>;
export const ZAssignmentResponseSchema = dataResponse(ZQueueAssignmentWithTeamSchema);
export type TAssignmentResponse = z.infer<typeof ZAssignmentResponseSchema>;

export const ZUnassignedQueuesResponseSchema = dataResponse(z.array(ZUnassignedQueueSchema));
export type TUnassignedQueuesResponse = z.infer<typeof ZUnassignedQueuesResponseSchema>;
