import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A 256-bit key for one purpose, derived from APP_SECRET with HKDF-SHA256, so the secret itself
 * never serves as a key and keys for different purposes are unrelated.
 */
export function deriveSecretKey(appSecret: string, purpose: string): Buffer {
  if (!appSecret) throw new Error('APP_SECRET is required to store integration secrets');
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(appSecret, 'utf8'),
      Buffer.from('phone-billing/secret-box', 'utf8'),
      Buffer.from(purpose, 'utf8'),
      32,
    ),
  );
}

/**
 * Encrypts with AES-256-GCM. `context` (e.g. "integration:qbo") is authenticated but not stored,
 * so a value copied to another row does not decrypt there. Result: `v1.<iv>.<tag>.<ciphertext>`
 * in base64url.
 */
export function sealSecret(plaintext: string, key: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Decrypts what sealSecret produced; throws when the key, context or text do not match. */
export function openSecret(sealed: string, key: Buffer, context: string): string {
  const [version, ivText, tagText, ciphertextText, ...rest] = sealed.split('.');
  if (
    version !== VERSION ||
    ivText === undefined ||
    tagText === undefined ||
    ciphertextText === undefined ||
    rest.length > 0
  ) {
    throw new Error('Unrecognised sealed secret format');
  }
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Unrecognised sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
}
