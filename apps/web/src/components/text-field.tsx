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

interface NewPasswordFieldsProps<Values extends FieldValues> {
  form: UseFormReturn<Values>;
  /** The form's fields for the new password and its confirmation. */
  names: [password: FieldPath<Values>, confirmation: FieldPath<Values>];
  /** The inputs' ids, unique on the page. */
  ids: [password: string, confirmation: string];
  confirmLabel: string;
}

/** A new password and its confirmation: the pair both the one-time setup link and Change Password ask for. */
export function NewPasswordFields<Values extends FieldValues>({
  form,
  names,
  ids,
  confirmLabel,
}: NewPasswordFieldsProps<Values>) {
  return (
    <>
      <PasswordField
        label="New password"
        id={ids[0]}
        hint="At least 8 characters"
        {...registeredField(form, names[0])}
      />
      <PasswordField label={confirmLabel} id={ids[1]} {...registeredField(form, names[1])} />
    </>
  );
}
