import { permissionProcedure } from '../../procedures';
import {
  assignQueue,
  deleteAssignment,
  listAssignments,
  listUnassignedQueues,
  updateAssignment,
} from '../../regions/queue-assignments';
import { createRegion, deleteRegion, listRegions, updateRegion } from '../../regions/regions';
import { createTeam, deleteTeam, listTeams, updateTeam } from '../../regions/teams';
import {
  ZAssignQueueRequestSchema,
  ZRegionRequestSchema,
  ZTeamRequestSchema,
  ZUpdateAssignmentRequestSchema,
  ZUpdateRegionRequestSchema,
  ZUpdateTeamRequestSchema,
} from '../../shared/regions';
import { router } from '../../trpc';
import { STALE_VERSION_NOTE } from '../common.types';
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
// regions/ (regions.ts, teams.ts, queue-assignments.ts: they audit), shape.

const canView = permissionProcedure('region:manage', 'team:manage');
const canManageRegions = permissionProcedure('region:manage');
const canManageTeams = permissionProcedure('team:manage');

const tags = ['regions'];

export const regionsRouter = router({
  // ---------------------------------------------------------------- regions
  listRegions: canView
    .meta({
      openapi: { method: 'GET', path: '/regions', tags, summary: 'Regions with their teams and queue assignments' },
    })
    .input(ZNoInputRequestSchema)
    .output(ZRegionsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await listRegions(ctx.services.db) })),

  createRegion: canManageRegions
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/regions',
        errorResponses: { 409: 'A region with this name already exists' },
        tags,
        summary: 'Create a region (active unless isActive is false)',
      },
    })
    .input(ZRegionRequestSchema)
    .output(ZRegionResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const region = await createRegion(ctx.services.db, input, ctx.user);
      return { success: true as const, data: region };
    }),

  updateRegion: canManageRegions
    .meta({
      openapi: {
        method: 'PUT',
        path: '/regions/{id}',
        errorResponses: { 409: 'A region with this name already exists, or `version` is stale' },
        tags,
        summary: 'Change a region',
        description: STALE_VERSION_NOTE,
      },
    })
    .input(ZUpdateRegionRequestSchema)
    .output(ZRegionResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const region = await updateRegion(ctx.services.db, input.id, input, ctx.user);
      return { success: true as const, data: region };
    }),

  deleteRegion: canManageRegions
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/regions/{id}',
        tags,
        summary: 'Delete a region, its teams and their queue assignments',
      },
    })
    .input(ZDeleteRegionRequestSchema)
    .output(ZDeletedResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteRegion(ctx.services.db, input.id, ctx.user);
      return { success: true as const, message: 'Region deleted successfully' };
    }),

  // ---------------------------------------------------------------- teams
  listTeams: canView
    .meta({
      openapi: { method: 'GET', path: '/teams', tags, summary: 'Teams with their region and queue assignments' },
    })
    .input(ZNoInputRequestSchema)
    .output(ZTeamsResponseSchema)
    .query(async ({ ctx }) => ({ success: true as const, data: await listTeams(ctx.services.db) })),

  createTeam: canManageTeams
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/teams',
        errorResponses: { 404: 'The region does not exist', 409: 'The region already has a team with this name' },
        tags,
        summary: 'Create a team in a region (active unless isActive is false)',
      },
    })
    .input(ZTeamRequestSchema)
    .output(ZTeamResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const team = await createTeam(ctx.services.db, input, ctx.user);
      return { success: true as const, data: team };
    }),

  updateTeam: canManageTeams
    .meta({
      openapi: {
        method: 'PUT',
        path: '/teams/{id}',
        errorResponses: { 409: 'The region already has a team with this name, or `version` is stale' },
        tags,
        summary: 'Change a team (name, description, region, active)',
        description: STALE_VERSION_NOTE,
      },
    })
    .input(ZUpdateTeamRequestSchema)
    .output(ZTeamResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const team = await updateTeam(ctx.services.db, input.id, input, ctx.user);
      return { success: true as const, data: team };
    }),

  deleteTeam: canManageTeams
    .meta({
      openapi: { method: 'DELETE', path: '/teams/{id}', tags, summary: 'Delete a team; its queues become unassigned' },
    })
    .input(ZDeleteTeamRequestSchema)
    .output(ZDeletedResponseSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteTeam(ctx.services.db, input.id, ctx.user);
      return { success: true as const, message: 'Team deleted successfully' };
    }),

  // ---------------------------------------------------------------- queue assignments
  listAssignments: canView
    .meta({
      openapi: {
        method: 'GET',
        path: '/queue-assignments',
        tags,
        summary: 'Queue assignments with their team and region',
      },
    })
    .input(ZNoInputRequestSchema)
    .output(ZAssignmentsResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await listAssignments(ctx.services.db, ctx.services.integrations, ctx.services.logger),
    })),

  listUnassigned: canView
    .meta({
      openapi: { method: 'GET', path: '/queue-assignments/unassigned', tags, summary: 'Genesys queues no team holds' },
    })
    .input(ZNoInputRequestSchema)
    .output(ZUnassignedQueuesResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await listUnassignedQueues(ctx.services.db, ctx.services.integrations, ctx.services.logger),
    })),

  assignQueue: canManageTeams
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/queue-assignments',
        errorResponses: {
          404: 'The team, or the queue in Genesys, does not exist',
          409: 'The queue is already assigned to a team',
        },
        tags,
        summary: 'Assign a Genesys queue to a team (409 when already assigned)',
      },
    })
    .input(ZAssignQueueRequestSchema)
    .output(ZAssignmentResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const assignment = await assignQueue(
        ctx.services.db,
        ctx.services.integrations,
        input,
        ctx.user,
        ctx.services.logger,
      );
      return { success: true as const, data: assignment };
    }),

  updateAssignment: canManageTeams
    .meta({
      openapi: {
        method: 'PUT',
        path: '/queue-assignments/{id}',
        errorResponses: { 409: '`version` is stale' },
        tags,
        summary: 'Change the team, notes or assigned-by of a queue assignment',
        description: STALE_VERSION_NOTE,
      },
    })
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
