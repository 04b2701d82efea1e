import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormCardProps {
  /** The card's heading, which also names the form for screen readers. */
  title: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** The form's fields. */
  children: ReactNode;
  /** Shown under the form inside the card, e.g. what the last submit produced. */
  footer?: ReactNode;
}

/** A card holding one form: title, fields and a submit button that spins while the form submits. */
export function FormCard({ title, submitLabel, onSubmit, submitting, children, footer }: FormCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label={title}>
          {children}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </form>
        {footer}
      </CardContent>
    </Card>
  );
}
