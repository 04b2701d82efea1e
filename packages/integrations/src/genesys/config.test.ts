import { describe, expect, it } from 'vitest';
import { genesysConfigFromEnv } from './config';

const credentials = { GENESYS_CLIENT_ID: 'id', GENESYS_CLIENT_SECRET: 'secret' };

describe('genesysConfigFromEnv', () => {
  it('is null unless both the client id and secret are set', () => {
    expect(genesysConfigFromEnv({})).toBeNull();
    expect(genesysConfigFromEnv({ GENESYS_CLIENT_ID: 'id' })).toBeNull();
    expect(genesysConfigFromEnv({ GENESYS_CLIENT_SECRET: 'secret', GENESYS_REGION: 'mypurecloud.ie' })).toBeNull();
  });

  it('builds api and login URLs from a region host or an SDK region key', () => {
    expect(genesysConfigFromEnv({ ...credentials, GENESYS_REGION: 'usw2.pure.cloud' })).toMatchObject({
      apiBaseUrl: 'https://api.usw2.pure.cloud',
      loginBaseUrl: 'https://login.usw2.pure.cloud',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(genesysConfigFromEnv({ ...credentials, GENESYS_REGION: 'eu_west_1' })?.apiBaseUrl).toBe(
      'https://api.mypurecloud.ie',
    );
    expect(genesysConfigFromEnv({ ...credentials, GENESYS_REGION: 'https://api.mypurecloud.de/' })?.loginBaseUrl).toBe(
      'https://login.mypurecloud.de',
    );
    expect(genesysConfigFromEnv(credentials)?.apiBaseUrl).toBe('https://api.mypurecloud.com');
  });

  it('lets explicit base URLs override the region (the simulator serves both from one root)', () => {
    expect(
      genesysConfigFromEnv({
        ...credentials,
        GENESYS_REGION: 'us_east_1',
        GENESYS_API_BASE_URL: 'http://127.0.0.1:4000/sim/genesys/',
      }),
    ).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:4000/sim/genesys',
      loginBaseUrl: 'http://127.0.0.1:4000/sim/genesys',
    });
    expect(
      genesysConfigFromEnv({ ...credentials, GENESYS_API_BASE_URL: 'http://a', GENESYS_LOGIN_BASE_URL: 'http://b' }),
    ).toMatchObject({
      apiBaseUrl: 'http://a',
      loginBaseUrl: 'http://b',
    });
  });
});
