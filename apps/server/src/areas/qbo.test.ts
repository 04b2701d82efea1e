import { describe, expect, it } from 'vitest';
import { redactSecretsInUrl } from './qbo';

describe('redactSecretsInUrl', () => {
  it('hides the OAuth code, state and realm in callback URLs', () => {
    expect(redactSecretsInUrl('/qbo-callback?code=AB11xyz&state=s3cr3t&realmId=9341453050000000')).toBe(
      '/qbo-callback?code=[redacted]&state=[redacted]&realmId=[redacted]',
    );
    expect(redactSecretsInUrl('/api/v1/qbo/callback?realmId=1&code=c')).toBe(
      '/api/v1/qbo/callback?realmId=[redacted]&code=[redacted]',
    );
  });

  it('hides tRPC inputs of QuickBooks procedures but leaves other URLs alone', () => {
    const trpc = `/trpc/qbo.callback?input=${encodeURIComponent(JSON.stringify({ code: 'c', state: 's' }))}`;
    expect(redactSecretsInUrl(trpc)).toBe('/trpc/qbo.callback?input=[redacted]');
    expect(redactSecretsInUrl('/api/v1/genesys/users?page=2&limit=20')).toBe('/api/v1/genesys/users?page=2&limit=20');
    expect(redactSecretsInUrl(undefined)).toBeUndefined();
  });
});
