// The billing oracle's model's types (model.ts): the calls, profiles and periods it reasons about.
import type { Day, DayRange, PeriodRule } from './calendar';
import type { Terms } from './money';
import type { PlanInteraction } from './plan-model';

export type ModelCall = PlanInteraction & {
  conversationId: string;
  queue: string;
  /** When Genesys first reported it (a call reported after its day is late). */
  arrivedMs: number;
};

/** Where a profile's periods follow a zone and a rule, from an instant on. */
export type Segment = { fromMs: number; zone: string; rule: PeriodRule; firstDay: Day | null };

export type Span = { fromMs: number; toMs: number | null };

export type ModelProfile = {
  id: string;
  name: string;
  qboCustomerId: string;
  terms: Terms;
  rule: PeriodRule;
  billingStart: Day;
  billDate: number;
  billTime: string;
  queues: Set<string>;
  active: boolean;
  archived: boolean;
  activeSpans: Span[];
  queueSpans: Array<Span & { queue: string }>;
  segments: Segment[];
};

/** One period of a profile: its instants and the days its invoice lines name. */
export type ModelPeriod = {
  profileId: string;
  startMs: number;
  endMs: number;
  label: DayRange;
  zone: string;
  /** Days of the rule's whole period (the proration denominator). */
  ruleDays: number;
  /** Cut short by a timezone or period-rule change: whether it owes a whole or a prorated minimum is not settled by the design. */
  cutByChange: boolean;
};

export const periodKey = (period: ModelPeriod): string => `${period.profileId}@${period.startMs}`;
