import { qboFieldsToFill, type QboCustomerMatch, type TCustomerProfileFormInput } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Button } from '@phone-billing/ui/button';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Link2, Search } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchQboCustomer } from '../api/search-qbo-customer';
import { FormSection } from './form-section';
import { ProfileTextField, ProfileTextFieldGrid, type PlainProfileField } from './profile-text-field';
import { QboCustomerPicker } from './qbo-customer-picker';
import type { ProfileForm } from './profile-form-values';

/** The QuickBooks customer's contact fields, in the order the form shows them. */
const QBO_CONTACT_FIELDS: readonly PlainProfileField[] = [
  { name: 'qboCompanyName', label: 'Company Name' },
  { name: 'qboPrimaryEmailAddr', label: 'Email', type: 'email' },
  { name: 'qboPrimaryPhone', label: 'Phone' },
  { name: 'qboTitle', label: 'Title' },
  { name: 'qboGivenName', label: 'First Name' },
  { name: 'qboMiddleName', label: 'Middle Name' },
  { name: 'qboFamilyName', label: 'Last Name' },
  { name: 'qboSuffix', label: 'Suffix' },
];

/**
 * Basic Information: the QuickBooks display name with its customer search, the customer id that
 * 'Connect to This Customer' sets, and the contact fields.
 */
export function ProfileBasicSection({
  form,
  onConnect,
}: {
  form: ProfileForm;
  onConnect: (customer: QboCustomerMatch) => void;
}) {
  const searchQboCustomer = useSearchQboCustomer();
  const [found, setFound] = useState<QboCustomerMatch | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async () => {
    const displayName = (form.getValues('qboDisplayName') ?? '').trim();
    setFound(null);
    if (!displayName) {
      toast.error('Please enter a display name to search for');
      return;
    }
    setSearching(true);
    try {
      const outcome = await searchQboCustomer(displayName);
      if (outcome.kind === 'found') {
        setFound(outcome.customer);
        toast.success(`Found QBO customer: ${outcome.customer.DisplayName}`);
      } else if (outcome.kind === 'not-found') {
        toast.error('No QBO customer found with that display name');
      } else {
        toast.error(outcome.message);
      }
    } finally {
      setSearching(false);
    }
  };

  /** Copies the customer's QuickBooks fields: only into blank fields on Connect, all of them on a pick. */
  const fillFrom = (customer: QboCustomerMatch, keepTyped: boolean) => {
    const current = keepTyped ? (form.getValues() as unknown as Record<string, string | null | undefined>) : {};
    for (const [field, value] of Object.entries(qboFieldsToFill(current, customer))) {
      form.setValue(field as keyof TCustomerProfileFormInput, value, {
        shouldDirty: true,
        shouldValidate: field === 'qboDisplayName',
      });
    }
    onConnect(customer);
  };

  const connect = () => {
    if (!found) return;
    fillFrom(found, true);
    setFound(null);
  };

  return (
    <FormSection title="Basic Information">
      <QboCustomerPicker
        onPick={(customer) => {
          fillFrom(customer, false);
          toast.success(`Connected to QBO customer: ${customer.DisplayName}`);
        }}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <ProfileTextField
            form={form}
            name="qboDisplayName"
            label="QBO Display Name"
            required
            placeholder="e.g. Amy's Bird Sanctuary"
          />
          <div>
            <Button type="button" variant="outline" size="sm" onClick={search} loading={searching}>
              <Search className="h-4 w-4" aria-hidden /> Search QBO Customer ID
            </Button>
          </div>
        </div>
        <FormField
          label="QBO Customer ID"
          htmlFor="profile-qboCustomerId"
          hint="Set by connecting to a QuickBooks customer."
        >
          <Input id="profile-qboCustomerId" readOnly className="bg-slate-50" {...form.register('qboCustomerId')} />
        </FormField>
      </div>
      {found && (
        <Alert
          tone="success"
          title={`Found QBO customer: ${found.DisplayName}`}
          action={
            <Button type="button" size="sm" onClick={connect}>
              <Link2 className="h-4 w-4" aria-hidden /> Connect to This Customer
            </Button>
          }
        >
          Id {found.Id}
          {found.CompanyName ? ` · ${found.CompanyName}` : ''}
          {found.PrimaryEmailAddr?.Address ? ` · ${found.PrimaryEmailAddr.Address}` : ''}
        </Alert>
      )}
      <ProfileTextFieldGrid form={form} fields={QBO_CONTACT_FIELDS} />
    </FormSection>
  );
}
