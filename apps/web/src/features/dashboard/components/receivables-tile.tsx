import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Link } from 'react-router';
import { usePermission } from '../../../lib/auth-store';
import { formatMoney, formatNumber } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';

/** The dashboard's receivables: open and overdue balance, and what was collected this month. */
export function ReceivablesTile() {
  const receivables = trpc.receivables.dashboard.useQuery(undefined, { refetchInterval: 30_000 });
  const canSeeInvoices = usePermission('billing:view');
  const data = receivables.data?.data;
  return (
    <Card data-testid="receivables-tile">
      <CardHeader>
        <CardTitle>Receivables</CardTitle>
      </CardHeader>
      <CardContent>
        {data ? (
          <dl className="divide-y divide-slate-100 text-sm">
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">Open ({formatNumber(data.openInvoices)})</dt>
              <dd className="font-medium tabular-nums">{formatMoney(data.open, data.currency)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">Overdue ({formatNumber(data.overdueInvoices)})</dt>
              <dd className={`font-medium tabular-nums ${data.overdue > 0 ? 'text-orange-700' : ''}`}>
                {formatMoney(data.overdue, data.currency)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">Collected this month</dt>
              <dd className="font-medium tabular-nums text-green-700">
                {formatMoney(data.collectedThisMonth, data.currency)}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-slate-500">
            {receivables.error ? 'Receivables could not be loaded.' : 'Loading…'}
          </p>
        )}
        {canSeeInvoices ? (
          <Link to="/invoices" className="mt-2 inline-block text-sm text-blue-700 hover:underline">
            See invoices
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
