import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface EmptyStateProps {
  /** An icon element, shown in a grey circle above the title. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A call to action, e.g. a 'Run First Job' button. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-12 text-center', className)}>
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
