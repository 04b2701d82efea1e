import { describe, expect, it } from 'vitest';
import { deriveSecretKey, openSecret, sealSecret } from './secret-box';

describe('secret box (AES-256-GCM under an HKDF key from APP_SECRET)', () => {
  const key = deriveSecretKey('app-secret-one', 'integration-secrets');

  it('round-trips and never shows the plaintext', () => {
    const secret = JSON.stringify({
      accessToken: 'eyJ-access-token-value',
      refreshToken: 'AB11-refresh',
      realmId: '9341453050000000',
    });
    const sealed = sealSecret(secret, key, 'integration_connections:qbo');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const part of ['eyJ-access-token-value', 'AB11-refresh', '9341453050000000'])
      expect(sealed).not.toContain(part);
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('utf8')).not.toContain('refresh');
    expect(openSecret(sealed, key, 'integration_connections:qbo')).toBe(secret);
  });

  it('uses a fresh IV each time', () => {
    expect(sealSecret('same', key, 'c')).not.toBe(sealSecret('same', key, 'c'));
  });

  it('refuses another APP_SECRET, another context and tampered text', () => {
    const sealed = sealSecret('tokens', key, 'integration_connections:qbo');
    expect(() =>
      openSecret(sealed, deriveSecretKey('app-secret-two', 'integration-secrets'), 'integration_connections:qbo'),
    ).toThrow();
    expect(() => openSecret(sealed, key, 'integration_connections:genesys')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() =>
      openSecret(
        [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'),
        key,
        'integration_connections:qbo',
      ),
    ).toThrow();
    expect(() => openSecret('plain text', key, 'integration_connections:qbo')).toThrow('Unrecognised');
  });

  it('derives different keys per secret and purpose, and needs a secret', () => {
    expect(deriveSecretKey('a', 'p')).toHaveLength(32);
    expect(deriveSecretKey('a', 'p').equals(deriveSecretKey('a', 'q'))).toBe(false);
    expect(deriveSecretKey('a', 'p').equals(deriveSecretKey('b', 'p'))).toBe(false);
    expect(() => deriveSecretKey('', 'p')).toThrow('APP_SECRET');
  });
});
