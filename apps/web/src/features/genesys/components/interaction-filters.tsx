import {
  CALL_MEDIA_TYPE_OPTIONS,
  type CallDirectionFilter,
  type CallMediaTypeFilter,
} from '@phone-billing/api/schemas';
import { Select } from '@phone-billing/ui/select';

/** Which interactions a tab shows: one media type and one direction, or all (the default, as the spec's screen). */
export type InteractionFilterValues = { mediaType: CallMediaTypeFilter; direction: CallDirectionFilter };
export const ALL_INTERACTIONS: InteractionFilterValues = { mediaType: 'all', direction: 'all' };

const DIRECTION_OPTIONS: Array<readonly [CallDirectionFilter, string]> = [
  ['all', 'All directions'],
  ['inbound', 'Inbound'],
  ['outbound', 'Outbound'],
];

/** The Media type and Direction selects shared by the Calls and Analytics tabs. */
export function InteractionFilterSelects<Filters extends InteractionFilterValues>({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  return (
    <>
      <FilterSelect
        label="Media type"
        value={filters.mediaType}
        onChange={(mediaType) => onChange({ ...filters, mediaType: mediaType as CallMediaTypeFilter })}
        options={CALL_MEDIA_TYPE_OPTIONS.map((option) => [option.value, option.label])}
      />
      <FilterSelect
        label="Direction"
        value={filters.direction}
        onChange={(direction) => onChange({ ...filters, direction: direction as CallDirectionFilter })}
        options={DIRECTION_OPTIONS}
      />
    </>
  );
}

export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<readonly [string, string]>;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <Select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full min-w-40 sm:w-56"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </label>
  );
}
