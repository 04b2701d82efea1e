import { ZRatePlanSchema, type TRatePlanInput, type TRatePlanView } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { useEffect, useState } from 'react';
import { useQuote, useRatePlan, useSaveRatePlan } from '../api/rate-plan';
import { FormSection } from './form-section';
import type { TChargeDraft } from './rate-plan-charge-fields';
import { RatePlanChargesTable } from './rate-plan-charges-table';
import { RatePlanExample } from './rate-plan-example';
import { TimeInput } from './time-input';
import { ratePlanProblemText } from '../utils/rate-plan-problems';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function draftOf(view: TRatePlanView): TRatePlanInput {
  return {
    charges: view.charges.map((charge) => ({ ...charge }) as TChargeDraft),
    minimumCharge: view.minimumCharge,
    businessHours: view.businessHours,
    effectiveFrom: null,
  };
}

/** The last whole calendar month before today, for the quote button. */
function lastMonth(): { startDate: string; endDate: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

/**
 * The profile form's "Rate plan" section: the charges, business hours, minimum, effective date, a
 * live example and a quote. A profile being added (no id yet) is told where its plan is set.
 */
export function RatePlanSection({ profileId }: { profileId: string | null }) {
  const saved = useRatePlan(profileId);
  const save = useSaveRatePlan();
  const quote = useQuote();
  const [draft, setDraft] = useState<TRatePlanInput | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(draftOf(saved.data.data));
  }, [saved.data]);
  if (profileId === null) {
    return (
      <FormSection title="Rate plan">
        <p className="text-sm text-slate-600">
          Billed by the rate, minimum and overage above. For chats, e-mails, after-hours premiums, per-call or monthly
          fees, create the profile, then edit it: its rate plan is set here.
        </p>
      </FormSection>
    );
  }
  if (!draft || !saved.data) return null;

  const parsed = ZRatePlanSchema.safeParse(draft);
  const problems = parsed.success ? [] : parsed.error.issues.map(ratePlanProblemText);
  const hours = draft.businessHours ?? { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };
  const setHours = (patch: Partial<typeof hours>) => setDraft({ ...draft, businessHours: { ...hours, ...patch } });
  const range = lastMonth();

  return (
    <FormSection title="Rate plan">
      {saved.data.data.source === 'profileFields' && (
        <p className="text-sm text-slate-600">
          Billed by the rate, minimum and overage above. Editing the charges below and saving makes it a full plan (the
          fields&apos; terms are already converted into it).
        </p>
      )}
      <RatePlanChargesTable
        charges={draft.charges as TChargeDraft[]}
        onChange={(charges) => setDraft({ ...draft, charges })}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <FormField label="Minimum charge per period" htmlFor="rate-plan-minimum">
          <Input
            id="rate-plan-minimum"
            value={String(draft.minimumCharge ?? '0')}
            onChange={(event) => setDraft({ ...draft, minimumCharge: event.target.value })}
          />
        </FormField>
        <FormField
          label="Effective from (a period start)"
          htmlFor="rate-plan-effective"
          hint="Blank: the first period with no invoice"
        >
          <Input
            id="rate-plan-effective"
            type="date"
            value={draft.effectiveFrom ?? ''}
            onChange={(event) => setDraft({ ...draft, effectiveFrom: event.target.value || null })}
          />
        </FormField>
        <FormField label="Business hours" htmlFor="rate-plan-from">
          <div className="flex items-center gap-1">
            <TimeInput
              id="rate-plan-from"
              label="Business hours from"
              value={hours.from}
              onChange={(from) => setHours({ from })}
            />
            <span>to</span>
            <TimeInput
              label="Business hours to"
              value={hours.to === '24:00' ? '23:59' : hours.to}
              onChange={(to) => setHours({ to })}
            />
          </div>
        </FormField>
      </div>
      <div className="flex flex-wrap gap-3 text-sm" aria-label="Business days">
        {DAYS.map((day, index) => (
          <label key={day} className="inline-flex items-center gap-1">
            <input
              type="checkbox"
              checked={(hours.days ?? []).includes(index + 1)}
              onChange={(event) =>
                setHours({
                  days: event.target.checked
                    ? [...(hours.days ?? []), index + 1]
                    : (hours.days ?? []).filter((other) => other !== index + 1),
                })
              }
            />
            {day}
          </label>
        ))}
      </div>
      {problems.length > 0 && (
        <Alert tone="error" title="This plan cannot be saved yet">
          <ul className="list-disc pl-4">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      <RatePlanExample plan={parsed.success ? parsed.data : null} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={!parsed.success}
          loading={save.isPending}
          onClick={() => save.mutate({ id: profileId, ratePlan: draft })}
        >
          Save rate plan
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={!parsed.success}
          loading={quote.isPending}
          onClick={() => quote.mutate({ customerProfileId: profileId, ratePlan: draft, ...range })}
        >
          What would this plan have cost?
        </Button>
      </div>
      {quote.data && (
        <div className="text-sm" role="status" aria-label="Quote">
          {quote.data.data.periods.map((period) => (
            <p key={period.start}>
              {period.start} – {period.end}: ${period.amount} under this plan
              {period.invoiced !== null ? ` (invoiced $${period.invoiced})` : ' (not invoiced)'}
              {period.notInPlan > 0 ? `; ${period.notInPlan} interactions in no charge` : ''}
            </p>
          ))}
          <p className="font-medium">Total: ${quote.data.data.amount}</p>
        </div>
      )}
    </FormSection>
  );
}
