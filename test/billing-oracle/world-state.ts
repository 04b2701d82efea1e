// The billing oracle's world as it stands (world.ts): its clients and simulators, the simulated
// clock, the oracle's model and memory; the profiles a clerk sets up and the calls Genesys reports.
import type { PgBoss } from 'pg-boss';
import type { AuthUser } from '@phone-billing/api';
import type { GenesysSimulator } from '@phone-billing/integrations/genesys/simulator';
import type { QboSimulator } from '@phone-billing/integrations/qbo/simulator';
import type { TestApi } from '../caller';
import { createProfile, updateProfile } from '../../packages/api/src/customer-profiles/profiles';
import { updateSettings } from '../../packages/api/src/settings/settings';
import {
  ZCustomerProfileFormSchema,
  type TCustomerProfileFormInput,
} from '../../packages/api/src/shared/customer-profile';
import { ZRatePlanSchema } from '../../packages/api/src/shared/rate-plan';
import { saveProfileRatePlan } from '../../packages/api/src/rate-plans/profile-rate-plan';
import { addDays, dayIn, rulePeriodHolding, startOfDay, type PeriodRule } from './calendar';
import { BillingModel } from './model';
import type { Plan } from './plan-model';
import { interactionTraits, ratePlanInput } from './plan-world';
import type { QuickBooksFront, QuickBooksMemory } from './quickbooks-side';
import { timed } from './timing';
import { DAY_MS, type WorldMemory, type WorldSeed } from './world-types';

export class WorldState {
  model: BillingModel;
  nowMs: number;
  readonly log: string[] = [];
  readonly forms = new Map<string, TCustomerProfileFormInput>();
  readonly memory: WorldMemory = {
    jobTerms: new Map(),
    releasedInvoices: new Set(),
    releasedCalls: new Map(),
    releasedWhileRunning: new Set(),
    disturbed: new Map(),
    mustBill: new Map(),
    deletedProfiles: new Set(),
    callsOfInvoice: new Map(),
    ratedMs: new Map(),
    ratedTerms: new Map(),
  };
  /** QuickBooks ids of invoices a person renumbered (their DocNumbers are the person's). */
  readonly renumbered = new Set<string>();
  killSwitch = false;
  private readonly seedText: string;

  protected constructor(
    readonly api: TestApi,
    readonly boss: PgBoss,
    readonly qbo: QboSimulator,
    readonly front: QuickBooksFront,
    readonly quickBooks: QuickBooksMemory,
    readonly genesys: GenesysSimulator,
    readonly admin: AuthUser,
    readonly queues: string[],
    private readonly closers: Array<() => Promise<void>>,
    seed: WorldSeed,
    startMs: number,
  ) {
    this.nowMs = startMs;
    this.model = new BillingModel(seed.zone, seed.incrementSeconds);
    this.seedText = seed.seed;
  }

  async close(): Promise<void> {
    for (const close of this.closers.reverse()) await timed('close', () => close().catch(() => undefined));
  }

  get now(): Date {
    return new Date(this.nowMs);
  }

  get services() {
    return this.api.services;
  }

  get db() {
    return this.api.db;
  }

  // ------------------------------------------------------------------ profiles

  protected async createProfiles(seed: WorldSeed): Promise<void> {
    let nextQueue = 0;
    for (const [index, profile] of seed.profiles.entries()) {
      const owned = this.queues.slice(nextQueue, nextQueue + profile.queueCount);
      nextQueue += profile.queueCount;
      if (owned.length === 0) continue;
      const day = dayIn(this.nowMs + profile.billingStartOffsetDays * DAY_MS, seed.zone);
      const billingStart = seed.wholePeriods ? rulePeriodHolding(profile.rule, day)!.start : day;
      const billDate = profile.billPromptly ? Math.min(28, profile.rule.start + 1) : profile.billDate;
      const form: TCustomerProfileFormInput = {
        genesysQueueNames: owned,
        qboDisplayName: `Oracle Customer ${index + 1}`,
        qboCustomerId: String(index + 1),
        isActive: true,
        ratePerMinute: profile.terms.ratePerMinute,
        overageRatePerMinute: profile.terms.overageRatePerMinute,
        minimumMinutes: profile.terms.minimumMinutes,
        billDate,
        billTime: profile.billTime,
        billingPeriodStart: profile.rule.start,
        billingPeriodEnd: profile.rule.end,
        billingStartDate: billingStart,
      };
      const created = await createProfile(this.db, ZCustomerProfileFormSchema.parse(form), null, this.now);
      this.forms.set(created.id, form);
      if (profile.plan) await this.setRatePlan(created.id, profile.plan, billingStart, profile.rule);
      this.model.addProfile(
        {
          id: created.id,
          name: form.qboDisplayName,
          qboCustomerId: String(index + 1),
          terms: { ...profile.terms, ...(profile.plan ? { plan: profile.plan } : {}) },
          rule: profile.rule,
          billingStart,
          billDate,
          billTime: profile.billTime,
          queues: new Set(owned),
        },
        this.nowMs,
      );
    }
  }

  /**
   * Sets a profile's rate plan as a clerk would (PUT /customer-profiles/{id}/rate-plan), from a
   * period start two years before its billing start: every period the profile can bill is under it,
   * whatever period rule or billing start the sequence gives it later.
   */
  async setRatePlan(profileId: string, plan: Plan, billingStart: string, rule: PeriodRule): Promise<void> {
    const effectiveFrom = rulePeriodHolding(rule, addDays(billingStart, -730))!.start;
    const input = ZRatePlanSchema.parse({ ...ratePlanInput(plan), effectiveFrom });
    await saveProfileRatePlan(this.db, profileId, input, null, { now: this.now });
  }

  /** Saves a profile's form as a clerk would (the product validates it); throws what the product refuses. */
  async saveProfile(profileId: string, change: Partial<TCustomerProfileFormInput>): Promise<void> {
    const form = { ...this.forms.get(profileId)!, ...change };
    await updateProfile(this.db, profileId, ZCustomerProfileFormSchema.parse(form), null, this.now);
    this.forms.set(profileId, form);
  }

  /**
   * The app records a profile becoming active or inactive with the database's clock (a trigger);
   * in this world that change happened at the simulated now, so its row says so.
   */
  async stampActivity(profileId: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE profile_activity_changes SET "at" = ${this.now.toISOString().replace('Z', '')}::timestamp
      WHERE id = (SELECT max(id) FROM profile_activity_changes WHERE "profileId" = ${profileId}::uuid)`;
  }

  async setTimezone(zone: string): Promise<void> {
    await updateSettings(this.db, this.admin, { timezone: zone }, this.services.config, this.now);
  }

  async setKillSwitch(enabled: boolean): Promise<void> {
    this.killSwitch = enabled;
    await updateSettings(
      this.db,
      this.admin,
      { killSwitch: { enabled, reason: enabled ? 'oracle: the rate is wrong' : null } },
      this.services.config,
      this.now,
    );
  }

  // ------------------------------------------------------------------ calls

  /** Genesys reports a conversation from now on (late when its day has passed; in progress until it ends). */
  addCall(queue: string, startMs: number, durationSeconds: number, mediaType: 'voice' | 'chat'): void {
    // A non-voice one may be any media type; direction and metrics vary too (plan-world.ts).
    const traits = interactionTraits(this.seedText, this.model.calls.length, durationSeconds, mediaType === 'voice');
    const created = this.genesys.addConversation({
      queueName: queue,
      startTime: new Date(startMs),
      durationSeconds,
      mediaType: traits.mediaType,
      direction: traits.direction,
      metrics: { talkSeconds: traits.talkSeconds, holdSeconds: traits.holdSeconds, acwSeconds: traits.acwSeconds },
    });
    this.model.addCall({
      conversationId: created.conversationId,
      queue,
      startMs: Date.parse(created.startTime),
      durationSeconds,
      ...traits,
      arrivedMs: this.nowMs,
    });
  }

  /** Where today began in the company zone. */
  todayStartMs(): number {
    return startOfDay(dayIn(this.nowMs, this.model.zone), this.model.zone);
  }
}
