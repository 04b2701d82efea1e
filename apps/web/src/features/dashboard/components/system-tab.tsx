import type { SystemStatus } from '@phone-billing/api/schemas';
import { Alert } from '@phone-billing/ui/alert';
import { Badge } from '@phone-billing/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Spinner } from '@phone-billing/ui/spinner';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { formatDuration } from '../../../lib/format';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function YesNo({ value, yes = 'Yes', no = 'No' }: { value: boolean; yes?: string; no?: string }) {
  return <Badge tone={value ? 'green' : 'red'}>{value ? yes : no}</Badge>;
}

function ConnectionBadge({ connected }: { connected: boolean }) {
  return <YesNo value={connected} yes="Connected" no="Disconnected" />;
}

/** A card with a title, a badge beside it that sums it up, and its details. */
function StatusCard({
  title,
  badge,
  testId,
  children,
}: {
  title: string;
  badge: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {badge}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SystemTab({ status }: { status: SystemStatus }) {
  const { qbo, genesys } = status;
  const scheduler = status.scheduler.billing;
  const next = scheduler.scheduledJobs[0];
  const issues = status.overall.issues;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <StatusCard
          title="QuickBooks Online"
          badge={<ConnectionBadge connected={qbo.connected} />}
          testId="qbo-status-card"
        >
          <dl>
            <Row label="Connected" value={<YesNo value={qbo.connected} />} />
            <Row label="Company" value={qbo.companyName ?? '—'} />
            <Row label="Environment" value={qbo.environment ?? '—'} />
            <Row label="Token expires in" value={formatDuration(qbo.expiresIn)} />
          </dl>
          {!qbo.connected ? (
            <Alert tone="warning" className="mt-3">
              QBO connection failed - billing integration may be affected
            </Alert>
          ) : null}
        </StatusCard>
        <StatusCard
          title="Genesys Cloud"
          badge={<ConnectionBadge connected={genesys.hasValidToken} />}
          testId="genesys-status-card"
        >
          <dl>
            <Row label="Token valid" value={<YesNo value={genesys.hasValidToken} />} />
            <Row label="Token expires" value={formatDateTime(genesys.tokenExpiresAt)} />
          </dl>
        </StatusCard>
        <StatusCard
          title="Billing Scheduler"
          badge={
            <Badge tone={scheduler.totalScheduledJobs > 0 ? 'green' : 'gray'}>
              {scheduler.totalScheduledJobs > 0 ? 'Active' : 'No schedules'}
            </Badge>
          }
          testId="scheduler-status-card"
        >
          <dl>
            <Row label="Scheduled jobs" value={scheduler.totalScheduledJobs} />
            <Row label="Next run" value={next ? formatDateTime(next.nextRun) : 'No schedules'} />
          </dl>
          {scheduler.isRunning ? (
            <p className="mt-3 flex items-center gap-2 text-sm font-medium text-blue-700">
              <Spinner size="sm" label="Processing billing" /> Processing billing...
            </p>
          ) : null}
        </StatusCard>
      </div>
      <StatusCard
        title="System Issues"
        badge={
          <Badge tone={issues.length ? 'orange' : 'green'}>
            {issues.length ? `${issues.length} to look at` : 'All clear'}
          </Badge>
        }
      >
        {issues.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-green-700">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> No issues found
          </p>
        ) : (
          <ul className="space-y-2" aria-label="System issues">
            {issues.map((issue) => (
              <li key={issue} className="flex items-start gap-2 text-sm text-slate-800">
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-orange-500" aria-hidden="true" />
                <span>{issue}</span>
              </li>
            ))}
          </ul>
        )}
      </StatusCard>
    </div>
  );
}
