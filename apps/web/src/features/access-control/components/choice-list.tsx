import { Checkbox } from '@phone-billing/ui/checkbox';
import type { ReactNode } from 'react';

function toggled(list: string[], value: string, checked: boolean): string[] {
  return checked ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}

type Choice = { value: string; label: ReactNode; description?: ReactNode };

/** A fieldset of checkboxes whose ticked values form one list field (a user's roles, a role's permissions). */
export function ChoiceList({
  legend,
  className,
  choices,
  chosen,
  onChange,
}: {
  legend: string;
  className: string;
  choices: Choice[];
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={className}>
        {choices.map((choice) => (
          <Checkbox
            key={choice.value}
            label={choice.label}
            description={choice.description}
            checked={chosen.includes(choice.value)}
            onChange={(event) => onChange(toggled(chosen, choice.value, event.target.checked))}
          />
        ))}
      </div>
    </fieldset>
  );
}
