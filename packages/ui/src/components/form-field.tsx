import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface FormFieldProps {
  label: ReactNode;
  /** The id of the control inside; links the label to it and names the error and hint ids. */
  htmlFor: string;
  /** A validation message; shown in red and announced (`role="alert"`). */
  error?: string;
  /** Help text under the control, hidden while an error is shown. */
  hint?: ReactNode;
  /** Marks the label with an asterisk. Validation itself belongs to the form. */
  required?: boolean;
  className?: string;
  /** The control (Input, Select, Textarea...) with `id={htmlFor}`. */
  children: ReactNode;
}

type DescribableProps = { 'aria-describedby'?: string; 'aria-invalid'?: boolean | 'true' | 'false' };

/** The id FormField gives its error message, for controls that are not its direct child. */
export function fieldErrorId(htmlFor: string): string {
  return `${htmlFor}-error`;
}

/** The id FormField gives its hint, for controls that are not its direct child. */
export function fieldHintId(htmlFor: string): string {
  return `${htmlFor}-hint`;
}

/**
 * Label, control, hint and error in one column. When the control is the single direct child it
 * gets `aria-invalid` and `aria-describedby` pointing at the error or hint, so screen readers
 * read the message with the field and the control shows its invalid style.
 */
export function FormField({ label, htmlFor, error, hint, required = false, className, children }: FormFieldProps) {
  const errorId = fieldErrorId(htmlFor);
  const hintId = fieldHintId(htmlFor);
  const describedBy = error ? errorId : hint ? hintId : undefined;

  const control = isValidElement<DescribableProps>(children)
    ? cloneElement(children as ReactElement<DescribableProps>, {
        'aria-invalid': error ? true : children.props['aria-invalid'],
        'aria-describedby': [children.props['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined,
      })
    : children;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      {control}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
