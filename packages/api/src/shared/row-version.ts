import { z } from 'zod';

/**
 * The `version` an update may carry (issue 24: no lost updates): the one it read. A stale one gets
 * a 409 naming who changed the record and when; without one, the last write wins (scripts).
 */
export const ZRowVersionSchema = z
  .number({ error: 'version must be a whole number (the version you read)' })
  .int('version must be a whole number (the version you read)')
  .min(1, 'version must be a whole number (the version you read)')
  .optional()
  .meta({
    description: 'The version read before editing; a stale one is refused with 409. Leave out for last-write-wins.',
  });
