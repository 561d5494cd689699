/**
 * Random secrets and their stored form. Tokens and one-time codes are stored only as SHA-256:
 * they carry 256 bits (tokens) or are short-lived and attempt-limited (codes), so a fast hash is
 * enough; passwords use argon2id instead (lib/password.ts).
 */
import { hash, randomBytes, randomInt } from 'node:crypto';

/** A new 256-bit bearer token, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Lowercase hex SHA-256 of a UTF-8 string. Every authenticated request hashes its token, so this
 * uses the one-shot `crypto.hash`, which builds no Hash object.
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/** `length` characters drawn uniformly from `alphabet` with a CSPRNG. */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A numeric code of `digits` digits (SMS codes), leading zeros kept. */
export function numericCode(digits: number): string {
  return randomString('0123456789', digits);
}
