import { describe, expect, it } from 'vitest';
import {
  ZAssignmentFormSchema,
  ZAssignQueueRequestSchema,
  ZRegionRequestSchema,
  ZTeamRequestSchema,
  ZUpdateAssignmentRequestSchema,
  ZUpdateRegionRequestSchema,
  ZUpdateTeamRequestSchema,
} from './regions';

// The region, team and assignment forms show exactly the messages of spec 001 §5.
function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('region and team form rules', () => {
  it('requires a region name and makes new regions active', () => {
    expect(messages(ZRegionRequestSchema.safeParse({ name: '  ' }))).toEqual(['Region name is required']);
    expect(messages(ZRegionRequestSchema.safeParse({}))).toEqual(['Region name is required']);
    expect(ZRegionRequestSchema.parse({ name: ' West ', description: '  ' })).toEqual({
      name: 'West',
      description: null,
      isActive: true,
    });
    expect(ZRegionRequestSchema.parse({ name: 'West', isActive: false }).isActive).toBe(false);
  });

  it('requires a team name and a region', () => {
    expect(messages(ZTeamRequestSchema.safeParse({ name: '', regionId: '' }))).toEqual([
      'Team name is required',
      'Please select a region',
    ]);
    expect(messages(ZTeamRequestSchema.safeParse({ name: 'Care' }))).toEqual(['Please select a region']);
    expect(ZTeamRequestSchema.parse({ name: 'Care', regionId: 'r1' })).toEqual({
      name: 'Care',
      description: null,
      regionId: 'r1',
      isActive: true,
    });
  });

  it('names what is missing on edits and assignments', () => {
    expect(messages(ZUpdateRegionRequestSchema.safeParse({ name: 'A' }))).toEqual(['No region selected']);
    expect(messages(ZUpdateTeamRequestSchema.safeParse({ name: 'A', regionId: 'r' }))).toEqual(['No team selected']);
    expect(messages(ZUpdateAssignmentRequestSchema.safeParse({ teamId: 't' }))).toEqual(['No assignment selected']);
    expect(messages(ZAssignQueueRequestSchema.safeParse({ teamId: 't' }))).toEqual(['No queue selected']);
    expect(messages(ZAssignmentFormSchema.safeParse({ teamId: '' }))).toEqual(['Please select a team']);
  });

  it('keeps isActive as it is when an edit leaves it out', () => {
    expect(ZUpdateRegionRequestSchema.parse({ id: 'r', name: 'A' }).isActive).toBeUndefined();
    expect(ZUpdateTeamRequestSchema.parse({ id: 't', name: 'A', regionId: 'r' }).isActive).toBeUndefined();
  });

  it('turns blank assigned-by and notes into nothing, so the server fills in the signed-in user', () => {
    expect(ZAssignmentFormSchema.parse({ teamId: 't', assignedBy: ' ', notes: '' })).toEqual({
      teamId: 't',
      assignedBy: null,
      notes: null,
    });
  });
});
