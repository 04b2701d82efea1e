import { z } from 'zod';
import { optionalSafeText, recordId, safeText, TEXT_LIMITS } from './text';

// Regions, teams and queue assignments (spec 001 §3–§5): the form schemas shared by the
// Region & Team Management modals (react-hook-form) and the server, and the answer shapes.

/** Optional free text: trimmed; blank becomes null. */
const optionalText = (label: string, max: number, tooLongMessage: string, kind: 'single-line' | 'multi-line' = 'single-line') =>
  optionalSafeText({ label, max, tooLongMessage, kind });

/** A required id picked from a list; `message` is what the form shows when nothing is picked. */
const pickedId = (label: string, message: string) => recordId(label, message);

export const ZRegionFormSchema = z.object({
  name: safeText({ label: 'Region name', max: 120, required: true, tooLongMessage: 'Region name is too long' }),
  description: optionalText('Description', 1000, 'Description is too long', 'multi-line'),
  isActive: z.boolean().default(true),
});
export type TRegionForm = z.input<typeof ZRegionFormSchema>;
export type TRegionFormValues = z.output<typeof ZRegionFormSchema>;

/** PUT /regions/{id}: the same body; an omitted isActive keeps the current value. */
export const ZUpdateRegionRequestSchema = ZRegionFormSchema.extend({
  id: pickedId('Region id', 'No region selected'),
  isActive: z.boolean().optional(),
});
export type TUpdateRegionRequest = z.input<typeof ZUpdateRegionRequestSchema>;

export const ZTeamFormSchema = z.object({
  name: safeText({ label: 'Team name', max: 120, required: true, tooLongMessage: 'Team name is too long' }),
  description: optionalText('Description', 1000, 'Description is too long', 'multi-line'),
  regionId: pickedId('Region id', 'Please select a region'),
  isActive: z.boolean().default(true),
});
export type TTeamForm = z.input<typeof ZTeamFormSchema>;
export type TTeamFormValues = z.output<typeof ZTeamFormSchema>;

/** PUT /teams/{id}: the same body; an omitted isActive keeps the current value. */
export const ZUpdateTeamRequestSchema = ZTeamFormSchema.extend({
  id: pickedId('Team id', 'No team selected'),
  isActive: z.boolean().optional(),
});
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
});
export type TQueueAssignment = z.infer<typeof ZQueueAssignmentSchema>;

export const ZTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  regionId: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
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
