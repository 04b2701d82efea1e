import type { QboCustomerMatch } from '@phone-billing/api/schemas';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import { Spinner } from '@phone-billing/ui/spinner';
import { useState } from 'react';
import { errorMessage } from '../../../lib/trpc';
import { useFindQboCustomers } from '../api/find-qbo-customers';

/**
 * Find a QuickBooks customer by typing any part of its name, company or e-mail ("Amy", "surf@",
 * curly or straight apostrophes alike) and pick it: the form takes its QuickBooks fields.
 */
export function QboCustomerPicker({ onPick }: { onPick: (customer: QboCustomerMatch) => void }) {
  const [typed, setTyped] = useState('');
  const found = useFindQboCustomers(typed);
  const customers = found.data?.data ?? [];
  const searched = found.term.length >= 2 && found.term === typed.trim();
  const status = !searched
    ? null
    : found.isFetching
      ? 'Searching QuickBooks…'
      : found.error
        ? errorMessage(found.error, 'Failed to search QBO customers')
        : customers.length === 0
          ? `No QuickBooks customer matches "${found.term}"`
          : null;

  const pick = (customer: QboCustomerMatch) => {
    onPick(customer);
    setTyped('');
  };

  return (
    <div className="flex flex-col gap-2">
      <FormField
        label="Find QuickBooks customer"
        htmlFor="profile-qbo-find"
        hint="Type part of a name, company or e-mail, then pick the customer."
      >
        <Input
          id="profile-qbo-find"
          type="search"
          autoComplete="off"
          placeholder="e.g. Amy, Windsurf, surf@"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </FormField>
      {status ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          {found.isFetching ? <Spinner /> : null}
          {status}
        </p>
      ) : null}
      {searched && customers.length > 0 ? (
        <ul
          aria-label="QuickBooks customers found"
          className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
        >
          {customers.map((customer) => (
            <li key={customer.Id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-blue-50 focus:bg-blue-50 focus:outline-none"
                onClick={() => pick(customer)}
              >
                <span className="font-medium text-slate-900">{customer.DisplayName}</span>
                <span className="block text-xs text-slate-600">
                  {[
                    customer.CompanyName !== customer.DisplayName ? customer.CompanyName : null,
                    customer.PrimaryEmailAddr?.Address,
                    `Id ${customer.Id}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
