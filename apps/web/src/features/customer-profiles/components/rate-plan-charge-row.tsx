import { Button } from '@phone-billing/ui/button';
import { Input } from '@phone-billing/ui/input';
import {
  ChargeMediaChoices,
  ChargeNumberInput,
  ChargePrice,
  ChargeSelect,
  DIRECTION_OPTIONS,
  TIME_BAND_OPTIONS,
  UNIT_OPTIONS,
  type ChargeFieldProps,
} from './rate-plan-charge-fields';
import { RatePlanTiersEditor } from './rate-plan-tiers-editor';

export const chargeCell = 'px-2 py-1 align-top';

/** One charge as a table row of fields, then its tiers' row when it is graduated. */
export function RatePlanChargeRow({
  charge,
  number,
  onChange,
  onMoveUp,
  onRemove,
}: ChargeFieldProps & { onMoveUp: () => void; onRemove: () => void }) {
  const minutes = charge.unit === 'minute';
  const periodFee = charge.unit === 'period';
  return (
    <>
      <tr className="border-t border-slate-100">
        <td className={chargeCell}>
          <Input
            aria-label={`Charge ${number} name`}
            value={charge.name}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </td>
        <td className={chargeCell}>
          <ChargeMediaChoices charge={charge} number={number} onChange={onChange} />
        </td>
        <td className={chargeCell}>
          <ChargeSelect
            label={`Charge ${number} direction`}
            value={charge.direction ?? 'any'}
            options={DIRECTION_OPTIONS}
            onChange={(direction) => onChange({ direction })}
          />
        </td>
        <td className={chargeCell}>
          <ChargeSelect
            label={`Charge ${number} time band`}
            value={charge.timeBand ?? 'any'}
            options={TIME_BAND_OPTIONS}
            onChange={(timeBand) => onChange({ timeBand })}
          />
        </td>
        <td className={chargeCell}>
          <ChargeSelect
            label={`Charge ${number} unit`}
            value={charge.unit}
            options={UNIT_OPTIONS}
            onChange={(unit) => onChange({ unit })}
          />
        </td>
        <td className={chargeCell}>
          <div className="flex gap-1">
            <ChargeNumberInput
              label={`Charge ${number} first increment`}
              className="w-16"
              value={charge.firstIncrementSeconds ?? 60}
              disabled={!minutes}
              onChange={(firstIncrementSeconds) => onChange({ firstIncrementSeconds })}
            />
            <ChargeNumberInput
              label={`Charge ${number} next increment`}
              className="w-16"
              value={charge.incrementSeconds ?? 60}
              disabled={!minutes}
              onChange={(incrementSeconds) => onChange({ incrementSeconds })}
            />
          </div>
        </td>
        <td className={chargeCell}>
          <ChargePrice charge={charge} number={number} onChange={onChange} />
        </td>
        <td className={chargeCell}>
          <ChargeNumberInput
            label={`Charge ${number} included units`}
            className="w-20"
            value={charge.includedUnits ?? 0}
            disabled={periodFee}
            onChange={(includedUnits) => onChange({ includedUnits })}
          />
        </td>
        <td className={chargeCell}>
          <input
            type="checkbox"
            aria-label={`Charge ${number} is priced on top`}
            checked={charge.additional ?? false}
            disabled={periodFee}
            onChange={(event) => onChange({ additional: event.target.checked })}
          />
        </td>
        <td className={chargeCell}>
          <div className="flex gap-1">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={number === 1}
              onClick={onMoveUp}
              aria-label={`Move charge ${number} up`}
            >
              ↑
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={onRemove}
              aria-label={`Remove charge ${number}`}
            >
              Remove
            </Button>
          </div>
        </td>
      </tr>
      {charge.tiers !== undefined && (
        <tr>
          <td className={chargeCell} colSpan={10}>
            <RatePlanTiersEditor charge={charge} number={number} onChange={onChange} />
          </td>
        </tr>
      )}
    </>
  );
}
