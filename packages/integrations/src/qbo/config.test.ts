import { describe, expect, it } from 'vitest';
import { qboConfigFromEnv } from './config';

describe('qboConfigFromEnv', () => {
  it('is null without client id and secret, so the app can use its simulator', () => {
    expect(qboConfigFromEnv({ QBO_CLIENT_ID: 'id' }, 'http://localhost:3000')).toBeNull();
  });

  it('defaults to the sandbox and the app origin + /qbo-callback', () => {
    expect(
      qboConfigFromEnv({ QBO_CLIENT_ID: 'id', QBO_CLIENT_SECRET: 'secret' }, 'https://billing.example.com/'),
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      environment: 'sandbox',
      redirectUri: 'https://billing.example.com/qbo-callback',
    });
  });

  it('takes production and an explicit redirect URI, and refuses an unknown environment', () => {
    const env = {
      QBO_CLIENT_ID: 'id',
      QBO_CLIENT_SECRET: 'secret',
      QBO_ENVIRONMENT: 'production',
      QBO_REDIRECT_URI: 'https://x.example/cb',
    };
    expect(qboConfigFromEnv(env, 'http://localhost:3000')).toMatchObject({
      environment: 'production',
      redirectUri: 'https://x.example/cb',
    });
    expect(() => qboConfigFromEnv({ ...env, QBO_ENVIRONMENT: 'staging' }, 'http://localhost:3000')).toThrow(
      /sandbox.*production/,
    );
  });
});
