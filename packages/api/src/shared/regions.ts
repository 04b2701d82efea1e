import { z } from 'zod';

// Regions, teams and queue assignments (spec 001 §3–§5): the form schemas shared by the
// Region & Team Management modals (react-hook-form) and the server, and the answer shapes.

/** Optional free text: trimmed; blank becomes null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** A required id picked from a list; `message` is what the form shows when nothing is picked. */
const pickedId = (message: string) => z.string({ error: message }).trim().min(1, message);

export const ZRegionFormSchema = z.object({
  name: z.string({ error: 'Region name is required' }).trim().min(1, 'Region name is required').max(120, 'Region name is too long'),
  description: optionalText(1000, 'Description is too long'),
  isActive: z.boolean().default(true),
});
export type TRegionForm = z.input<typeof ZRegionFormSchema>;
export type TRegionFormValues = z.output<typeof ZRegionFormSchema>;

/** PUT /regions/{id}: the same body; an omitted isActive keeps the current value. */
export const ZUpdateRegionRequestSchema = ZRegionFormSchema.extend({
  id: pickedId('No region selected'),
  isActive: z.boolean().optional(),
});
export type TUpdateRegionRequest = z.input<typeof ZUpdateRegionRequestSchema>;

export const ZTeamFormSchema = z.object({
  name: z.string({ error: 'Team name is required' }).trim().min(1, 'Team name is required').max(120, 'Team name is too long'),
  description: optionalText(1000, 'Description is too long'),
  regionId: pickedId('Please select a region'),
  isActive: z.boolean().default(true),
});
export type TTeamForm = z.input<typeof ZTeamFormSchema>;
export type TTeamFormValues = z.output<typeof ZTeamFormSchema>;

/** PUT /teams/{id}: the same body; an omitted isActive keeps the current value. */
export const ZUpdateTeamRequestSchema = ZTeamFormSchema.extend({
  id: pickedId('No team selected'),
  isActive: z.boolean().optional(),
});
export type TUpdateTeamRequest = z.input<typeof ZUpdateTeamRequestSchema>;

/** POST /queue-assignments. assignedBy defaults to the signed-in user's name (or e-mail). */
export const ZAssignQueueRequestSchema = z.object({
  queueId: pickedId('No queue selected'),
  queueName: z.string().trim().max(300, 'Queue name is too long').optional(),
  teamId: pickedId('Please select a team'),
  assignedBy: optionalText(200, 'Assigned by is too long'),
  notes: optionalText(2000, 'Notes are too long'),
});
export type TAssignQueueRequest = z.input<typeof ZAssignQueueRequestSchema>;

/** The assign and edit-assignment modals edit these fields. */
export const ZAssignmentFormSchema = z.object({
  teamId: pickedId('Please select a team'),
  assignedBy: optionalText(200, 'Assigned by is too long'),
  notes: optionalText(2000, 'Notes are too long'),
});
export type TAssignmentForm = z.input<typeof ZAssignmentFormSchema>;

/** PUT /queue-assignments/{id}. */
export const ZUpdateAssignmentRequestSchema = ZAssignmentFormSchema.extend({
  id: pickedId('No assignment selected'),
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
