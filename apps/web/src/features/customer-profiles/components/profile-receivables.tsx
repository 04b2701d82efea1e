import { StatCard } from '@phone-billing/ui/stat-card';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';

/** A profile's open and overdue balance and its last payment, as QuickBooks reported them. */
export function ProfileReceivables({ profileId }: { profileId: string }) {
  const receivables = trpc.receivables.profile.useQuery({ id: profileId });
  const data = receivables.data?.data;
  if (!data) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-3" aria-label="Receivables">
      <StatCard
        title="Open balance"
        value={formatMoney(data.openBalance)}
        hint={`${data.openInvoices} open ${data.openInvoices === 1 ? 'invoice' : 'invoices'}`}
        tone="blue"
      />
      <StatCard
        title="Overdue"
        value={formatMoney(data.overdueAmount)}
        tone={data.overdueAmount > 0 ? 'orange' : 'gray'}
      />
      <StatCard
        title="Last payment"
        value={data.lastPaymentAt ? formatCalendarDate(data.lastPaymentAt) : '—'}
        hint={data.lastPaymentAmount !== null ? formatMoney(data.lastPaymentAmount) : 'No payment yet'}
        tone="green"
      />
    </div>
  );
}
