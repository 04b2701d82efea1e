import type { TCustomerProfileForm, TCustomerProfileFormInput } from '@phone-billing/api/schemas';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { Controller, type Control } from 'react-hook-form';
import { useQboTaxCodes } from '../api/get-qbo-tax-codes';

interface TaxCodeFieldProps {
  control: Control<TCustomerProfileFormInput, unknown, TCustomerProfileForm>;
  error: string | undefined;
  /** Asks QuickBooks only while the form is open. */
  open: boolean;
}

const ID = 'profile-taxCode';

/**
 * Tax Code: a picker of the connected QuickBooks company's codes ("No tax" where the company
 * allows lines without one); a code the profile holds that the company does not know stays
 * shown, marked, so saving says which codes are valid. Without a connection, free text that
 * billing checks once QuickBooks is connected.
 */
export function TaxCodeField({ control, error, open }: TaxCodeFieldProps) {
  const taxCodes = useQboTaxCodes(open);
  const company = taxCodes.data?.connected ? taxCodes.data : null;
  return (
    <Controller
      control={control}
      name="taxCode"
      render={({ field }) => {
        const value = String(field.value ?? '');
        if (!company) {
          return (
            <FormField
              label="Tax Code"
              htmlFor={ID}
              error={error}
              hint={
                taxCodes.isLoading
                  ? 'Reading the QuickBooks tax codes…'
                  : 'Connect QuickBooks to choose from its tax codes.'
              }
            >
              <Input id={ID} value={value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          );
        }
        const unknown = value !== '' && !company.data.some((code) => code.id === value);
        return (
          <FormField
            label="Tax Code"
            htmlFor={ID}
            error={error}
            hint={unknown ? `"${value}" is not a tax code of the connected QuickBooks company: choose one.` : undefined}
          >
            <Select
              id={ID}
              value={value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-invalid={unknown ? true : undefined}
            >
              {company.noTaxAllowed ? (
                <option value="">No tax</option>
              ) : (
                <option value="" disabled>
                  Choose a tax code
                </option>
              )}
              {unknown ? <option value={value}>{value} (not in QuickBooks)</option> : null}
              {company.data.map((code) => (
                <option key={code.id} value={code.id}>
                  {code.description && code.description !== code.name
                    ? `${code.name} — ${code.description}`
                    : code.name}
                </option>
              ))}
            </Select>
          </FormField>
        );
      }}
    />
  );
}
