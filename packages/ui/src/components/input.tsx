import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../lib/cn';
import { controlClasses } from '../lib/control-classes';

export type InputProps = ComponentPropsWithoutRef<'input'>;

/** A text-like `<input>`; forwards its ref so react-hook-form's `register` works. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(controlClasses, 'h-10 py-2', className)} {...props} />;
});
