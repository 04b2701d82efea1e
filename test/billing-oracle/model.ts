// The billing oracle's model: what DESIGN.md §4 says a profile owes, written as plain TypeScript
// over the world the property test generates (profiles, their terms and queues over time, the
// company timezone, calls and when Genesys reported them). It knows nothing of how the product
// stores or computes anything; the test tells it what QuickBooks holds where the design makes
// that matter (terms are fixed by a period's first created invoice; after a timezone or rule
// change the next period starts where the last billed one ended).
import {
  addDays,
  dayIn,
  daysBetween,
  nextBillInstant,
  rulePeriodHolding,
  startOfDay,
  type Day,
  type DayRange,
  type PeriodRule,
} from './calendar';
import { amountCents, billedSeconds, minimumInService, usageUnits, type Terms } from './money';
import { periodCentsUnderPlan, planBills } from './plan-model';
import type { ModelCall, ModelPeriod, ModelProfile, Segment, Span } from './model-types';

/** The real late-usage window (DESIGN.md §4: the last 35 days). */
export const LATE_USAGE_WINDOW_DAYS = 35;

export class BillingModel {
  readonly profiles = new Map<string, ModelProfile>();
  readonly calls: ModelCall[] = [];

  constructor(
    public zone: string,
    readonly incrementSeconds: number,
  ) {}

  addProfile(
    profile: Omit<ModelProfile, 'activeSpans' | 'queueSpans' | 'segments' | 'active' | 'archived'>,
    atMs: number,
  ): ModelProfile {
    const created: ModelProfile = {
      ...profile,
      active: true,
      archived: false,
      activeSpans: [{ fromMs: atMs, toMs: null }],
      queueSpans: [...profile.queues].map((queue) => ({ queue, fromMs: atMs, toMs: null })),
      segments: [{ fromMs: Number.NEGATIVE_INFINITY, zone: this.zone, rule: profile.rule, firstDay: null }],
    };
    // Usage before creation counts from the billing start: the profile held its queues then too.
    created.activeSpans[0]!.fromMs = Math.min(atMs, startOfDay(profile.billingStart, this.zone));
    for (const span of created.queueSpans) span.fromMs = created.activeSpans[0]!.fromMs;
    this.profiles.set(created.id, created);
    return created;
  }

  profile(id: string): ModelProfile {
    const found = this.profiles.get(id);
    if (!found) throw new Error(`model: no profile ${id}`);
    return found;
  }

  addCall(call: ModelCall): void {
    this.calls.push(call);
  }

  call(conversationId: string): ModelCall | undefined {
    return this.calls.find((candidate) => candidate.conversationId === conversationId);
  }

  // ------------------------------------------------------------------ what happens to profiles

  setActive(id: string, active: boolean, atMs: number): void {
    const profile = this.profile(id);
    if (profile.active === active) return;
    profile.active = active;
    if (active) profile.activeSpans.push({ fromMs: atMs, toMs: null });
    else profile.activeSpans[profile.activeSpans.length - 1]!.toMs = atMs;
  }

  archive(id: string, atMs: number): void {
    this.setActive(id, false, atMs);
    this.profile(id).archived = true;
  }

  /** A new billing start (set before the profile's first invoice): usage from that day on is billed. */
  setBillingStart(id: string, day: Day): void {
    const profile = this.profile(id);
    profile.billingStart = day;
    // The profile counts as holding its first queues from its billing start (see addProfile).
    const previous = profile.activeSpans[0]!.fromMs;
    const fromMs = Math.min(previous, startOfDay(day, profile.segments[0]!.zone));
    profile.activeSpans[0]!.fromMs = fromMs;
    for (const span of profile.queueSpans) if (span.fromMs === previous) span.fromMs = fromMs;
  }

  moveQueue(queue: string, toId: string | null, atMs: number): void {
    for (const profile of this.profiles.values()) {
      if (!profile.queues.has(queue) || profile.id === toId) continue;
      profile.queues.delete(queue);
      const open = profile.queueSpans.find((span) => span.queue === queue && span.toMs === null);
      if (open) open.toMs = atMs;
    }
    if (toId) {
      const target = this.profile(toId);
      if (!target.queues.has(queue)) {
        target.queues.add(queue);
        target.queueSpans.push({ queue, fromMs: atMs, toMs: null });
      }
    }
  }

  /**
   * A new zone or rule from here on (DESIGN.md §4 "Periods are instants"): the first period under it
   * starts at the instant the last billed period ended; never billed, the profile's periods all follow it.
   */
  changePeriods(id: string, change: { zone?: string; rule?: PeriodRule }, lastBilledEndMs: number | null): void {
    const profile = this.profile(id);
    const current = profile.segments[profile.segments.length - 1]!;
    const zone = change.zone ?? current.zone;
    const rule = change.rule ?? profile.rule;
    profile.rule = rule;
    if (lastBilledEndMs === null) {
      profile.segments = [{ fromMs: Number.NEGATIVE_INFINITY, zone, rule, firstDay: null }];
      return;
    }
    // The old zone names the first day after the last billed period; later segments replace earlier ones past it.
    const firstDay = dayIn(lastBilledEndMs, this.segmentAt(profile, lastBilledEndMs - 1).zone);
    profile.segments = profile.segments.filter((segment) => segment.fromMs < lastBilledEndMs);
    profile.segments.push({ fromMs: lastBilledEndMs, zone, rule, firstDay });
  }

  // ------------------------------------------------------------------ periods

  private segmentAt(profile: ModelProfile, ms: number): Segment {
    let found = profile.segments[0]!;
    for (const segment of profile.segments) if (segment.fromMs <= ms) found = segment;
    return found;
  }

  /** The period of `profileId` holding the instant `ms`. */
  periodAt(profileId: string, ms: number): ModelPeriod {
    const profile = this.profile(profileId);
    const segment = this.segmentAt(profile, ms);
    const make = (range: DayRange, startMs: number, label: DayRange, cut: boolean): ModelPeriod => ({
      profileId,
      startMs,
      endMs: startOfDay(addDays(range.end, 1), segment.zone),
      label,
      zone: segment.zone,
      ruleDays: daysBetween(range.start, range.end) + 1,
      cutByChange: cut,
    });
    if (segment.firstDay !== null) {
      const first = rulePeriodHolding(segment.rule, segment.firstDay)!;
      const firstEndMs = startOfDay(addDays(first.end, 1), segment.zone);
      if (ms < firstEndMs) {
        const label = { start: segment.firstDay > first.start ? segment.firstDay : first.start, end: first.end };
        return make(
          first,
          segment.fromMs,
          label,
          label.start !== first.start || startOfDay(first.start, segment.zone) !== segment.fromMs,
        );
      }
    }
    const range = rulePeriodHolding(segment.rule, dayIn(ms, segment.zone));
    if (!range)
      throw new Error(
        `model: the rule ${segment.rule.start}..${segment.rule.end} leaves ${dayIn(ms, segment.zone)} out`,
      );
    return make(range, startOfDay(range.start, segment.zone), range, false);
  }

  /** The period whose invoice lines name `day` (lines name their period's days, or days within it). */
  periodNaming(profileId: string, day: Day): ModelPeriod | null {
    const profile = this.profile(profileId);
    // Search the periods around noon of that day in every zone the profile's periods used.
    for (const segment of [...profile.segments].reverse()) {
      const period = this.periodAt(profileId, startOfDay(day, segment.zone) + 12 * 3_600_000);
      if (period.label.start <= day && day <= period.label.end) return period;
    }
    return null;
  }

  /** Periods of a profile from its billing start that ended by `endMs`, oldest first. */
  periodsEndedBy(profileId: string, endMs: number): ModelPeriod[] {
    const periods: ModelPeriod[] = [];
    let cursor = this.billingStartMs(profileId);
    for (let guard = 0; guard < 400; guard += 1) {
      const period = this.periodAt(profileId, cursor);
      if (period.endMs > endMs) break;
      periods.push(period);
      cursor = period.endMs;
    }
    return periods;
  }

  billingStartMs(profileId: string): number {
    const profile = this.profile(profileId);
    return startOfDay(profile.billingStart, profile.segments[0]!.zone);
  }

  // ------------------------------------------------------------------ what a period owes

  /** Days of the period in service: the fewest (active all day) and the most (active at some moment). */
  daysInService(period: ModelPeriod): { fewest: number; most: number } {
    const profile = this.profile(period.profileId);
    let fewest = 0;
    let most = 0;
    for (let day = period.label.start; day <= period.label.end; day = addDays(day, 1)) {
      if (day < profile.billingStart) continue;
      const from = Math.max(startOfDay(day, period.zone), period.startMs);
      const to = Math.min(startOfDay(addDays(day, 1), period.zone), period.endMs);
      const overlaps = profile.activeSpans.filter(
        (span) => span.fromMs < to && (span.toMs === null || span.toMs > from),
      );
      if (overlaps.length > 0) most += 1;
      if (overlaps.some((span) => span.fromMs <= from && (span.toMs === null || span.toMs >= to))) fewest += 1;
    }
    return { fewest, most };
  }

  /** Billed seconds of these calls at the company's increment. */
  billedSecondsOf(calls: ModelCall[]): number {
    return calls.reduce((sum, call) => sum + billedSeconds(call.durationSeconds, this.incrementSeconds), 0);
  }

  /**
   * What the period's live invoices must add up to, in cents, for the calls billed in it: every
   * amount the design allows (one, unless the terms or the days in service are open to reading).
   */
  owedCents(period: ModelPeriod, billed: ModelCall[], termsCandidates: Terms[]): Set<bigint> {
    const usage = usageUnits(this.billedSecondsOf(billed));
    const service = this.daysInService(period);
    const labelDays = daysBetween(period.label.start, period.label.end) + 1;
    const owed = new Set<bigint>();
    for (const terms of termsCandidates) {
      for (const days of new Set([service.fewest, service.most])) {
        if (terms.plan) {
          // Business hours in the zone the period was billed in, or the company's now (plan-model.ts).
          for (const zone of new Set([period.zone, this.zone]))
            for (const denominator of new Set([period.ruleDays, period.cutByChange ? labelDays : period.ruleDays]))
              for (const cents of periodCentsUnderPlan(terms.plan, billed, zone, { days, of: denominator }))
                owed.add(cents);
          continue;
        }
        const minimum = days === 0 ? 0 : minimumInService(terms.minimumMinutes, days, period.ruleDays);
        owed.add(amountCents(usage, terms, minimum));
        if (period.cutByChange)
          owed.add(amountCents(usage, terms, minimumInService(terms.minimumMinutes, days, labelDays)));
      }
    }
    return owed;
  }

  // ------------------------------------------------------------------ what a scheduled run must bill

  /** Whether the profile held `queue`, active, without a break over [fromMs, toMs]. */
  heldThroughout(profileId: string, queue: string, fromMs: number, toMs: number): boolean {
    const profile = this.profile(profileId);
    // Strictly after: a move or deactivation at the very instant of a run happened before the run (steps take no time).
    const covers = (span: Span) => span.fromMs <= fromMs && (span.toMs === null || span.toMs > toMs);
    return profile.activeSpans.some(covers) && profile.queueSpans.some((span) => span.queue === queue && covers(span));
  }

  /**
   * Calls a scheduled run of the profile (due at `dueMs`, run at `runMs`) must leave on a live
   * invoice (DESIGN.md §4 "Scheduled runs", "Released calls are unbilled calls"): voice calls that
   * ended and that Genesys reported before the run, billing at least a second, from the billing
   * start, in periods that ended by the day it fell due, on queues the profile held throughout. A
   * late call of an already billed period counts only inside the late-usage window (older days are
   * not pulled again); a released call counts at any age.
   */
  callsDueAt(
    profileId: string,
    run: { dueMs: number; runMs: number },
    context: { firstBilledMs: (period: ModelPeriod) => number | null; released: Set<string> },
  ): ModelCall[] {
    const zone = this.zone;
    const { runMs } = run;
    // What had ended when the run fell due (a run held by the kill switch happens later, for the same periods).
    const dayStartMs = startOfDay(dayIn(run.dueMs, zone), zone);
    const windowStart = addDays(dayIn(runMs, zone), -LATE_USAGE_WINDOW_DAYS);
    const billingStartMs = this.billingStartMs(profileId);
    return this.calls.filter((call) => {
      if (call.arrivedMs > runMs || call.startMs + call.durationSeconds * 1000 > runMs) return false;
      if (!this.mustBeBilled(profileId, call)) return false;
      if (call.startMs < billingStartMs || !this.heldThroughout(profileId, call.queue, call.startMs, runMs))
        return false;
      const period = this.periodAt(profileId, call.startMs);
      if (period.endMs > dayStartMs) return false;
      if (context.released.has(call.conversationId)) return true;
      const billedAt = context.firstBilledMs(period);
      const lateBeyondWindow =
        dayIn(call.startMs, zone) < windowStart && billedAt !== null && billedAt <= call.arrivedMs;
      return !lateBeyondWindow;
    });
  }

  /**
   * Whether the profile's terms bill this interaction: on the three fields, a voice call billing a
   * second (one billing none may end up on no invoice: a period owing nothing is settled without
   * one); under a plan, one a charge counts (as an interaction, or for a billed second) in the
   * company's zone now and in the zone of its period.
   */
  mustBeBilled(profileId: string, call: ModelCall): boolean {
    const plan = this.profile(profileId).terms.plan;
    if (!plan) return call.mediaType === 'voice' && billedSeconds(call.durationSeconds, this.incrementSeconds) > 0;
    const periodZone = this.periodAt(profileId, call.startMs).zone;
    return planBills(plan, call, this.zone) && planBills(plan, call, periodZone);
  }

  /** Whether the profile's terms could bill this interaction at all (a plan counting its media type). */
  mayBeBilled(profileId: string, call: ModelCall): boolean {
    const plan = this.profile(profileId).terms.plan;
    return plan ? true : call.mediaType === 'voice';
  }

  /** The profile's next scheduled run after `afterMs` (bill day clamped, bill time in the company zone). */
  nextRunAfter(profileId: string, afterMs: number): number {
    const profile = this.profile(profileId);
    return nextBillInstant({ billDate: profile.billDate, billTime: profile.billTime }, afterMs, this.zone);
  }
}
