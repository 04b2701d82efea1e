import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from '../lib/control-classes';

export type SelectProps = ComponentPropsWithoutRef<'select'>;

/** A native `<select>` styled like Input; pass `<option>`s as children. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={cn(
        controlClasses,
        // Draw our own chevron so the select looks the same in every browser.
        'h-10 cursor-pointer appearance-none bg-[length:1rem] bg-[right_0.625rem_center] bg-no-repeat py-2 pr-9',
        // Spaces are %20-encoded: a literal space would split the Tailwind class in two.
        "bg-[url(\"data:image/svg+xml,%3csvg%20xmlns='http://www.w3.org/2000/svg'%20fill='none'%20viewBox='0%200%2020%2020'%3e%3cpath%20stroke='%2364748b'%20stroke-linecap='round'%20stroke-linejoin='round'%20stroke-width='1.5'%20d='M6%208l4%204%204-4'/%3e%3c/svg%3e\")]",
        className,
      )}
      {...props}
    />
  );
});
