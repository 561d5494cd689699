/**
 * The class-server jump key (docs/identity.md, Class-server jump): the user's id, name and phone in
 * a compact JWE (RSA-OAEP-256 key wrapping, A256GCM content) made with `jose` under one of the class
 * server's two RSA public keys (key type `default` or `url`), valid 60 s, with a single-use `jti`
 * the class server remembers, so a captured link cannot be replayed.
 * Development: with FAKE_IDP and no key configured, a key pair per key type is generated once into
 * `$DATA_DIR/fake-idp/` on first use (private keys never leave it; in memory when DATA_DIR is `:memory:`).
 */
import { generateKeyPair, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { EncryptJWT, importSPKI } from 'jose';

/** Lifetime of a key, seconds (the class server refuses it afterwards). */
export const CLASS_SERVER_KEY_TTL_S = 60;
export const CLASS_SERVER_ISSUER = 'eav-portal';
export const CLASS_SERVER_AUDIENCE = 'class-server';
export const KEY_ALG = 'RSA-OAEP-256';
export const CONTENT_ENC = 'A256GCM';

export type ClassKeyType = 'default' | 'url';

export interface ClassServerKeys {
  /** PEM (SPKI) public keys the portal encrypts with. */
  publicPem: Record<ClassKeyType, string>;
  /** PEM (PKCS#8) private keys of the development pair, for the fake class server only. */
  privatePem?: Record<ClassKeyType, string>;
}

const generateRsa = promisify(generateKeyPair);

async function devPair(dataDir: string, type: ClassKeyType): Promise<{ publicPem: string; privatePem: string }> {
  const dir = dataDir === ':memory:' ? null : path.join(dataDir, 'fake-idp');
  const privFile = dir && path.join(dir, `class-server-${type}.key.pem`);
  const pubFile = dir && path.join(dir, `class-server-${type}.pub.pem`);
  if (privFile && pubFile && fs.existsSync(privFile) && fs.existsSync(pubFile))
    return { privatePem: fs.readFileSync(privFile, 'utf8'), publicPem: fs.readFileSync(pubFile, 'utf8') };
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  if (dir && privFile && pubFile) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(privFile, privateKey, { mode: 0o600 });
    fs.writeFileSync(pubFile, publicKey);
  }
  return { publicPem: publicKey, privatePem: privateKey };
}

/** Answers the class-server keys, loading or generating them on first use. */
export type ClassServerKeySource = () => Promise<ClassServerKeys>;

/**
 * Where the keys to encrypt with come from: CLASS_SERVER_PUBLIC_KEY and CLASS_SERVER_URL_PUBLIC_KEY
 * (the `url` type falls back to the default key), else with FAKE_IDP the development pairs, made on
 * first use (so that starting the server, and every test app, costs no key generation); null when
 * neither.
 */
export function classServerKeySource(
  settings: { publicKey: string | undefined; urlPublicKey: string | undefined },
  fakeIdp: boolean,
  dataDir: string,
): ClassServerKeySource | null {
  if (settings.publicKey) {
    const keys: ClassServerKeys = {
      publicPem: { default: settings.publicKey, url: settings.urlPublicKey ?? settings.publicKey },
    };
    return async () => keys;
  }
  if (!fakeIdp) return null;
  let loading: Promise<ClassServerKeys> | undefined;
  return () =>
    (loading ??= (async () => {
      const d = await devPair(dataDir, 'default');
      const u = await devPair(dataDir, 'url');
      return {
        publicPem: { default: d.publicPem, url: u.publicPem },
        privatePem: { default: d.privatePem, url: u.privatePem },
      };
    })());
}

export interface ClassServerClaims {
  userId: number;
  userName: string;
  phone: string;
  /** Whether 之江汇 vouches for the teacher (docs/product.md §5): the class server may require it. */
  personId: string | null;
  zsVerified: boolean;
}

/** Encrypts the claims for the class server; answers the compact JWE and when it expires. */
export async function makeClassServerKey(
  keys: ClassServerKeys,
  type: ClassKeyType,
  claims: ClassServerClaims,
  now: number,
): Promise<{ key: string; expiresAt: Date; jti: string }> {
  const publicKey = await importSPKI(keys.publicPem[type], KEY_ALG);
  const iat = Math.floor(now / 1000);
  const exp = iat + CLASS_SERVER_KEY_TTL_S;
  const jti = randomUUID();
  const key = await new EncryptJWT({ ...claims })
    .setProtectedHeader({ alg: KEY_ALG, enc: CONTENT_ENC, typ: 'JWT', kid: type })
    .setIssuer(CLASS_SERVER_ISSUER)
    .setAudience(CLASS_SERVER_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .encrypt(publicKey);
  return { key, expiresAt: new Date(exp * 1000), jti };
}

/** `base` with `key` added as a URL-encoded query parameter. */
export function classServerUrl(base: string, key: string): string {
  const [noHash, hash] = base.split('#', 2);
  const sep = noHash!.includes('?') ? '&' : '?';
  return `${noHash}${sep}key=${encodeURIComponent(key)}${hash !== undefined ? `#${hash}` : ''}`;
}
