import { StatCard } from '@phone-billing/ui/stat-card';
import { ListTree, PhoneCall, Users, Wifi, WifiOff } from 'lucide-react';
import { formatDateTime } from '../../../lib/dates';
import { formatNumber, plural } from '../../../lib/format';
import type { GenesysStatus } from '../api/genesys-types';

interface GenesysSummaryCardsProps {
  status: GenesysStatus | undefined;
  statusLoading: boolean;
  /** A status that could not be loaded is unknown, not "Disconnected". */
  statusFailed: boolean;
  totalUsers: number | undefined;
  totalQueues: number | undefined;
  /** The loaded range's (filtered) call records and how many are voice calls; undefined: none loaded. */
  callRecords: number | undefined;
  voiceCalls: number | undefined;
}

/** The Genesys screen's cards (spec 000 §2): connection, users, queues and call records with their voice calls. */
export function GenesysSummaryCards({
  status,
  statusLoading,
  statusFailed,
  totalUsers,
  totalQueues,
  callRecords,
  voiceCalls,
}: GenesysSummaryCardsProps) {
  const connected = status?.isConnected ?? false;
  // A count nobody could load is "—", never 0.
  const count = (value: number | undefined) => (value !== undefined ? formatNumber(value) : statusLoading ? '…' : '—');
  const inRange = callRecords !== undefined;
  const voice = inRange ? voiceCalls : status?.totalVoiceCallRecords;
  return (
    <section aria-label="Genesys summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Connection Status"
        value={statusLoading ? '…' : statusFailed ? 'Unknown' : connected ? 'Connected' : 'Disconnected'}
        hint={
          statusFailed
            ? 'The connection status could not be loaded'
            : status?.tokenExpiresAt
              ? `Token expires ${formatDateTime(status.tokenExpiresAt)}`
              : (status?.lastError ?? 'No token')
        }
        icon={connected ? <Wifi /> : <WifiOff />}
        tone={statusFailed ? 'gray' : connected ? 'green' : 'red'}
      />
      <StatCard title="Total Users" value={count(totalUsers)} icon={<Users />} tone="blue" />
      <StatCard title="Total Queues" value={count(totalQueues)} icon={<ListTree />} tone="purple" />
      <StatCard
        title="Total Call Records"
        value={count(callRecords ?? status?.totalCallRecords)}
        hint={
          <>
            {voice !== undefined ? <span className="block">{plural(voice, 'voice call')}</span> : null}
            {inRange ? 'in the selected range' : 'stored in the database'}
          </>
        }
        icon={<PhoneCall />}
        tone="orange"
      />
    </section>
  );
}
