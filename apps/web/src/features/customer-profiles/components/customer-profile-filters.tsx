import type { CompletenessBand, TCustomerProfileListQuery } from '@phone-billing/api/schemas';
import { Card, CardContent } from '@phone-billing/ui/card';
import { Input } from '@phone-billing/ui/input';
import { Select } from '@phone-billing/ui/select';
import { useQueueSuggestions } from '../api/get-queue-suggestions';

type YesNo = '' | 'true' | 'false';
/** The Status filter: active or inactive among current profiles, or the archived ones (hidden otherwise). */
type StatusFilter = YesNo | 'archived';

/** What the clerk chose above the list; '' is "any". */
export interface CustomerProfileFilterValues {
  /** As typed: the list asks with it trimmed, once typing pauses. */
  searchText: string;
  status: StatusFilter;
  hasQbo: YesNo;
  hasQueues: YesNo;
  queueName: string;
  completeness: '' | CompletenessBand;
}

export const NO_PROFILE_FILTERS: CustomerProfileFilterValues = {
  searchText: '',
  status: '',
  hasQbo: '',
  hasQueues: '',
  queueName: '',
  completeness: '',
};

interface CustomerProfileFiltersProps {
  value: CustomerProfileFilterValues;
  onChange: (next: CustomerProfileFilterValues) => void;
}

/** The search box and the five filters of the profile list (spec 001 §2). */
export function CustomerProfileFilters({ value, onChange }: CustomerProfileFiltersProps) {
  const suggestions = useQueueSuggestions();
  const set = <K extends keyof CustomerProfileFilterValues>(key: K, next: CustomerProfileFilterValues[K]) =>
    onChange({ ...value, [key]: next });

  return (
    <Card>
      <CardContent className="grid gap-3 pt-6 md:grid-cols-3 xl:grid-cols-6">
        <Input
          aria-label="Search customer profiles"
          placeholder="Search name, email or queue"
          value={value.searchText}
          onChange={(event) => set('searchText', event.target.value)}
          className="lg:col-span-1"
        />
        <Select
          aria-label="Status filter"
          value={value.status}
          onChange={(event) => set('status', event.target.value as StatusFilter)}
        >
          <option value="">All statuses</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
          <option value="archived">Archived</option>
        </Select>
        <Select
          aria-label="QBO mapping filter"
          value={value.hasQbo}
          onChange={(event) => set('hasQbo', event.target.value as YesNo)}
        >
          <option value="">Any QBO mapping</option>
          <option value="true">Mapped to QBO</option>
          <option value="false">No QBO mapping</option>
        </Select>
        <Select
          aria-label="Queues filter"
          value={value.hasQueues}
          onChange={(event) => set('hasQueues', event.target.value as YesNo)}
        >
          <option value="">Any queues</option>
          <option value="true">With queues</option>
          <option value="false">Without queues</option>
        </Select>
        <Select
          aria-label="Queue name filter"
          value={value.queueName}
          onChange={(event) => set('queueName', event.target.value)}
        >
          <option value="">All queues</option>
          {(suggestions.data?.data ?? []).map((queue) => (
            <option key={queue.id} value={queue.name}>
              {queue.name}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Completeness filter"
          value={value.completeness}
          onChange={(event) => set('completeness', event.target.value as '' | CompletenessBand)}
        >
          <option value="">Any completeness</option>
          <option value="complete">Complete (80%+)</option>
          <option value="partial">Partial (40-79%)</option>
          <option value="minimal">Minimal (under 40%)</option>
        </Select>
      </CardContent>
    </Card>
  );
}

/** The list query the filters ask for (all but completeness, which filters the fetched page). */
export function listQueryOf(
  filters: CustomerProfileFilterValues,
  search: string,
  page: number,
  limit: number,
): TCustomerProfileListQuery {
  const { status, hasQbo, hasQueues, queueName } = filters;
  return {
    page,
    limit,
    ...(search ? { search } : {}),
    ...(status === 'archived' ? { status: 'archived' as const } : status ? { isActive: status } : {}),
    ...(hasQbo ? { hasQboCustomerId: hasQbo } : {}),
    ...(hasQueues ? { hasGenesysQueues: hasQueues } : {}),
    ...(queueName ? { queueName } : {}),
  };
}
