import type { GenesysClientConfig } from './client';

/** Region keys of the official SDK (PureCloudRegionHosts) and the host each one serves. */
export const GENESYS_REGION_HOSTS: Readonly<Record<string, string>> = {
  us_east_1: 'mypurecloud.com',
  eu_west_1: 'mypurecloud.ie',
  ap_southeast_2: 'mypurecloud.com.au',
  ap_northeast_1: 'mypurecloud.jp',
  eu_central_1: 'mypurecloud.de',
  us_west_2: 'usw2.pure.cloud',
  ca_central_1: 'cac1.pure.cloud',
  ap_northeast_2: 'apne2.pure.cloud',
  eu_west_2: 'euw2.pure.cloud',
  ap_south_1: 'aps1.pure.cloud',
  us_east_2: 'use2.us-gov-pure.cloud',
  sa_east_1: 'sae1.pure.cloud',
  me_central_1: 'mec1.pure.cloud',
  ap_northeast_3: 'apne3.pure.cloud',
  eu_central_2: 'euc2.pure.cloud',
  mx_central_1: 'mxc1.pure.cloud',
  ap_southeast_1: 'apse1.pure.cloud',
  eusc_de_east_1: 'edee1.eusc-pure.cloud',
};

const DEFAULT_REGION_HOST = 'mypurecloud.com';

/**
 * The host for GENESYS_REGION: an SDK region key (`us_east_1`, also `us-east-1`) or a host as the
 * SDK's setEnvironment takes it (`mypurecloud.com`, `https://api.usw2.pure.cloud/`).
 */
export function genesysRegionHost(region: string): string {
  const trimmed = region.trim();
  const key = trimmed.toLowerCase().replace(/-/g, '_');
  const known = GENESYS_REGION_HOSTS[key];
  if (known) return known;
  return trimmed
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '')
    .replace(/^(api|login)\./i, '');
}

const withoutTrailingSlash = (url: string): string => url.trim().replace(/\/+$/, '');

/**
 * Client settings from the environment, or null when GENESYS_CLIENT_ID or GENESYS_CLIENT_SECRET
 * is unset (the app then uses its simulator). GENESYS_REGION picks the cloud (default us_east_1);
 * GENESYS_API_BASE_URL and GENESYS_LOGIN_BASE_URL (or GENESYS_BASE_URL for both) override it.
 */
export function genesysConfigFromEnv(env: NodeJS.ProcessEnv): GenesysClientConfig | null {
  const clientId = env.GENESYS_CLIENT_ID?.trim();
  const clientSecret = env.GENESYS_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  const host = genesysRegionHost(env.GENESYS_REGION?.trim() || DEFAULT_REGION_HOST);
  const sharedBase = env.GENESYS_BASE_URL?.trim() ? withoutTrailingSlash(env.GENESYS_BASE_URL) : undefined;
  const apiBaseUrl = env.GENESYS_API_BASE_URL?.trim()
    ? withoutTrailingSlash(env.GENESYS_API_BASE_URL)
    : (sharedBase ?? `https://api.${host}`);
  const loginBaseUrl = env.GENESYS_LOGIN_BASE_URL?.trim()
    ? withoutTrailingSlash(env.GENESYS_LOGIN_BASE_URL)
    : (sharedBase ?? (env.GENESYS_API_BASE_URL?.trim() ? apiBaseUrl : `https://login.${host}`));
  return { apiBaseUrl, loginBaseUrl, clientId, clientSecret };
}
