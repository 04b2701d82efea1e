import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from '../lib/control-classes';

export type SelectProps = ComponentPropsWithoutRef<'select'>;

/** A native `<select>` styled like Input; pass `<option>`s as children. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ className, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn(
        controlClasses,
        // Draw our own chevron so the select looks the same in every browser.
        'h-10 cursor-pointer appearance-none bg-[length:1rem] bg-[position:right_0.625rem_center] bg-no-repeat py-2 pr-9',
        // Spaces and inner quotes are %-encoded: a space would split the class in two, and the source
        // text must equal the runtime class for Tailwind's scanner to generate it.
        "bg-[url('data:image/svg+xml,%3csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20fill=%22none%22%20viewBox=%220%200%2020%2020%22%3e%3cpath%20stroke=%22%2364748b%22%20stroke-linecap=%22round%22%20stroke-linejoin=%22round%22%20stroke-width=%221.5%22%20d=%22M6%208l4%204%204-4%22/%3e%3c/svg%3e')]",
        className,
      )}
      {...props}
    />
  );
});
