/**
 * Signed calls to the server under test (docs/api.md, Signing), for setting up state the way the web
 * client would: e.g. log a demo account in and hand its user object to the browser.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import { BASE_URL, CAPTCHA_CODE, DATA_DIR, SIGN_SECRET } from './env';

/** Seeded demo accounts (SEED_DEMO=true) and their published password (not the administrator's). */
export const DEMO = { teacher: 'demo_teacher', student: 'demo_student', password: 'Demo@2026' } as const;

/** The seeded demo administrator; its password is generated at the server's first start. */
export const DEMO_ADMIN = { phone: '13800000000', userName: 'admin' } as const;

/**
 * The demo administrator's password, from the file the server wrote into its DATA_DIR when it
 * created the account (docs/demo-accounts.md). Read when needed: the server starts after the
 * spec files are loaded.
 */
export function demoAdminPassword(): string {
  return fs.readFileSync(path.join(DATA_DIR, 'demo-admin-password.txt'), 'utf8').trim();
}

/** A signed fetch of `method path?query` with an optional JSON body and bearer token. */
export async function signedFetch(
  method: string,
  pathWithQuery: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<Response> {
  const url = new URL(pathWithQuery, BASE_URL);
  const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
  const timestamp = Date.now();
  const headers: Record<string, string> = {
    [SIGN_HEADERS.timestamp]: String(timestamp),
    [SIGN_HEADERS.sign]: signRequest(
      { method, path: url.pathname, query: url.searchParams, body, token: opts.token ?? '', timestamp },
      SIGN_SECRET,
    ),
  };
  if (body) headers['Content-Type'] = 'application/json';
  if (opts.token) headers['Authorization'] = `Bearer ${opts.token}`;
  return fetch(url, { method, headers, body: body || undefined });
}

/** Logs in by password (fixed captcha) and returns the `data` of the login answer (the stored user). */
export async function loginViaApi(
  account: string,
  password: string = DEMO.password,
): Promise<Record<string, unknown> & { userId: number; token: string; userName: string }> {
  const captchaKey = randomUUID();
  const captcha = await signedFetch('GET', `${ApiPaths.captcha}?key=${captchaKey}`);
  if (!captcha.ok) throw new Error(`captcha failed: ${captcha.status}`);
  const res = await signedFetch('POST', ApiPaths.login, {
    body: { account, password, captchaKey, captchaCode: CAPTCHA_CODE, platform: 'WEB' },
  });
  const json = (await res.json()) as { code: unknown; msg: string; data: never };
  if (json.code !== 200) throw new Error(`login failed: ${res.status} ${json.msg}`);
  return json.data;
}
