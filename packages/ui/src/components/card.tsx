import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** A white, bordered surface that groups related content. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('rounded-lg border border-slate-200 bg-white text-slate-900 shadow-sm', className)} {...props} />
  );
}

/** Top strip of a card: title on the left, anything else (actions, badges) pushed right. */
export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-5 py-4', className)}
      {...props}
    />
  );
}

/** A card's heading: level 2, under the page's h1 in the header (heading order, issue 24). */
export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-base font-semibold text-slate-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-slate-500', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 py-4', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex items-center justify-end gap-2 border-t border-slate-100 px-5 py-3', className)}
      {...props}
    />
  );
}
