import { permissionProcedure, protectedProcedure } from '../../procedures';
import { readSettings, updateSettings } from '../../settings/settings';
import { ZUpdateSettingsRequestSchema } from '../../shared/settings';
import { router } from '../../trpc';
import { STALE_VERSION_NOTE, ZNoInputRequestSchema } from '../common.types';
import { ZSettingsResponseSchema } from './settings.types';

export const settingsRouter = router({
  /** Every signed-in user may read the organisation settings. */
  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/settings', tags: ['settings'], summary: 'The organisation settings' } })
    .input(ZNoInputRequestSchema)
    .output(ZSettingsResponseSchema)
    .query(async ({ ctx }) => ({
      success: true as const,
      data: await readSettings(ctx.services.db, ctx.services.config),
    })),

  /** A partial update: fields not sent stay as they were. */
  update: permissionProcedure('settings:manage')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/settings',
        tags: ['settings'],
        summary: 'Change organisation settings (merged partial update)',
        errorResponses: { 409: '`version` is stale' },
        description: STALE_VERSION_NOTE,
      },
    })
    .input(ZUpdateSettingsRequestSchema)
    .output(ZSettingsResponseSchema)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      data: await updateSettings(ctx.services.db, ctx.user, input, ctx.services.config),
    })),
});
