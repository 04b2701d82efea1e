import type { ServerArea } from './areas';
import { accessControlArea } from './areas/access-control';
import { genesysArea } from './areas/genesys';
import { qboArea } from './areas/qbo';
import { customerProfilesArea } from './areas/customer-profiles';
import { regionsArea } from './areas/regions';
import { billingArea } from './areas/billing';
import { dashboardArea } from './areas/dashboard';
import { receivablesArea } from './areas/receivables';

/**
 * Every area the server runs, in start order: integrations first (others use their services),
 * then the areas whose demo data builds on them, then billing and the dashboard.
 */
export const serverAreas: ServerArea[] = [
  accessControlArea,
  genesysArea,
  qboArea,
  customerProfilesArea,
  regionsArea,
  billingArea,
  receivablesArea,
  dashboardArea,
];
