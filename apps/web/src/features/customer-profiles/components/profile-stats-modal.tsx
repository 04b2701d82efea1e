import type { TCustomerProfile } from '@phone-billing/api/schemas';
import { Button } from '@phone-billing/ui/button';
import { EmptyState } from '@phone-billing/ui/empty-state';
import { Modal } from '@phone-billing/ui/modal';
import { Spinner } from '@phone-billing/ui/spinner';
import { StatCard } from '@phone-billing/ui/stat-card';
import { BarChart3 } from 'lucide-react';
import { useEffect } from 'react';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { formatMinutes, formatMoney, formatNumber } from '../../../lib/format';
import { LoadError } from '../../../components/errors/load-error';
import { QueueUsageTable } from '../../../components/queue-usage-table';
import { errorMessage } from '../../../lib/trpc';
import { useProfileStats } from '../api/get-profile-stats';
import { ProfileInvoices } from './profile-invoices';
import { BillingCoverageSection } from './billing-coverage-section';
import { ProfileReceivables } from './profile-receivables';

interface ProfileStatsModalProps {
  profile: TCustomerProfile | null;
  onClose: () => void;
}

const orNotSet = (value: string | null | undefined) => (value && value.trim() ? value : 'Not set');

/** A profile's usage in its current billing period up to today, and its QuickBooks details. */
export function ProfileStatsModal({ profile, onClose }: ProfileStatsModalProps) {
  const stats = useProfileStats(profile?.id ?? null);

  useEffect(() => {
    if (stats.error) console.error('Failed to load customer statistics', stats.error);
  }, [stats.error]);

  const data = stats.data?.data;
  const meta = data?.qboMetadata ?? {};
  const fullName = [meta.qboTitle, meta.qboGivenName, meta.qboMiddleName, meta.qboFamilyName, meta.qboSuffix]
    .filter(Boolean)
    .join(' ');
  const address = [
    meta.qboLine1,
    meta.qboCity,
    [meta.qboCountrySubDivisionCode, meta.qboPostalCode].filter(Boolean).join(' '),
    meta.qboCountry,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Modal
      open={profile !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Customer Statistics${profile ? `: ${profile.qboDisplayName}` : ''}`}
      description={
        data
          ? `Current billing period ${formatCalendarDate(data.period.start)} – ${formatCalendarDate(data.period.end)} (up to today)`
          : undefined
      }
      size="xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {stats.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : stats.error ? (
        // Issue 16 over spec 001 §4: a failed load says so, with Retry, instead of looking empty.
        <LoadError
          title={errorMessage(stats.error, 'Failed to load the statistics')}
          onRetry={stats.refetch}
          retrying={stats.isFetching}
        />
      ) : !data ? (
        <EmptyState
          icon={<BarChart3 className="h-6 w-6" />}
          title="No statistics available for this customer profile."
        />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <StatCard title="Total Calls" value={formatNumber(data.totalCalls)} />
            <StatCard
              title="Total Minutes"
              value={formatMinutes(data.totalMinutes)}
              hint="Billed minutes"
              tone="purple"
            />
            <StatCard
              title="Total Amount ($)"
              value={formatMoney(data.totalAmount)}
              hint="Rated with this profile's rules"
              tone="green"
            />
            <StatCard
              title="Average Call Duration (min)"
              value={formatNumber(data.averageCallDuration, 2)}
              tone="orange"
            />
            <StatCard
              title="Last Call Date"
              value={data.lastCallDate ? formatDateTime(data.lastCallDate) : '—'}
              tone="gray"
            />
          </div>
          {profile ? <ProfileReceivables profileId={profile.id} /> : null}

          <section aria-label="Usage by queue">
            <h3 className="mb-2 text-sm font-semibold text-slate-700">Usage by queue</h3>
            {Object.keys(data.queueUsage).length === 0 ? (
              <p className="text-sm text-slate-500">No calls in this period yet.</p>
            ) : (
              <QueueUsageTable
                lastHeader="Amount"
                rows={Object.entries(data.queueUsage).map(([name, { calls, minutes, amount }]) => ({
                  key: name,
                  queue: name,
                  calls,
                  minutes,
                  last: formatMoney(amount),
                }))}
              />
            )}
          </section>

          {profile ? <BillingCoverageSection profileId={profile.id} /> : null}

          {/* Not a named region: the invoices table inside is one already, named "Invoices" (axe: landmark-unique). */}
          <section>
            <h3 id="profile-invoices-heading" className="mb-2 text-sm font-semibold text-slate-700">
              Invoices
            </h3>
            <ProfileInvoices profileId={profile!.id} />
          </section>

          <section aria-label="QuickBooks details">
            <h3 className="mb-2 text-sm font-semibold text-slate-700">QuickBooks details</h3>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {[
                ['Company', meta.qboCompanyName],
                ['Display Name', meta.qboDisplayName],
                ['Email', meta.qboPrimaryEmailAddr],
                ['Phone', meta.qboPrimaryPhone],
                ['Full Name', fullName],
                ['Address', address],
              ].map(([label, value]) => (
                <div key={label} className="flex gap-2">
                  <dt className="w-28 shrink-0 text-slate-600">{label}</dt>
                  <dd className={value ? 'text-slate-900' : 'italic text-slate-600'}>{orNotSet(value)}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      )}
    </Modal>
  );
}
