import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export interface TableProps extends ComponentProps<'table'> {
  /** Classes for the bordered wrapper that scrolls sideways when the table is wider than the screen. */
  wrapperClassName?: string;
}

export function Table({ className, wrapperClassName, ...props }: TableProps) {
  const label = props['aria-label'];
  return (
    // The wrapper scrolls sideways on narrow screens, so keyboard users must be able to reach it.
    <div
      tabIndex={0}
      {...(label ? { role: 'region', 'aria-label': label } : {})}
      className={cn(
        'w-full overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none',
        wrapperClassName,
      )}
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-slate-200 bg-slate-50', className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('transition-colors hover:bg-slate-50/60', className)} {...props} />;
}

/** A column header; `scope="col"` by default so screen readers announce it with each cell. */
export function Th({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', className)} {...props} />;
}
