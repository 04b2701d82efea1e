import { Badge } from '@phone-billing/ui/badge';
import { Button } from '@phone-billing/ui/button';
import { PlugZap } from 'lucide-react';
import { usePermission } from '../../../lib/auth-store';
import { useTestGenesysConnection } from '../api/test-genesys-connection';

/** What the page is, whether Genesys is simulated, and Test Connection (integration:genesys only). */
export function GenesysPageHeader({ simulated }: { simulated: boolean }) {
  const canManage = usePermission('integration:genesys');
  const testConnection = useTestGenesysConnection();

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-slate-500">Users, queues and call records from the contact centre.</p>
        {simulated ? (
          <Badge tone="yellow" title="No Genesys credentials are configured: a local simulator answers instead">
            Simulated
          </Badge>
        ) : null}
      </div>
      <Button
        onClick={() => testConnection.mutate({})}
        loading={testConnection.isPending}
        disabled={!canManage}
        title={canManage ? undefined : 'Testing the connection needs the integration:genesys permission'}
      >
        {testConnection.isPending ? null : <PlugZap className="size-4" aria-hidden="true" />}
        Test Connection
      </Button>
    </div>
  );
}
