import { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type TInvoiceFilters } from '@phone-billing/api/schemas';
import { Card } from '@phone-billing/ui/card';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { useCustomerChoices } from '../api/get-invoices';

interface InvoiceFiltersProps {
  filters: TInvoiceFilters;
  onChange: (next: TInvoiceFilters) => void;
}

/** Status, customer, kind and period (invoices whose period overlaps from–to). */
export function InvoiceFilters({ filters, onChange }: InvoiceFiltersProps) {
  const customers = useCustomerChoices();
  const set = (patch: Partial<TInvoiceFilters>) => onChange({ ...filters, ...patch });
  return (
    <Card className="p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Select
          aria-label="Status filter"
          value={filters.status ?? ''}
          onChange={(event) => set({ status: (event.target.value || undefined) as TInvoiceFilters['status'] })}
        >
          <option value="">All statuses</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {INVOICE_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Customer filter"
          value={filters.customerProfileId ?? ''}
          onChange={(event) => set({ customerProfileId: event.target.value || undefined })}
        >
          <option value="">All customers</option>
          {(customers.data?.data ?? []).map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.qboDisplayName}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Kind filter"
          value={filters.kind ?? ''}
          onChange={(event) => set({ kind: (event.target.value || undefined) as TInvoiceFilters['kind'] })}
        >
          <option value="">Invoices and credit memos</option>
          <option value="INVOICE">Invoices</option>
          <option value="CREDIT_MEMO">Credit memos</option>
        </Select>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span className="whitespace-nowrap">Period from</span>
          <Input
            type="date"
            aria-label="Period from"
            value={filters.from ?? ''}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span className="whitespace-nowrap">to</span>
          <Input
            type="date"
            aria-label="Period to"
            value={filters.to ?? ''}
            onChange={(event) => set({ to: event.target.value || undefined })}
          />
        </label>
      </div>
    </Card>
  );
}
