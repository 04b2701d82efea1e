import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

const toneClasses = {
  info: 'border-blue-200 bg-blue-50 text-blue-800 [&_[data-alert-icon]]:text-blue-500',
  warning: 'border-orange-200 bg-orange-50 text-orange-800 [&_[data-alert-icon]]:text-orange-500',
  error: 'border-red-200 bg-red-50 text-red-800 [&_[data-alert-icon]]:text-red-500',
  success: 'border-green-200 bg-green-50 text-green-800 [&_[data-alert-icon]]:text-green-500',
} as const;

export type AlertTone = keyof typeof toneClasses;

const toneIconPaths: Record<AlertTone, string> = {
  info: 'M10 9v5M10 6.5v.01M10 18a8 8 0 100-16 8 8 0 000 16z',
  warning:
    'M10 7.5v3.5M10 14v.01M8.6 3.2L2.2 14.5A1.6 1.6 0 003.6 17h12.8a1.6 1.6 0 001.4-2.5L11.4 3.2a1.6 1.6 0 00-2.8 0z',
  error: 'M10 6v4.5M10 13.5v.01M10 18a8 8 0 100-16 8 8 0 000 16z',
  success: 'M6.5 10.5l2.5 2.5 4.5-5M10 18a8 8 0 100-16 8 8 0 000 16z',
};

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
  /** Replaces the tone's default icon; pass `null` for none. */
  icon?: ReactNode;
  /** A button or link on the right, e.g. 'View unassigned queues'. */
  action?: ReactNode;
}

/**
 * A coloured banner for a message about the page, e.g. the orange 'queues unassigned' warning.
 * Errors and warnings are announced at once (`role="alert"`); info and success politely
 * (`role="status"`).
 */
export function Alert({ tone = 'info', title, icon, action, className, children, ...props }: AlertProps) {
  const shownIcon =
    icon === undefined ? (
      <svg
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-5"
      >
        <path d={toneIconPaths[tone]} />
      </svg>
    ) : (
      icon
    );

  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', toneClasses[tone], className)}
      {...props}
    >
      {shownIcon ? (
        <span data-alert-icon aria-hidden="true" className="mt-px shrink-0 [&_svg]:size-5">
          {shownIcon}
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cn(title ? 'mt-1' : undefined, 'opacity-90')}>{children}</div> : null}
      </div>
      {action ? <div className="shrink-0 self-center">{action}</div> : null}
    </div>
  );
}
