import type { TRatePlanInput } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Input } from '@phone-billing/ui/input';

type TChargeDraft = TRatePlanInput['charges'][number];
type TTierDraft = NonNullable<TChargeDraft['tiers']>[number];

/** How far a tier added before the open-ended one reaches beyond the one before it, to start with. */
const NEW_TIER_SPAN = 100;

/** A charge at one price becomes graduated: one open-ended tier at that price, to split from there. */
export function tiersFromPrice(charge: TChargeDraft): Partial<TChargeDraft> {
  return { price: undefined, tiers: [{ upTo: null, price: String(charge.price ?? '0.10') }] };
}

/** Graduated tiers as rows a clerk edits: "up to" (blank for the last: no limit) and a price, added and removed in place. */
export function RatePlanTiersEditor({
  charge,
  number,
  onChange,
}: {
  charge: TChargeDraft;
  number: number;
  onChange: (patch: Partial<TChargeDraft>) => void;
}) {
  const tiers = charge.tiers ?? [];
  const unit = charge.unit === 'minute' ? 'minutes' : 'interactions';
  const setTiers = (next: TTierDraft[]) => onChange({ tiers: next });
  const updateTier = (index: number, patch: Partial<TTierDraft>) =>
    setTiers(tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)));

  // The new tier goes before the open-ended one, which keeps having no limit.
  const addTier = () => {
    const last = tiers[tiers.length - 1] ?? { upTo: null, price: '0.10' };
    const reached = tiers.length > 1 ? (tiers[tiers.length - 2]!.upTo ?? 0) : 0;
    setTiers([...tiers.slice(0, -1), { upTo: reached + NEW_TIER_SPAN, price: last.price }, { ...last, upTo: null }]);
  };
  // Removing the open-ended tier makes the one before it open-ended.
  const removeTier = (index: number) => {
    const next = tiers.filter((_, at) => at !== index);
    if (index === tiers.length - 1 && next.length > 0)
      next[next.length - 1] = { ...next[next.length - 1]!, upTo: null };
    setTiers(next);
  };

  return (
    <div
      className="flex flex-col gap-1 rounded-md border border-slate-200 p-2 text-xs"
      role="group"
      aria-label={`Charge ${number} tiers`}
    >
      <p className="text-slate-600">
        Graduated: each tier prices the {unit} of a period up to its limit; the last tier has no limit.
      </p>
      {tiers.map((tier, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <span className="w-12">Tier {index + 1}</span>
          <label className="inline-flex items-center gap-1">
            up to
            <Input
              className="w-24"
              type="number"
              aria-label={`Charge ${number} tier ${index + 1} up to`}
              placeholder="no limit"
              value={tier.upTo ?? ''}
              onChange={(event) =>
                updateTier(index, { upTo: event.target.value === '' ? null : Number(event.target.value) })
              }
            />
            {unit}
          </label>
          <label className="inline-flex items-center gap-1">
            at $
            <Input
              className="w-24"
              aria-label={`Charge ${number} tier ${index + 1} price`}
              value={String(tier.price)}
              onChange={(event) => updateTier(index, { price: event.target.value })}
            />
          </label>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => removeTier(index)}
            disabled={tiers.length === 1}
            aria-label={`Remove tier ${index + 1} of charge ${number}`}
          >
            Remove
          </Button>
        </div>
      ))}
      <div className="flex gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={addTier}
          aria-label={`Add tier to charge ${number}`}
        >
          Add tier
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onChange({ tiers: undefined, price: String(tiers[0]?.price ?? '0.10') })}
          aria-label={`Use one price for charge ${number}`}
        >
          Use one price
        </Button>
      </div>
    </div>
  );
}
