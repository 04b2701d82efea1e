import { Link2, PlayCircle, RefreshCw, Unplug } from 'lucide-react';
import { Button } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { useDisconnectQbo } from '../api/disconnect-qbo';
import { useRefreshQboToken } from '../api/refresh-qbo-token';
import { useStartQboAuthorization } from '../api/start-qbo-authorization';
import { useTestQboConnection } from '../api/test-qbo-connection';

interface QboQuickActionsProps {
  data: { authenticated: boolean; hasTokens: boolean; clientId: string };
}

/** Connect, test, refresh, re-authorize and disconnect: the buttons that fit the connection's state. */
export function QboQuickActions({ data }: QboQuickActionsProps) {
  const authorize = useStartQboAuthorization();
  const test = useTestQboConnection();
  const refresh = useRefreshQboToken();
  const disconnect = useDisconnectQbo();
  // One QuickBooks action at a time.
  const busy = authorize.isPending || test.isPending || refresh.isPending || disconnect.isPending;

  const confirmDisconnect = () => {
    if (
      !window.confirm(
        'Disconnect QuickBooks? Its tokens are revoked and deleted: billing cannot create invoices until QuickBooks is connected again.',
      )
    )
      return;
    disconnect.mutate({});
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        {!data.authenticated ? (
          <Button
            onClick={() => authorize.mutate()}
            loading={authorize.isPending}
            disabled={data.clientId !== 'configured' || busy}
          >
            <PlayCircle aria-hidden className="size-4" /> Start OAuth Authorization
          </Button>
        ) : null}
        {data.authenticated ? (
          <Button onClick={() => test.mutate({})} loading={test.isPending} disabled={busy}>
            <Link2 aria-hidden className="size-4" /> Test Connection
          </Button>
        ) : null}
        {data.hasTokens ? (
          <Button variant="outline" onClick={() => refresh.mutate()} loading={refresh.isPending} disabled={busy}>
            <RefreshCw aria-hidden className="size-4" /> Refresh Token
          </Button>
        ) : null}
        {data.authenticated ? (
          <Button variant="outline" onClick={() => authorize.mutate()} loading={authorize.isPending} disabled={busy}>
            <PlayCircle aria-hidden className="size-4" /> Re-authorize
          </Button>
        ) : null}
        {data.hasTokens ? (
          <Button variant="danger" onClick={confirmDisconnect} loading={disconnect.isPending} disabled={busy}>
            <Unplug aria-hidden className="size-4" /> Disconnect
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
