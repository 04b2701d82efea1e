// The settings answer (its shape, ZSettingsSchema, and the update request live in shared/settings.ts).
import { ZSettingsSchema } from '../../shared/settings';
import { dataResponse } from '../common.types';

/** GET and PUT /settings both answer the settings as they now are. */
export const ZSettingsResponseSchema = dataResponse(ZSettingsSchema);
