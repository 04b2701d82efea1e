import { Input, type InputProps } from '@phone-billing/ui/input';

export interface TimeInputProps extends Omit<InputProps, 'type' | 'value' | 'onChange' | 'aria-label'> {
  /** Its accessible name (these boxes sit in a sentence or a pair, without a label of their own). */
  label: string;
  /** 'HH:mm'. */
  value: string;
  onChange(time: string): void;
}

/** A wall-clock time box of the rate plan ('HH:mm'), reporting the time as text. */
export function TimeInput({ label, value, onChange, ...props }: TimeInputProps) {
  return (
    <Input type="time" aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} {...props} />
  );
}
