/**
 * Helpers for the accounts integration tests: a movable clock, a config with a fixed captcha
 * answer, requests from a chosen client address, reading SMS codes from the dev outbox, and a full
 * register flow.
 */
import { POLICY_VERSION } from '@eav/contract';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { AppConfig } from '../src/config';
import { api, testConfig, useTestApp, type ApiRequest, type TestContext } from './helpers';

export const CAPTCHA = 'Ab3D';
export const PASSWORD = 'Xuexi2026go';
/** A student's birth year old enough to need no guardian (docs/privacy.md, Guardians). */
export const ADULT_BIRTH_YEAR = 2005;

/** A clock tests move forward instead of sleeping. */
export class TestClock {
  now = Date.now();
  readonly fn = () => this.now;
  advance(ms: number) {
    this.now += ms;
  }
}

export interface AccountsTestContext extends TestContext {
  config: AppConfig;
  clock: TestClock;
}

/** useTestApp with a fixed captcha answer and a test clock. */
export function useAccountsApp(overrides: Partial<AppConfig> = {}): AccountsTestContext {
  const config = testConfig({ captchaFixedCode: CAPTCHA, trustProxy: true, ...overrides });
  const clock = new TestClock();
  const t = useTestApp({ config, clock: clock.fn });
  return Object.assign(Object.create(t) as TestContext, { config, clock }) as AccountsTestContext;
}

/** A random valid mainland phone number. */
export function randomPhone(): string {
  return `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}
export const randomName = (prefix = 'u') => `${prefix}_${randomBytes(4).toString('hex')}`;

/** Signed request from a given client IP (the connection's address, as `request.ip` sees it). */
export function apiFrom(app: FastifyInstance, ip: string, req: ApiRequest) {
  const from = { inject: (opts: InjectOptions) => app.inject({ ...opts, remoteAddress: ip }) };
  return api(from as FastifyInstance, req);
}

/** Fetches a captcha image for a fresh key (its answer is CAPTCHA) and returns the key. */
export async function newCaptcha(app: FastifyInstance, ip = '10.0.0.1'): Promise<string> {
  const key = `k${randomBytes(8).toString('hex')}`;
  const res = await apiFrom(app, ip, { url: '/api/v1/pub/user/verificationCode', query: { key } });
  expect(res.statusCode).toBe(200);
  return key;
}

export interface OutboxLine {
  phone: string;
  purpose: string;
  code: string;
  sentAt: string;
}
export function readOutbox(config: AppConfig): OutboxLine[] {
  const file = path.join(config.dataDir, 'sms-outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutboxLine);
}
/** The latest code sent to phone for purpose. */
export function lastCode(config: AppConfig, phone: string, purpose: string): string {
  const line = readOutbox(config)
    .filter((l) => l.phone === phone && l.purpose === purpose)
    .at(-1);
  if (!line) throw new Error(`no SMS for ${phone}/${purpose}`);
  return line.code;
}

/** Requests an SMS code (with a fresh captcha) and answers the response. */
export async function requestSms(app: FastifyInstance, phone: string, purpose: string, ip = randomIp()) {
  const captchaKey = await newCaptcha(app, ip);
  return apiFrom(app, ip, {
    url: '/api/v1/pub/user/mobile/code',
    query: { phone, purpose, captchaKey, captchaCode: CAPTCHA },
  });
}

/** An SMS code as the owner's flow holds it: the code from the phone, the ticket from the send answer. */
export interface SmsFlow {
  code: string;
  ticket: string;
}

/** Requests an SMS code from `ip` and answers it (from the dev outbox) with the flow ticket. */
export async function smsFlow(
  t: AccountsTestContext,
  phone: string,
  purpose: string,
  ip = randomIp(),
): Promise<SmsFlow> {
  const res = await requestSms(t.app, phone, purpose, ip);
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return { code: lastCode(t.config, phone, purpose), ticket: res.json().data.smsTicket };
}

/** Requests an SMS code and answers the code alone (from the dev outbox). */
export async function smsCode(t: AccountsTestContext, phone: string, purpose: string): Promise<string> {
  return (await smsFlow(t, phone, purpose)).code;
}

export interface Registered {
  userId: number;
  token: string;
  phone: string;
  userName: string;
  password: string;
}

/** Registers a new user through the API. */
export async function registerUser(
  t: AccountsTestContext,
  opts: {
    phone?: string;
    userName?: string;
    password?: string;
    identity?: 'student' | 'teacher';
    /** A student's birth year (default ADULT_BIRTH_YEAR: no guardian needed). */
    birthYear?: number;
    /** The client address the owner registers from (the session's address). */
    ip?: string;
  } = {},
): Promise<Registered> {
  const phone = opts.phone ?? randomPhone();
  const userName = opts.userName ?? randomName();
  const password = opts.password ?? PASSWORD;
  const ip = opts.ip ?? randomIp();
  const sms = await smsFlow(t, phone, 'register', ip);
  const res = await apiFrom(t.app, ip, {
    method: 'POST',
    url: '/api/v1/pub/user',
    body: {
      phone,
      smsCode: sms.code,
      smsTicket: sms.ticket,
      password,
      userName,
      identity: opts.identity ?? 'student',
      consentVersion: POLICY_VERSION,
      birthYear: opts.birthYear ?? ADULT_BIRTH_YEAR,
      platform: 'WEB',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  // Time passes before the next step, so a following SMS to the same phone is not "too frequent".
  t.clock.advance(61_000);
  return { userId: data.userId, token: data.token, phone, userName, password };
}

/** Logs in by account and password (with a captcha) from `ip`. */
export async function passwordLogin(app: FastifyInstance, account: string, password: string, ip = '10.9.9.9') {
  const captchaKey = await newCaptcha(app, ip);
  return apiFrom(app, ip, {
    method: 'POST',
    url: '/api/v1/pub/login',
    body: { account, password, captchaKey, captchaCode: CAPTCHA, platform: 'WEB' },
  });
}
