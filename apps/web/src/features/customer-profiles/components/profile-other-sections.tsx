import { Checkbox } from '@phone-billing/ui/checkbox';
import { FormField } from '@phone-billing/ui/form-field';
import { Textarea } from '@phone-billing/ui/textarea';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useQueueSuggestions } from '../api/get-queue-suggestions';
import { FormSection } from './form-section';
import { listErrorMessage, type ProfileForm } from './profile-form-values';
import { ProfileTextFieldGrid, type PlainProfileField } from './profile-text-field';
import { QueueNamesInput } from './queue-names-input';

/** The QuickBooks customer's billing address fields, in the order the form shows them. */
const QBO_ADDRESS_FIELDS: readonly PlainProfileField[] = [
  { name: 'qboLine1', label: 'Address Line 1' },
  { name: 'qboCity', label: 'City' },
  { name: 'qboCountrySubDivisionCode', label: 'State Code' },
  { name: 'qboPostalCode', label: 'Postal Code' },
  { name: 'qboCountry', label: 'Country' },
];

/** QuickBooks Address Information, Genesys Queue Names, Notes and Active: the rest of the profile form. */
export function ProfileOtherSections({ form }: { form: ProfileForm }) {
  const { errors } = form.formState;
  const suggestions = useQueueSuggestions();
  const knownNames = useMemo(
    () =>
      suggestions.data && suggestions.data.data.length > 0 ? suggestions.data.data.map((queue) => queue.name) : null,
    [suggestions.data],
  );
  return (
    <>
      <FormSection title="QuickBooks Address Information">
        <ProfileTextFieldGrid form={form} fields={QBO_ADDRESS_FIELDS} />
      </FormSection>

      <FormSection title="Genesys Queue Names">
        <FormField
          label="Queue names"
          htmlFor="profile-genesysQueueNames"
          error={listErrorMessage(errors.genesysQueueNames)}
          required
          hint="Calls of these Genesys queues are billed to this customer."
        >
          <Controller
            control={form.control}
            name="genesysQueueNames"
            render={({ field }) => (
              <QueueNamesInput
                id="profile-genesysQueueNames"
                value={(field.value as string[] | undefined) ?? []}
                onChange={(names) => field.onChange(names)}
                knownNames={knownNames}
                invalid={Boolean(errors.genesysQueueNames)}
              />
            )}
          />
        </FormField>
      </FormSection>

      <FormSection title="Notes">
        <FormField label="Notes" htmlFor="profile-notes" error={errors.notes?.message}>
          <Textarea id="profile-notes" rows={3} {...form.register('notes')} />
        </FormField>
      </FormSection>

      <Checkbox
        label="E-mail invoices automatically"
        description="QuickBooks e-mails each new invoice to the customer's e-mail right after it is created."
        {...form.register('emailInvoices')}
      />
      <Checkbox
        label="Review invoices before sending"
        description="This customer's invoices wait in Job Details until someone approves them (also when the organisation's setting is on)."
        {...form.register('reviewBeforeSending')}
      />
      <Checkbox
        label="Active"
        description="Inactive profiles are not billed and release their queues."
        {...form.register('isActive')}
      />
    </>
  );
}
