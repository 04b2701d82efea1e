import { RATE_PLAN_MEDIA_TYPES, type TRatePlanInput } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { Fragment } from 'react';
import { RatePlanTiersEditor, tiersFromPrice } from './rate-plan-tiers-editor';

export type TChargeDraft = TRatePlanInput['charges'][number];

/** A new charge as the Add button starts it: voice minutes at 60/60. */
export const NEW_CHARGE: TChargeDraft = {
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

const cell = 'px-2 py-1 align-top';

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
              <th className={cell}>Name (invoice line)</th>
              <th className={cell}>Media</th>
              <th className={cell}>Direction</th>
              <th className={cell}>Time band</th>
              <th className={cell}>Unit</th>
              <th className={cell}>Increments (s)</th>
              <th className={cell}>Price</th>
              <th className={cell}>Included</th>
              <th className={cell}>On top</th>
              <th className={cell} aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {charges.map((charge, index) => (
              <Fragment key={index}>
                <tr className="border-t border-slate-100">
                  <td className={cell}>
                    <Input
                      aria-label={`Charge ${index + 1} name`}
                      value={charge.name}
                      onChange={(event) => update(index, { name: event.target.value })}
                    />
                  </td>
                  <td className={cell}>
                    <div className="flex flex-wrap gap-x-2 text-xs">
                      {RATE_PLAN_MEDIA_TYPES.map((media) => (
                        <label key={media} className="inline-flex items-center gap-1">
                          <input
                            type="checkbox"
                            aria-label={`Charge ${index + 1} counts ${media}`}
                            checked={(charge.media ?? []).includes(media)}
                            disabled={charge.unit === 'period'}
                            onChange={(event) =>
                              update(index, {
                                media: event.target.checked
                                  ? [...(charge.media ?? []), media]
                                  : (charge.media ?? []).filter((other) => other !== media),
                              })
                            }
                          />
                          {media}
                        </label>
                      ))}
                    </div>
                  </td>
                  <td className={cell}>
                    <Select
                      aria-label={`Charge ${index + 1} direction`}
                      value={charge.direction ?? 'any'}
                      onChange={(event) =>
                        update(index, { direction: event.target.value as TChargeDraft['direction'] })
                      }
                    >
                      <option value="any">Any</option>
                      <option value="inbound">Inbound</option>
                      <option value="outbound">Outbound</option>
                    </Select>
                  </td>
                  <td className={cell}>
                    <Select
                      aria-label={`Charge ${index + 1} time band`}
                      value={charge.timeBand ?? 'any'}
                      onChange={(event) => update(index, { timeBand: event.target.value as TChargeDraft['timeBand'] })}
                    >
                      <option value="any">Any time</option>
                      <option value="business">Business hours</option>
                      <option value="afterHours">After hours</option>
                    </Select>
                  </td>
                  <td className={cell}>
                    <Select
                      aria-label={`Charge ${index + 1} unit`}
                      value={charge.unit}
                      onChange={(event) => update(index, { unit: event.target.value as TChargeDraft['unit'] })}
                    >
                      <option value="minute">Per minute</option>
                      <option value="interaction">Per interaction</option>
                      <option value="period">Per period (flat fee)</option>
                    </Select>
                  </td>
                  <td className={cell}>
                    <div className="flex gap-1">
                      <Input
                        className="w-16"
                        type="number"
                        aria-label={`Charge ${index + 1} first increment`}
                        value={charge.firstIncrementSeconds ?? 60}
                        disabled={charge.unit !== 'minute'}
                        onChange={(event) => update(index, { firstIncrementSeconds: Number(event.target.value) })}
                      />
                      <Input
                        className="w-16"
                        type="number"
                        aria-label={`Charge ${index + 1} next increment`}
                        value={charge.incrementSeconds ?? 60}
                        disabled={charge.unit !== 'minute'}
                        onChange={(event) => update(index, { incrementSeconds: Number(event.target.value) })}
                      />
                    </div>
                  </td>
                  <td className={cell}>
                    {charge.tiers !== undefined ? (
                      <span className="text-xs text-slate-600">Tiers below</span>
                    ) : (
                      <div className="flex flex-col gap-1">
                        <Input
                          className="w-24"
                          aria-label={`Charge ${index + 1} price`}
                          value={String(charge.price ?? '')}
                          onChange={(event) => update(index, { price: event.target.value })}
                        />
                        {charge.unit !== 'period' && (
                          <button
                            type="button"
                            className="text-left text-xs text-blue-700 underline"
                            onClick={() => update(index, tiersFromPrice(charge))}
                            aria-label={`Use tiers for charge ${index + 1}`}
                          >
                            Use tiers
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                  <td className={cell}>
                    <Input
                      className="w-20"
                      type="number"
                      aria-label={`Charge ${index + 1} included units`}
                      value={charge.includedUnits ?? 0}
                      disabled={charge.unit === 'period'}
                      onChange={(event) => update(index, { includedUnits: Number(event.target.value) })}
                    />
                  </td>
                  <td className={cell}>
                    <input
                      type="checkbox"
                      aria-label={`Charge ${index + 1} is priced on top`}
                      checked={charge.additional ?? false}
                      disabled={charge.unit === 'period'}
                      onChange={(event) => update(index, { additional: event.target.checked })}
                    />
                  </td>
                  <td className={cell}>
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => move(index)}
                        aria-label={`Move charge ${index + 1} up`}
                      >
                        ↑
                      </Button>
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        onClick={() => onChange(charges.filter((_, at) => at !== index))}
                        aria-label={`Remove charge ${index + 1}`}
                      >
                        Remove
                      </Button>
                    </div>
                  </td>
                </tr>
                {charge.tiers !== undefined && (
                  <tr>
                    <td className={cell} colSpan={10}>
                      <RatePlanTiersEditor
                        charge={charge}
                        number={index + 1}
                        onChange={(patch) => update(index, patch)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
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
