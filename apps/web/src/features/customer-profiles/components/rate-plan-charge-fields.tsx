import { RATE_PLAN_MEDIA_TYPES, type TRatePlanInput } from '@phone-billing/api/schemas';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { tiersFromPrice } from './rate-plan-tiers-editor';

export type TChargeDraft = TRatePlanInput['charges'][number];

export interface ChargeFieldProps {
  charge: TChargeDraft;
  /** Its place in the plan, from 1: names its fields for screen readers and tests. */
  number: number;
  onChange: (patch: Partial<TChargeDraft>) => void;
}

/** The choices of a charge's three lists, in the order shown. */
export const DIRECTION_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'inbound', label: 'Inbound' },
  { value: 'outbound', label: 'Outbound' },
] as const;
export const TIME_BAND_OPTIONS = [
  { value: 'any', label: 'Any time' },
  { value: 'business', label: 'Business hours' },
  { value: 'afterHours', label: 'After hours' },
] as const;
export const UNIT_OPTIONS = [
  { value: 'minute', label: 'Per minute' },
  { value: 'interaction', label: 'Per interaction' },
  { value: 'period', label: 'Per period (flat fee)' },
] as const;

/** A list of fixed choices in a charge's row. */
export function ChargeSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(event) => onChange(event.target.value as Value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

/** A whole number in a charge's row (increments, included units). */
export function ChargeNumberInput({
  label,
  className,
  value,
  disabled,
  onChange,
}: {
  label: string;
  className: string;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <Input
      className={className}
      type="number"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
    />
  );
}

/** Which media a charge counts; a period fee counts none. */
export function ChargeMediaChoices({ charge, number, onChange }: ChargeFieldProps) {
  const chosen = charge.media ?? [];
  return (
    <div className="flex flex-wrap gap-x-2 text-xs">
      {RATE_PLAN_MEDIA_TYPES.map((media) => (
        <label key={media} className="inline-flex items-center gap-1">
          <input
            type="checkbox"
            aria-label={`Charge ${number} counts ${media}`}
            checked={chosen.includes(media)}
            disabled={charge.unit === 'period'}
            onChange={(event) =>
              onChange({ media: event.target.checked ? [...chosen, media] : chosen.filter((other) => other !== media) })
            }
          />
          {media}
        </label>
      ))}
    </div>
  );
}

/** One price, with "Use tiers" to make it graduated; a tiered charge's tiers are edited in the row below. */
export function ChargePrice({ charge, number, onChange }: ChargeFieldProps) {
  if (charge.tiers !== undefined) return <span className="text-xs text-slate-600">Tiers below</span>;
  return (
    <div className="flex flex-col gap-1">
      <Input
        className="w-24"
        aria-label={`Charge ${number} price`}
        value={String(charge.price ?? '')}
        onChange={(event) => onChange({ price: event.target.value })}
      />
      {charge.unit !== 'period' && (
        <button
          type="button"
          className="text-left text-xs text-blue-700 underline"
          onClick={() => onChange(tiersFromPrice(charge))}
          aria-label={`Use tiers for charge ${number}`}
        >
          Use tiers
        </button>
      )}
    </div>
  );
}
