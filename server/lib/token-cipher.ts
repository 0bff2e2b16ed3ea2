/**
 * Secrets kept at rest (a partner's Mercado Pago tokens, a PKCE verifier): AES-256-GCM with a key
 * from the environment (TOKEN_ENCRYPTION_KEY). Each value gets its own random 96-bit nonce; the
 * stored text is `v1.<nonce>.<tag>.<ciphertext>` in base64url, so a changed byte or another key
 * fails to open instead of yielding garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

/** A 32-byte key written as 64 hex digits or as base64 (44 characters with padding). */
export function parseEncryptionKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new RangeError('A chave de criptografia deve ter 32 bytes.');
  return {
    encrypt(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', nonce, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored) {
      const [version, nonce, tag, body] = stored.split('.');
      if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined)
        throw new Error('Valor cifrado em formato desconhecido.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
