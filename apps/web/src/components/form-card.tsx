import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export interface FormCardProps<Values extends FieldValues, Submitted> {
  /** The card's heading, which also names the form for screen readers. */
  title: string;
  submitLabel: string;
  form: UseFormReturn<Values, unknown, Submitted>;
  /**
   * Runs with the validated values. When it fails, the mutation's toast says why (its hook's
   * onError), and the form keeps what was typed.
   */
  onSubmit: (values: Submitted) => Promise<unknown>;
  /** The form's fields. */
  children: ReactNode;
  /** Shown under the form inside the card, e.g. what the last submit produced. */
  footer?: ReactNode;
}

/** A card holding one form: title, fields and a submit button that spins while the form submits. */
export function FormCard<Values extends FieldValues, Submitted>({
  title,
  submitLabel,
  form,
  onSubmit,
  children,
  footer,
}: FormCardProps<Values, Submitted>) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The hook's toast said why; the form keeps what was typed.
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate aria-label={title}>
          {children}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </form>
        {footer}
      </CardContent>
    </Card>
  );
}
