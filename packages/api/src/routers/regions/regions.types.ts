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

export const ZRegionsResponseSchema = dataResponse(z.array(ZRegionSchema));
export const ZRegionResponseSchema = dataResponse(ZRegionSchema);

export const ZTeamsResponseSchema = dataResponse(z.array(ZTeamSchema));
export const ZTeamResponseSchema = dataResponse(ZTeamSchema);

export const ZAssignmentsResponseSchema = dataResponse(z.array(ZQueueAssignmentWithTeamSchema));
export const ZAssignmentResponseSchema = dataResponse(ZQueueAssignmentWithTeamSchema);

export const ZUnassignedQueuesResponseSchema = dataResponse(z.array(ZUnassignedQueueSchema));
