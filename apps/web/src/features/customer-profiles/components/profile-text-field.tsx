import type { TCustomerProfileFormValues } from '@phone-billing/api/schemas';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import type { ProfileForm } from './profile-form-values';

interface ProfileTextFieldProps {
  form: ProfileForm;
  name: keyof TCustomerProfileFormValues;
  label: string;
  type?: string;
  placeholder?: string;
  required?: boolean;
  /** The keyboard a phone shows: 'decimal' for money, 'numeric' for whole quantities. */
  inputMode?: 'decimal' | 'numeric';
  hint?: string;
}

/** One text field of the profile form, its error under it (the shared schema's message). */
export function ProfileTextField({
  form,
  name,
  label,
  type = 'text',
  placeholder,
  required,
  inputMode,
  hint,
}: ProfileTextFieldProps) {
  const error = form.formState.errors[name]?.message;
  return (
    <FormField
      label={label}
      htmlFor={`profile-${name}`}
      error={typeof error === 'string' ? error : undefined}
      required={required}
      hint={hint}
    >
      <Input
        id={`profile-${name}`}
        type={type}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete={inputMode ? 'off' : undefined}
        {...form.register(name)}
      />
    </FormField>
  );
}

/** A plain field of the profile form: which value, and what the label says. */
export type PlainProfileField = Pick<ProfileTextFieldProps, 'name' | 'label' | 'type'>;

/** Plain text fields two to a row (one on a phone), in the order given. */
export function ProfileTextFieldGrid({ form, fields }: { form: ProfileForm; fields: readonly PlainProfileField[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {fields.map((field) => (
        <ProfileTextField key={field.name} form={form} {...field} />
      ))}
    </div>
  );
}
