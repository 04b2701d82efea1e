import { FormField } from '@phone-billing/ui/form-field';
import { Select, type SelectProps } from '@phone-billing/ui/select';
import { forwardRef, type ReactNode } from 'react';

export interface ParentUnitSelectProps extends Omit<SelectProps, 'id'> {
  id: string;
  /** What is chosen, capitalised for the label ('Region') and in lower case in the hints. */
  unit: 'Region' | 'Team';
  /** True when there is none to choose yet: the hint says to create one first. */
  noneYet: boolean;
  error?: string;
  /** The `<option>`s (or `<optgroup>`s) after the blank 'Select a …' one. */
  children: ReactNode;
}

/** The required choice of what a unit belongs to: a team's region, a queue's team. */
export const ParentUnitSelect = forwardRef<HTMLSelectElement, ParentUnitSelectProps>(function ParentUnitSelect(
  { id, unit, noneYet, error, children, ...selectProps },
  ref,
) {
  const noun = unit.toLowerCase();
  return (
    <FormField label={unit} htmlFor={id} error={error} hint={noneYet ? `Create a ${noun} first.` : undefined} required>
      <Select ref={ref} id={id} {...selectProps}>
        <option value="">Select a {noun}</option>
        {children}
      </Select>
    </FormField>
  );
});
