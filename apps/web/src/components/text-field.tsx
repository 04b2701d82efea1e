import { FormField } from '@phone-billing/ui/form-field';
import { Input, type InputProps } from '@phone-billing/ui/input';
import { forwardRef, type ReactNode } from 'react';
import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

export interface TextFieldProps extends Omit<InputProps, 'id' | 'className'> {
  label: ReactNode;
  /** The input's id; the label, hint and error are linked to it. */
  id: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Classes for the labelled column (layout), not the input. */
  className?: string;
}

/**
 * A labelled input with its hint and error: FormField around an Input, the pair every form writes.
 * Forwards its ref to the input so react-hook-form's `register` can be spread onto it.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, id, error, hint, required, className, ...inputProps },
  ref,
) {
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint} required={required} className={className}>
      <Input ref={ref} id={id} {...inputProps} />
    </FormField>
  );
});

/** A TextField for a password; autoComplete defaults to `new-password` (the browser offers to generate one). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function PasswordField(
  { autoComplete = 'new-password', ...props },
  ref,
) {
  return <TextField ref={ref} type="password" autoComplete={autoComplete} {...props} />;
});

/** One react-hook-form field's registration and its error message, to spread onto a TextField. */
export function registeredField<Values extends FieldValues>(form: UseFormReturn<Values>, name: FieldPath<Values>) {
  const error: { message?: unknown } | undefined = get(form.formState.errors, name);
  return { ...form.register(name), error: typeof error?.message === 'string' ? error.message : undefined };
}
