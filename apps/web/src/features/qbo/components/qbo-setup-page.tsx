import { useEffect } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Building2, CheckCircle2, KeyRound, RefreshCw, Server, ShieldCheck, XCircle } from 'lucide-react';
import { Alert } from '@phone-billing/ui/alert';
import { Badge } from '@phone-billing/ui/badge';
import { Button, buttonClasses } from '@phone-billing/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { Spinner } from '@phone-billing/ui/spinner';
import { StatCard } from '@phone-billing/ui/stat-card';
import { AccessRestrictedNotice } from '../../../components/errors/access-restricted';
import { LoadError } from '../../../components/errors/load-error';
import { usePermission } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { formatDuration } from '../../../lib/format';
import { useQboStatus } from '../api/get-qbo-status';
import { QboQuickActions } from './qbo-quick-actions';
import { QboSetupHelp } from './qbo-setup-help';

function ConfigRow({ label, ok, value }: { label: string; ok: boolean; value: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
        {ok ? (
          <CheckCircle2 aria-hidden className="size-4 text-green-600" />
        ) : (
          <XCircle aria-hidden className="size-4 text-red-500" />
        )}
        {label}
      </span>
      <span className={ok ? 'text-sm break-all text-slate-900' : 'text-sm text-red-600'}>{value}</span>
    </li>
  );
}

export default function QboSetupPage() {
  const canSetUp = usePermission('integration:qbo');
  if (!canSetUp)
    return <AccessRestrictedNotice>QBO Setup needs the integration:qbo permission.</AccessRestrictedNotice>;
  return <QboSetupScreen />;
}

function QboSetupScreen() {
  const status = useQboStatus({ refetchInterval: 60_000 });

  useEffect(() => {
    if (status.error) toast.error('Failed to fetch QBO status');
  }, [status.error]);

  if (status.isLoading) {
    return (
      <div className="flex justify-center p-12">
        <Spinner label="Loading QBO status" />
      </div>
    );
  }

  const data = status.data?.data;
  if (!data) {
    return (
      <LoadError title="Failed to fetch QBO status" onRetry={status.refetch} retrying={status.isFetching}>
        The QuickBooks status could not be loaded.
      </LoadError>
    );
  }

  const redirectUri = data.redirectUri ?? `${window.location.origin}/qbo-callback`;
  // With real credentials QuickBooks only returns to the registered address (APP_ORIGIN); a
  // browser on another address (127.0.0.1, a LAN name) would come back without its session.
  const browserOrigin = window.location.origin;
  const wrongOrigin = !data.redirectFollowsBrowser && data.appOrigin !== null && data.appOrigin !== browserOrigin;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            QuickBooks Online
            {data.simulated ? <Badge tone="purple">Simulated</Badge> : null}
          </h2>
          <p className="text-sm text-slate-500">Connect the accounting system that billing jobs create invoices in.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => status.refetch()} loading={status.isFetching}>
          <RefreshCw aria-hidden className="size-4" /> Refresh status
        </Button>
      </div>

      {data.simulated ? (
        <Alert tone="info" title="Simulated QuickBooks">
          No QBO_CLIENT_ID / QBO_CLIENT_SECRET are configured, so this application talks to a local QuickBooks simulator
          with a sample company. Connect it exactly as you would connect the real one.
        </Alert>
      ) : null}

      {wrongOrigin ? (
        <Alert
          tone="warning"
          title="Open this page at the application's address to connect QuickBooks"
          data-testid="origin-warning"
        >
          QuickBooks sends you back to {data.appOrigin} (APP_ORIGIN) after you approve, and you are signed in at{' '}
          {browserOrigin}, so the connection would fail. Open{' '}
          <a className="font-medium underline" href={`${data.appOrigin}/qbo-setup`}>{`${data.appOrigin}/qbo-setup`}</a>{' '}
          and connect from there.
        </Alert>
      ) : null}

      {data.lastError ? (
        <Alert tone="error" title="QuickBooks connection problem">
          {data.lastError}
        </Alert>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="Authentication"
          value={data.authenticated ? 'Connected' : 'Not Connected'}
          hint={
            data.authenticated && data.connectedAt
              ? `Since ${formatDateTime(data.connectedAt)}`
              : 'Run the authorization to connect'
          }
          icon={<ShieldCheck />}
          tone={data.authenticated ? 'green' : 'red'}
        />
        <StatCard
          title="Environment"
          value={data.environment ? data.environment.charAt(0).toUpperCase() + data.environment.slice(1) : 'Not Set'}
          hint={
            data.simulated
              ? 'Simulated QuickBooks'
              : data.environment === 'production'
                ? 'Live company data'
                : undefined
          }
          icon={<Server />}
          tone="blue"
        />
        <StatCard
          title="Tokens"
          value={data.hasTokens ? 'Valid' : 'Missing'}
          hint={
            data.hasTokens
              ? `Access token expires in ${formatDuration(data.tokenStatus.expiresIn)} (renewed automatically)`
              : 'No tokens stored'
          }
          icon={<KeyRound />}
          tone={data.hasTokens ? 'green' : 'yellow'}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Configuration Status</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-100">
              <ConfigRow
                label="Client ID"
                ok={data.clientId === 'configured'}
                value={data.clientId === 'configured' ? 'Configured' : 'Not configured'}
              />
              <ConfigRow
                label="Redirect URI"
                ok={Boolean(data.redirectUri)}
                value={data.redirectUri ?? 'Not configured'}
              />
              <ConfigRow
                label="OAuth Flow"
                ok={data.authenticated}
                value={data.authenticated ? 'Completed' : 'Not Completed'}
              />
            </ul>
          </CardContent>
        </Card>

        <QboQuickActions data={data} />
      </div>

      <Card>
        <CardHeader>
          <div>
            <CardTitle>Company Information</CardTitle>
            <CardDescription>The QuickBooks company this application invoices in.</CardDescription>
          </div>
          <Link to="/company-info" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Building2 aria-hidden className="size-4" /> View Company Info
          </Link>
        </CardHeader>
        <CardContent>
          {data.authenticated ? (
            <p className="text-sm text-slate-700">
              Connected company:{' '}
              <span className="font-semibold text-slate-900">
                {data.companyInfo.companyName ?? 'Unknown (run Test Connection)'}
              </span>
            </p>
          ) : (
            <p className="text-sm text-slate-500">No company connected yet.</p>
          )}
        </CardContent>
      </Card>

      <QboSetupHelp redirectUri={redirectUri} />
    </div>
  );
}
