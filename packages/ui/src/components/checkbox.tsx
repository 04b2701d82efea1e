import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface CheckboxProps extends Omit<ComponentPropsWithoutRef<'input'>, 'type'> {
  /** The clickable label beside the box, e.g. 'Dry Run (no invoices created)'. */
  label: ReactNode;
  /** A smaller second line under the label. */
  description?: ReactNode;
}

/** A native checkbox wrapped in its label, so clicking the text toggles it. Forwards its ref. */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, description, className, disabled, ...props },
  ref,
) {
  return (
    <label
      className={cn(
        'inline-flex cursor-pointer items-start gap-2.5 text-sm text-slate-700',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <input
        ref={ref}
        type="checkbox"
        disabled={disabled}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed"
        {...props}
      />
      <span className="flex min-w-0 flex-col wrap-anywhere">
        <span className="font-medium">{label}</span>
        {description ? <span className="text-xs text-slate-500">{description}</span> : null}
      </span>
    </label>
  );
});
