import { z } from 'zod';
import { ZRowVersionSchema } from './row-version';
import { optionalSafeText, recordId, requiredText, safeText, TEXT_LIMITS } from './text';

// Regions, teams and queue assignments (spec 001 §3–§5): the form schemas shared by the
// Region & Team Management modals (react-hook-form) and the server, and the answer shapes.

/** Optional free text: trimmed; blank becomes null. */
const optionalText = (
  label: string,
  max: number,
  tooLongMessage: string,
  kind: 'single-line' | 'multi-line' = 'single-line',
) => optionalSafeText({ label, max, tooLongMessage, kind });

/** A required id picked from a list; `message` is what the form shows when nothing is picked. */
const pickedId = (label: string, message: string) => recordId(label, message);

/** What a region and a team are both described by: a required name, a description and whether it is active. */
const organisationUnitFields = (noun: 'Region' | 'Team') => ({
  name: requiredText(`${noun} name`, 120),
  description: optionalText('Description', 1000, 'Description is too long', 'multi-line'),
  isActive: z.boolean().default(true),
});

/** What PUT adds to a form's body: which unit, at which version; an omitted isActive keeps the current value. */
const updateFields = (noun: 'Region' | 'Team') => ({
  id: pickedId(`${noun} id`, `No ${noun.toLowerCase()} selected`),
  version: ZRowVersionSchema,
  isActive: z.boolean().optional(),
});

export const ZRegionRequestSchema = z.object(organisationUnitFields('Region'));
export type TRegionForm = z.input<typeof ZRegionRequestSchema>;
export type TRegionFormValues = z.output<typeof ZRegionRequestSchema>;

/** PUT /regions/{id}. */
export const ZUpdateRegionRequestSchema = ZRegionRequestSchema.extend(updateFields('Region'));
export type TUpdateRegionRequest = z.input<typeof ZUpdateRegionRequestSchema>;

export const ZTeamRequestSchema = z.object({
  ...organisationUnitFields('Team'),
  regionId: pickedId('Region id', 'Please select a region'),
});
export type TTeamForm = z.input<typeof ZTeamRequestSchema>;
export type TTeamFormValues = z.output<typeof ZTeamRequestSchema>;

/** PUT /teams/{id}. */
export const ZUpdateTeamRequestSchema = ZTeamRequestSchema.extend(updateFields('Team'));
export type TUpdateTeamRequest = z.input<typeof ZUpdateTeamRequestSchema>;

/** POST /queue-assignments. assignedBy defaults to the signed-in user's name (or e-mail). */
export const ZAssignQueueRequestSchema = z.object({
  queueId: pickedId('Queue id', 'No queue selected'),
  queueName: safeText({ label: 'Queue name', max: 300, tooLongMessage: 'Queue name is too long' }).optional(),
  teamId: pickedId('Team id', 'Please select a team'),
  assignedBy: optionalText('Assigned by', TEXT_LIMITS.name, 'Assigned by is too long'),
  notes: optionalText('Notes', TEXT_LIMITS.note, 'Notes are too long', 'multi-line'),
});
export type TAssignQueueRequest = z.input<typeof ZAssignQueueRequestSchema>;

/** The assign and edit-assignment modals edit these fields. */
export const ZAssignmentFormSchema = z.object({
  teamId: pickedId('Team id', 'Please select a team'),
  assignedBy: optionalText('Assigned by', TEXT_LIMITS.name, 'Assigned by is too long'),
  notes: optionalText('Notes', TEXT_LIMITS.note, 'Notes are too long', 'multi-line'),
});
export type TAssignmentForm = z.input<typeof ZAssignmentFormSchema>;

/** PUT /queue-assignments/{id}. */
export const ZUpdateAssignmentRequestSchema = ZAssignmentFormSchema.extend({
  id: pickedId('Assignment id', 'No assignment selected'),
  version: ZRowVersionSchema,
});
export type TUpdateAssignmentRequest = z.input<typeof ZUpdateAssignmentRequestSchema>;

// ------------------------------------------------------------------ answers

export const ZQueueAssignmentSchema = z.object({
  id: z.string(),
  queueId: z.string(),
  queueName: z.string(),
  teamId: z.string(),
  assignedBy: z.string().nullable(),
  notes: z.string().nullable(),
  /** ISO-8601. */
  assignedAt: z.string(),
  /** Raised by every save; an update sending an older one is refused (409). */
  version: z.number().int(),
});
export type TQueueAssignment = z.infer<typeof ZQueueAssignmentSchema>;

export const ZTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  regionId: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
  region: z.object({ id: z.string(), name: z.string(), isActive: z.boolean() }),
  queueAssignments: z.array(ZQueueAssignmentSchema),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

export const ZRegionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
  teams: z.array(ZTeamSchema.omit({ region: true })),
});
export type TRegion = z.infer<typeof ZRegionSchema>;

export const ZQueueAssignmentWithTeamSchema = ZQueueAssignmentSchema.extend({
  team: z.object({
    id: z.string(),
    name: z.string(),
    isActive: z.boolean(),
    region: z.object({ id: z.string(), name: z.string() }),
  }),
  /** Whether Genesys still lists the queue; null when the Genesys queue list is not known. */
  inGenesys: z.boolean().nullable().optional(),
});
export type TQueueAssignmentWithTeam = z.infer<typeof ZQueueAssignmentWithTeamSchema>;

export const ZUnassignedQueueSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  divisionName: z.string().nullable(),
});
export type TUnassignedQueue = z.infer<typeof ZUnassignedQueueSchema>;
