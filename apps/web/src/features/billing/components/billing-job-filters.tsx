import { BILLING_JOB_STATUSES, billingJobStatusLabels, type BillingJobStatus } from '@phone-billing/api/schemas';
import { Card } from '@phone-billing/ui/card';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { Search } from 'lucide-react';

/** Search by job id and the status filter above the billing job list. */
export function BillingJobFilters({
  search,
  onSearchChange,
  status,
  onStatusChange,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  status: BillingJobStatus | '';
  onStatusChange: (status: BillingJobStatus | '') => void;
}) {
  return (
    <Card className="p-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            className="pl-9"
            placeholder="Search by job ID"
            aria-label="Search by job ID"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
        <Select
          aria-label="Status filter"
          className="sm:w-56"
          value={status}
          onChange={(event) => onStatusChange(event.target.value as BillingJobStatus | '')}
        >
          <option value="">All statuses</option>
          {BILLING_JOB_STATUSES.map((value) => (
            <option key={value} value={value}>
              {billingJobStatusLabels[value]}
            </option>
          ))}
        </Select>
      </div>
    </Card>
  );
}
