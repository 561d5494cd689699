/**
 * Image captcha: `GET ApiPaths.captcha?key=K` answers a PNG for a client-chosen random key.
 * The answer is single-use and lives 5 minutes (LIMITS.captchaTtlSeconds), so every failed attempt
 * that consumed it needs a new key.
 */
import { ApiPaths, LIMITS } from '@eav/contract';
import { client } from '@/lib/api-client';

/** A random captcha key (hex, 32 chars) from the browser's CSPRNG; works outside secure contexts too. */
export function newCaptchaKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return key.slice(0, Math.max(LIMITS.captchaKey.min, Math.min(key.length, LIMITS.captchaKey.max)));
}

/** Fetches the captcha image of `key` as a Blob (signed like every call; errors stay silent). */
export async function getCaptcha(key: string): Promise<Blob> {
  const response = await client.request<Blob>({
    method: 'GET',
    url: ApiPaths.captcha,
    params: { key },
    responseType: 'blob',
    silent: true,
  });
  return response.data;
}
