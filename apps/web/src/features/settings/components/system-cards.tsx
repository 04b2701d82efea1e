import type { TSettings } from '@phone-billing/api/schemas';
import { Badge } from '@phone-billing/ui/badge';
import { Button, buttonClasses } from '@phone-billing/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@phone-billing/ui/card';
import { FormField } from '@phone-billing/ui/form-field';
import { Input } from '@phone-billing/ui/input';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { usePermission } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/trpc';
import { useIntegrationStatus } from '../api/get-integration-status';
import { useTestGenesysConnection } from '../api/test-genesys-connection';
import { useTestQboConnection } from '../api/test-qbo-connection';

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <FormField label={label} htmlFor={id}>
      <Input id={id} value={value} readOnly disabled />
    </FormField>
  );
}

/** Phone System API and QuickBooks Online API: read-only configuration and a real connection test. */
export function IntegrationCards() {
  const canGenesys = usePermission('integration:genesys');
  const canQbo = usePermission('integration:qbo');
  const { simulated, genesys, qbo } = useIntegrationStatus();
  const testGenesys = useTestGenesysConnection();
  const testQbo = useTestQboConnection();

  async function runTest(which: 'genesys' | 'qbo') {
    try {
      if (which === 'genesys') {
        const answer = await testGenesys.mutateAsync(undefined);
        toast.success(answer.data.message);
      } else {
        const answer = await testQbo.mutateAsync(undefined);
        toast.success(answer.message ?? 'QBO connection successful!');
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Connection test failed'));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Phone System API</CardTitle>
          {simulated && (
            <Badge tone={simulated.genesys ? 'yellow' : 'green'}>{simulated.genesys ? 'Simulated' : 'Live'}</Badge>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          <ReadOnly id="genesys-provider" label="Provider" value="Genesys Cloud" />
          <ReadOnly
            id="genesys-credentials"
            label="Credentials"
            value={
              simulated
                ? simulated.genesys
                  ? 'Built-in simulator (no GENESYS_* credentials set)'
                  : 'From GENESYS_* environment variables'
                : ''
            }
          />
          <ReadOnly
            id="genesys-status"
            label="Status"
            value={genesys ? (genesys.isConnected ? 'Connected' : (genesys.lastError ?? 'Not connected')) : 'Unknown'}
          />
          <Button
            variant="outline"
            disabled={!canGenesys}
            loading={testGenesys.isPending}
            onClick={() => void runTest('genesys')}
          >
            Test Connection
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>QuickBooks Online API</CardTitle>
          {simulated && <Badge tone={simulated.qbo ? 'yellow' : 'green'}>{simulated.qbo ? 'Simulated' : 'Live'}</Badge>}
        </CardHeader>
        <CardContent className="space-y-4">
          <ReadOnly
            id="qbo-environment"
            label="Environment"
            value={qbo?.environment ?? (simulated?.qbo ? 'sandbox (simulated)' : 'sandbox')}
          />
          <ReadOnly
            id="qbo-company"
            label="Company"
            value={qbo ? (qbo.connected ? (qbo.companyInfo.companyName ?? 'Connected') : 'Not connected') : 'Unknown'}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={!canQbo}
              loading={testQbo.isPending}
              onClick={() => void runTest('qbo')}
            >
              Test Connection
            </Button>
            <Link to="/qbo-setup" className={buttonClasses({ variant: 'ghost' })}>
              Setup
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/** Database & Logging: what the server runs with (read-only). */
export function SystemCard({ settings }: { settings: TSettings }) {
  const { system } = settings;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Database &amp; Logging</CardTitle>
        <span className="text-xs text-slate-500">Read-only; set when the server starts</span>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        <ReadOnly
          id="system-database"
          label="Database"
          value={system.database === 'embedded' ? 'Embedded PostgreSQL' : 'External PostgreSQL (DATABASE_URL)'}
        />
        <ReadOnly id="system-log-level" label="Log level" value={system.logLevel} />
        <ReadOnly id="system-log-retention" label="Log retention" value={system.logRetention} />
      </CardContent>
    </Card>
  );
}
