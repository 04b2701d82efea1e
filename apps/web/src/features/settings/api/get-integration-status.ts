import { usePermission } from '../../../lib/auth-store';
import { trpc } from '../../../lib/trpc';

/** The Phone System and QuickBooks cards: whether each is simulated and how its connection is. */
export function useIntegrationStatus() {
  const canReadGenesys = usePermission('integration:genesys', 'billing:view');
  const canReadQbo = usePermission('integration:qbo');
  const info = trpc.system.info.useQuery(undefined);
  const genesys = trpc.genesys.status.useQuery(undefined, { enabled: canReadGenesys });
  const qbo = trpc.qbo.status.useQuery(undefined, { enabled: canReadQbo });
  return { simulated: info.data?.data.simulated, genesys: genesys.data?.data, qbo: qbo.data?.data };
}
