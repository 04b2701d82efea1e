import type { BillingQueueView } from '@phone-billing/api/schemas';
import { Checkbox } from '@phone-billing/ui/checkbox';
import { formatMinutes, formatRate } from '../../../lib/format';

/** One queue's customers under its checkbox: name, company where it differs, rate and any minimum. */
function QueueCustomers({ queue }: { queue: BillingQueueView }) {
  return (
    <ul className="mt-1 space-y-0.5 pl-7 text-xs text-slate-500">
      {queue.customers.map((customer) => (
        <li key={customer.customerId}>
          {customer.qboDisplayName}
          {customer.qboCompanyName && customer.qboCompanyName !== customer.qboDisplayName
            ? ` (${customer.qboCompanyName})`
            : ''}{' '}
          · {formatRate(customer.ratePerMinute)}/min
          {customer.minimumMinutes > 0 ? ` · minimum ${formatMinutes(customer.minimumMinutes)}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The Run dialog's queue choice: a checkbox per queue (with who it bills), Select all and Clear. */
export function QueuePicker({
  queues,
  selected,
  onChange,
}: {
  queues: BillingQueueView[];
  selected: string[];
  onChange: (names: string[]) => void;
}) {
  return (
    <div className="max-h-72 space-y-2 overflow-y-auto rounded-lg border border-slate-200 p-3">
      <div className="flex gap-3 text-xs">
        <button
          type="button"
          className="text-blue-600 hover:underline"
          onClick={() => onChange(queues.map((queue) => queue.name))}
        >
          Select all
        </button>
        <button type="button" className="text-blue-600 hover:underline" onClick={() => onChange([])}>
          Clear
        </button>
      </div>
      {queues.map((queue) => (
        <div key={queue.name} className="rounded-md border border-slate-100 p-2">
          <Checkbox
            label={queue.name}
            checked={selected.includes(queue.name)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...selected, queue.name] : selected.filter((name) => name !== queue.name),
              )
            }
          />
          <QueueCustomers queue={queue} />
        </div>
      ))}
    </div>
  );
}
