/**
 * Helpers of the accounts journeys: unique phone numbers, SMS codes from the dev outbox
 * ($DATA_DIR/sms-outbox.jsonl, docs/api.md, Configuration), signed API calls (docs/api.md, Signing) and a
 * browser login through the real form (captcha answer CAPTCHA_FIXED_CODE).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  ApiPaths,
  SIGN_HEADERS,
  signRequest,
  type LoginData,
  type SmsCodeData,
  type SmsPurpose,
  POLICY_VERSION,
} from '@eav/contract';
import { DEMO_ADMIN, demoAdminPassword } from '../support/api';
import { chooseOption } from '../support/ui';
import { CAPTCHA_CODE, DATA_DIR, SIGN_SECRET } from '../support/env';

export const CAPTCHA = CAPTCHA_CODE;
/** The seeded operator account (SEED_DEMO=true); its password is the one the server generated. */
export const ADMIN = {
  phone: DEMO_ADMIN.phone,
  get password() {
    return demoAdminPassword();
  },
};

/** A phone number no earlier run used (198 + 8 random digits: outside the seeded 1380000000x). */
export function uniquePhone(): string {
  return `198${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A user name unique per run (letters first, so never all digits). */
export function uniqueUserName(prefix = 'e2e'): string {
  return `${prefix}_${Date.now().toString(36)}${randomInt(0, 1296).toString(36)}`.slice(0, 20);
}

/** The newest code sent to `phone` for `purpose` after `since` (ms), waiting for it to arrive. */
export async function smsCodeFor(phone: string, purpose: SmsPurpose, since: number): Promise<string> {
  const file = path.join(DATA_DIR, 'sms-outbox.jsonl');
  let code = '';
  await expect
    .poll(
      () => {
        if (!fs.existsSync(file)) return '';
        const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
        for (let i = lines.length - 1; i >= 0; i--) {
          const m = JSON.parse(lines[i]!) as { phone: string; purpose: string; code: string; sentAt: string };
          if (m.phone === phone && m.purpose === purpose && Date.parse(m.sentAt) >= since - 1000)
            return (code = m.code);
        }
        return '';
      },
      { message: `SMS code for ${phone} (${purpose}) in the dev outbox` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

interface CallOptions {
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
}

/** A signed API call; resolves to the envelope (any status). */
export async function api<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: CallOptions = {},
) {
  const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
  const timestamp = Date.now();
  const headers: Record<string, string> = {
    [SIGN_HEADERS.timestamp]: String(timestamp),
    [SIGN_HEADERS.sign]: signRequest(
      { method, path: url, query: opts.query, body, token: opts.token, timestamp },
      SIGN_SECRET,
    ),
  };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (body) headers['Content-Type'] = 'application/json';
  const response = await request.fetch(url, { method, params: opts.query, headers, ...(body ? { data: body } : {}) });
  const json = (await response.json().catch(() => ({}))) as { code: number | string; msg: string; data: T };
  return { status: response.status(), ...json };
}

function captchaKey(): string {
  return `e2e${Date.now().toString(36)}${randomInt(0, 1e9).toString(36)}`;
}

/**
 * Sends an SMS code through the API (captcha fetched first) and reads it from the outbox; answers
 * the code with the flow ticket the send gave, which the verifying call presents.
 */
export async function sendCodeByApi(
  request: APIRequestContext,
  phone: string,
  purpose: SmsPurpose,
): Promise<{ smsCode: string; smsTicket: string }> {
  const key = captchaKey();
  const image = await request.get(ApiPaths.captcha, {
    params: { key },
    headers: (() => {
      const timestamp = Date.now();
      return {
        [SIGN_HEADERS.timestamp]: String(timestamp),
        [SIGN_HEADERS.sign]: signRequest(
          { method: 'GET', path: ApiPaths.captcha, query: { key }, timestamp },
          SIGN_SECRET,
        ),
      };
    })(),
  });
  expect(image.status(), 'captcha image').toBe(200);
  const since = Date.now();
  const sent = await api<SmsCodeData>(request, 'GET', ApiPaths.smsCode, {
    query: { phone, purpose, captchaKey: key, captchaCode: CAPTCHA },
  });
  expect(sent.status, sent.msg).toBe(200);
  return { smsCode: await smsCodeFor(phone, purpose, since), smsTicket: sent.data.smsTicket };
}

export interface TestUser {
  phone: string;
  userName: string;
  password: string;
  userId: number;
  token: string;
}

/** Registers a fresh user through the API (the browser journeys register through the page). */
export async function registerByApi(request: APIRequestContext, password = 'Journey2026x'): Promise<TestUser> {
  const phone = uniquePhone();
  const userName = uniqueUserName();
  const sms = await sendCodeByApi(request, phone, 'register');
  const r = await api<LoginData>(request, 'POST', ApiPaths.register, {
    body: {
      phone,
      ...sms,
      password,
      userName,
      identity: 'student',
      consentVersion: POLICY_VERSION,
      birthYear: ADULT_BIRTH_YEAR,
      platform: 'WEB',
    },
  });
  expect(r.status, r.msg).toBe(200);
  return { phone, userName, password, userId: r.data.userId, token: r.data.token };
}

/** Logs in through the API with password and captcha. */
export async function loginByApi(request: APIRequestContext, account: string, password: string): Promise<LoginData> {
  const key = captchaKey();
  const timestamp = Date.now();
  await request.get(ApiPaths.captcha, {
    params: { key },
    headers: {
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method: 'GET', path: ApiPaths.captcha, query: { key }, timestamp },
        SIGN_SECRET,
      ),
    },
  });
  const r = await api<LoginData>(request, 'POST', ApiPaths.login, {
    body: { account, password, captchaKey: key, captchaCode: CAPTCHA, platform: 'WEB' },
  });
  expect(r.status, r.msg).toBe(200);
  return r.data;
}

/** Fills and submits the 账号登录 form of the login page (already open). */
export async function submitPasswordLogin(page: Page, account: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: '账号登录' });
  await form.getByLabel('手机号或用户名').fill(account);
  await form.getByLabel('密码', { exact: true }).fill(password);
  // Wait for the captcha image so the answer belongs to the key the form will send.
  await expect(form.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await form.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
  await form.getByRole('button', { name: /登\s*录/ }).click();
}

/** Opens the login page (with an optional redirect) and logs in by password. */
export async function loginInBrowser(page: Page, account: string, password: string, redirect?: string): Promise<void> {
  const q = new URLSearchParams({ loginStep: '1', ...(redirect ? { redirect } : {}) });
  await page.goto(`/#/loginRegistration?${q.toString()}`);
  await submitPasswordLogin(page, account, password);
}

/** The header's user button (avatar + name), visible once logged in. */
export const userMenu = (page: Page) => page.getByTestId('user-menu');

/** A student's birth year old enough to need no guardian (docs/privacy.md, Guardians). */
export const ADULT_BIRTH_YEAR = 2005;

/** Chooses the birth year in the desktop register form (an antd Select with search). */
export async function chooseBirthYear(page: Page, form: Locator, year: number): Promise<void> {
  const input = form.getByRole('combobox', { name: '出生年份' });
  await input.fill(String(year));
  await chooseOption(page, input, `${year} 年`);
}
