import { Button } from '@phone-billing/ui/button';
import type { TChargeDraft } from './rate-plan-charge-fields';
import { chargeCell, RatePlanChargeRow } from './rate-plan-charge-row';

/** A new charge as the Add button starts it: voice minutes at 60/60. */
const NEW_CHARGE: TChargeDraft = {
  name: 'New charge',
  media: ['voice'],
  direction: 'any',
  timeBand: 'any',
  unit: 'minute',
  basis: 'duration',
  firstIncrementSeconds: 60,
  incrementSeconds: 60,
  price: '0.10',
  includedUnits: 0,
  additional: false,
};

/** The plan's charges as a table a clerk edits in place: add, change, move up, remove. */
export function RatePlanChargesTable({
  charges,
  onChange,
}: {
  charges: TChargeDraft[];
  onChange: (charges: TChargeDraft[]) => void;
}) {
  const update = (index: number, patch: Partial<TChargeDraft>) =>
    onChange(charges.map((charge, at) => (at === index ? { ...charge, ...patch } : charge)));
  const move = (index: number) =>
    onChange(
      charges.map((charge, at) => (at === index - 1 ? charges[index]! : at === index ? charges[index - 1]! : charge)),
    );
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" aria-label="Charges">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className={chargeCell}>Name (invoice line)</th>
              <th className={chargeCell}>Media</th>
              <th className={chargeCell}>Direction</th>
              <th className={chargeCell}>Time band</th>
              <th className={chargeCell}>Unit</th>
              <th className={chargeCell}>Increments (s)</th>
              <th className={chargeCell}>Price</th>
              <th className={chargeCell}>Included</th>
              <th className={chargeCell}>On top</th>
              <th className={chargeCell} aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {charges.map((charge, index) => (
              <RatePlanChargeRow
                key={index}
                charge={charge}
                number={index + 1}
                onChange={(patch) => update(index, patch)}
                onMoveUp={() => move(index)}
                onRemove={() => onChange(charges.filter((_, at) => at !== index))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => onChange([...charges, { ...NEW_CHARGE }])}>
          Add charge
        </Button>
      </div>
    </div>
  );
}
