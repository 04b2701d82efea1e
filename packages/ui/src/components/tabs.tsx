import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** Tab set root; pass `defaultValue` (uncontrolled) or `value` + `onValueChange` (controlled). */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('flex flex-col gap-4', className)} {...props} />;
}

/** The row of triggers; scrolls sideways on narrow screens instead of wrapping. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        // The baseline is an inset shadow, not a border, so the active trigger's underline can sit
        // on it without overflowing the scroll container (which would add a vertical scrollbar).
        'flex w-full items-center gap-1 overflow-x-auto shadow-[inset_0_-1px_0_0_var(--color-slate-200)]',
        className,
      )}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends ComponentProps<typeof TabsPrimitive.Trigger> {
  /** Shown in a small pill after the label, e.g. the number of unassigned queues. */
  count?: number;
}

export function TabsTrigger({ count, className, children, ...props }: TabsTriggerProps) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'group inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-500 transition-colors',
        'hover:border-slate-300 hover:text-slate-700',
        'focus-visible:rounded-t-md focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none',
        'disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:border-blue-600 data-[state=active]:text-blue-600',
        className,
      )}
      {...props}
    >
      {children}
      {count === undefined ? null : (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 group-data-[state=active]:bg-blue-100 group-data-[state=active]:text-blue-700">
          {count}
        </span>
      )}
    </TabsPrimitive.Trigger>
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('focus-visible:outline-none', className)} {...props} />;
}
