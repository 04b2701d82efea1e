/**
 * A profile and its rate plan saved together (spec/API.md "Rate plans": POST/PUT /customer-profiles
 * carry `ratePlan`, and every profile answered carries the plan in force for it). The plan is checked
 * before the profile's fields are written, so a refused plan leaves the profile as it was.
 */
import type { Database } from '@phone-billing/db';
import type { AuditActor } from '../auth/audit';
import {
  createProfile,
  toProfileDto,
  updateProfile,
  type CustomerProfileInput,
  type CustomerProfileUpdate,
} from '../customer-profiles';
import type { TRatePlan, TRatePlanView } from '../shared/rate-plan';
import { checkRatePlanStart, getProfileRatePlan, saveProfileRatePlan } from './profile-rate-plan';

/** What a save carries: the profile's fields and, when given, its plan (null: back to the spec's fields). */
type WithRatePlan<Input> = Input & { ratePlan?: TRatePlan | null };

/** A profile's terms and plan in the API's words, keys sorted and empty values dropped, to compare two plans. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) => {
    if (entry === null || entry === undefined) return undefined;
    if (typeof entry !== 'object' || Array.isArray(entry)) return entry;
    return Object.fromEntries(Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
  });
}

/**
 * Whether `plan` says nothing new: the same charges, minimum and hours as the plan in force (the
 * spec's fields' own plan included) from the same day or no day. A client that reads a profile and
 * sends it back unchanged must neither turn fields into a plan (their lines differ) nor be refused
 * for an effective date that has since been invoiced.
 */
function unchanged(plan: TRatePlan, current: TRatePlanView): boolean {
  const terms = ({ effectiveFrom: _effectiveFrom, source: _source, ...rest }: TRatePlan & { source?: string }) =>
    canonical(rest);
  const sameDay = plan.effectiveFrom === null || plan.effectiveFrom === current.effectiveFrom;
  return sameDay && terms(plan) === terms(current as unknown as TRatePlan);
}

/**
 * What of the plan a save carried is a change: undefined when it carried none, or the same terms as
 * the plan in force (null when that is already the spec's fields).
 */
async function planChange(
  db: Database,
  profileId: string,
  plan: TRatePlan | null | undefined,
): Promise<TRatePlan | null | undefined> {
  if (plan === undefined) return undefined;
  const current = await getProfileRatePlan(db, profileId);
  return (plan === null ? current.source === 'profileFields' : unchanged(plan, current)) ? undefined : plan;
}

async function planAfterSave(
  db: Database,
  profileId: string,
  change: TRatePlan | null | undefined,
  actor: AuditActor | null,
): Promise<TRatePlanView> {
  return change === undefined ? getProfileRatePlan(db, profileId) : saveProfileRatePlan(db, profileId, change, actor);
}

/** POST /customer-profiles: the profile, then its plan (checked first). Answers the profile with the plan in force. */
export async function createProfileWithRatePlan(
  db: Database,
  input: WithRatePlan<CustomerProfileInput>,
  actor: AuditActor | null,
) {
  const { ratePlan, ...fields } = input;
  await checkRatePlanStart(db, null, fields, ratePlan ?? null);
  const profile = await createProfile(db, fields, actor);
  return {
    ...toProfileDto(profile),
    ratePlan: await planAfterSave(db, profile.id, await planChange(db, profile.id, ratePlan), actor),
  };
}

/** PUT /customer-profiles/{id}: a changed plan is checked against the period rule being saved, then the fields are saved, then the plan. */
export async function updateProfileWithRatePlan(
  db: Database,
  id: string,
  input: WithRatePlan<CustomerProfileUpdate>,
  actor: AuditActor | null,
) {
  const { ratePlan, ...fields } = input;
  const change = await planChange(db, id, ratePlan);
  await checkRatePlanStart(db, id, fields, change ?? null);
  const profile = await updateProfile(db, id, fields, actor);
  return { ...toProfileDto(profile), ratePlan: await planAfterSave(db, profile.id, change, actor) };
}
