import { permissionProcedure } from '../../procedures';
import {
  assignQueue,
  createRegion,
  createTeam,
  deleteAssignment,
  deleteRegion,
  deleteTeam,
  listAssignments,
  listRegions,
  listTeams,
  listUnassignedQueues,
  updateAssignment,
  updateRegion,
  updateTeam,
} from '../../regions/regions';
import {
  ZAssignQueueRequestSchema,
  ZRegionFormSchema,
  ZTeamFormSchema,
  ZUpdateAssignmentRequestSchema,
  ZUpdateRegionRequestSchema,
  ZUpdateTeamRequestSchema,
} from '../../shared/regions';
import { router } from '../../trpc';
import { ZNoInputRequestSchema } from '../common.types';
import {
  ZAssignmentResponseSchema,
  ZAssignmentsResponseSchema,
  ZDeleteAssignmentRequestSchema,
  ZDeletedResponseSchema,
  ZDeleteRegionRequestSchema,
  ZDeleteTeamRequestSchema,
  ZRegionResponseSchema,
  ZRegionsResponseSchema,
  ZTeamResponseSchema,
  ZTeamsResponseSchema,
  ZUnassignedQueuesResponseSchema,
} from './regions.types';

// Regions, teams and queue assignments (spec 001 §7, API.md). Thin: validate, authorise, call
// regions/regions.ts (which audits), shape.

const canView = permissionProcedure('region:manage', 'team:manage');
const canManageRegions = permissionProcedure('region:manage');
const canManageTeams = permissionProcedure('team:manage');

const tags = ['regions'];

export const regionsRouter = router({
  // ---------------------------------------------------------------- regions
  listRegions: canView
    .meta({ openapi: { method: 'GET', path: '/regions', tags, summary: 'Regions with their teams and queue assignments' } })
    .input(ZNoInputRequestSchema)
    .output(ZRegionsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await listRegions(ctx.services.db) })),

  createRegion: canManageRegions
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/regions', errorResponses: { 409: 'A region with this name already exists' }, tags, summary: 'Create a region (active unless isActive is false)' } })
    .input(ZRegionFormSchema)
    .output(ZRegionResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const region = await createRegion(ctx.services.db, input, ctx.user);
      return { success: true as const, data: region };
    }),

  updateRegion: canManageRegions
    .meta({ openapi: { method: 'PUT', path: '/regions/{id}', errorResponses: { 409: 'A region with this name already exists' }, tags, summary: 'Change a region' } })
    .input(ZUpdateRegionRequestSchema)
    .output(ZRegionResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const region = await updateRegion(ctx.services.db, input.id, input, ctx.user);
      return { success: true as const, data: region };
    }),

  deleteRegion: canManageRegions
    .meta({ openapi: { method: 'DELETE', path: '/regions/{id}', tags, summary: 'Delete a region, its teams and their queue assignments' } })
    .input(ZDeleteRegionRequestSchema)
    .output(ZDeletedResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteRegion(ctx.services.db, input.id, ctx.user);
      return { success: true as const, message: 'Region deleted successfully' };
    }),

  // ---------------------------------------------------------------- teams
  listTeams: canView
    .meta({ openapi: { method: 'GET', path: '/teams', tags, summary: 'Teams with their region and queue assignments' } })
    .input(ZNoInputRequestSchema)
    .output(ZTeamsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await listTeams(ctx.services.db) })),

  createTeam: canManageTeams
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/teams', errorResponses: { 404: 'The region does not exist', 409: 'The region already has a team with this name' }, tags, summary: 'Create a team in a region (active unless isActive is false)' } })
    .input(ZTeamFormSchema)
    .output(ZTeamResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const team = await createTeam(ctx.services.db, input, ctx.user);
      return { success: true as const, data: team };
    }),

  updateTeam: canManageTeams
    .meta({ openapi: { method: 'PUT', path: '/teams/{id}', errorResponses: { 409: 'The region already has a team with this name' }, tags, summary: 'Change a team (name, description, region, active)' } })
    .input(ZUpdateTeamRequestSchema)
    .output(ZTeamResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const team = await updateTeam(ctx.services.db, input.id, input, ctx.user);
      return { success: true as const, data: team };
    }),

  deleteTeam: canManageTeams
    .meta({ openapi: { method: 'DELETE', path: '/teams/{id}', tags, summary: 'Delete a team; its queues become unassigned' } })
    .input(ZDeleteTeamRequestSchema)
    .output(ZDeletedResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteTeam(ctx.services.db, input.id, ctx.user);
      return { success: true as const, message: 'Team deleted successfully' };
    }),

  // ---------------------------------------------------------------- queue assignments
  listAssignments: canView
    .meta({ openapi: { method: 'GET', path: '/queue-assignments', tags, summary: 'Queue assignments with their team and region' } })
    .input(ZNoInputRequestSchema)
    .output(ZAssignmentsResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await listAssignments(ctx.services.db, ctx.services.integrations, ctx.services.logger),
    })),

  listUnassigned: canView
    .meta({ openapi: { method: 'GET', path: '/queue-assignments/unassigned', tags, summary: 'Genesys queues no team holds' } })
    .input(ZNoInputRequestSchema)
    .output(ZUnassignedQueuesResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await listUnassignedQueues(ctx.services.db, ctx.services.integrations, ctx.services.logger),
    })),

  assignQueue: canManageTeams
    .meta({ successStatus: 201, openapi: { method: 'POST', path: '/queue-assignments', errorResponses: { 404: 'The team, or the queue in Genesys, does not exist', 409: 'The queue is already assigned to a team' }, tags, summary: 'Assign a Genesys queue to a team (409 when already assigned)' } })
    .input(ZAssignQueueRequestSchema)
    .output(ZAssignmentResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const assignment = await assignQueue(ctx.services.db, ctx.services.integrations, input, ctx.user, ctx.services.logger);
      return { success: true as const, data: assignment };
    }),

  updateAssignment: canManageTeams
    .meta({ openapi: { method: 'PUT', path: '/queue-assignments/{id}', tags, summary: 'Change the team, notes or assigned-by of a queue assignment' } })
    .input(ZUpdateAssignmentRequestSchema)
    .output(ZAssignmentResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const assignment = await updateAssignment(ctx.services.db, input.id, input, ctx.user);
      return { success: true as const, data: assignment };
    }),

  deleteAssignment: canManageTeams
    .meta({ openapi: { method: 'DELETE', path: '/queue-assignments/{id}', tags, summary: 'Unassign a queue' } })
    .input(ZDeleteAssignmentRequestSchema)
    .output(ZDeletedResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteAssignment(ctx.services.db, input.id, ctx.user);
      return { success: true as const, message: 'Queue assignment deleted successfully' };
    }),
});
