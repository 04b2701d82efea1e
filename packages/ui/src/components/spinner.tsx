import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

const spinnerSizes = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-[3px]',
} as const;

export type SpinnerSize = keyof typeof spinnerSizes;

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  size?: SpinnerSize;
  /** Read by screen readers; the spinner itself is purely visual. */
  label?: string;
}

/** A spinning ring that announces itself as a loading status. Inherits the text colour. */
export function Spinner({ size = 'md', label = 'Loading', className, ...props }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)} {...props}>
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-current border-r-transparent', spinnerSizes[size])}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export interface FullPageSpinnerProps {
  /** Shown under the spinner, e.g. 'Checking session...'. */
  label?: string;
  className?: string;
}

/** Centres a large spinner in the viewport, for route-level or session loading. */
export function FullPageSpinner({ label, className }: FullPageSpinnerProps) {
  return (
    <div
      className={cn(
        'flex min-h-screen w-full flex-col items-center justify-center gap-3 bg-slate-50 text-blue-600',
        className,
      )}
    >
      <Spinner size="lg" label={label ?? 'Loading'} />
      {label ? (
        <p aria-hidden="true" className="text-sm font-medium text-slate-600">
          {label}
        </p>
      ) : null}
    </div>
  );
}
