/**
 * Two portal instances sharing one PostgreSQL database and one Redis, as behind nginx
 * (docs/operations.md): what one instance revokes or consumes, the other sees. Limits counted on
 * both instances are proved in rate-limits-multi.test.ts. PostgreSQL and Redis
 * only: skipped without TEST_DATABASE_URL and TEST_REDIS_URL (the in-process store is per instance
 * by design).
 */
import { POLICY_VERSION } from '@eav/contract';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  apiFrom,
  CAPTCHA,
  lastCode,
  newCaptcha,
  passwordLogin,
  PASSWORD,
  randomIp,
  randomName,
  randomPhone,
  requestSms,
  TestClock,
} from './accounts-helpers';
import { api, testConfig, useTestApp } from './helpers';

const shared = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

describe.skipIf(!shared)('two instances on shared PostgreSQL and Redis', () => {
  const config = testConfig({ captchaFixedCode: CAPTCHA, trustProxy: true });
  const clock = new TestClock();
  // One key prefix for both instances: they are one deployment.
  const t = useTestApp({ config, clock: clock.fn, kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:` });
  const second = () => t.build();

  /** Registers a user: SMS requested on `a`, the account created on `b`. */
  async function register(a: FastifyInstance, b: FastifyInstance) {
    const phone = randomPhone();
    const ip = randomIp();
    const sent = await requestSms(a, phone, 'register', ip);
    expect(sent.statusCode, sent.body).toBe(200);
    const userName = randomName();
    const res = await apiFrom(b, ip, {
      method: 'POST',
      url: '/api/v1/pub/user',
      body: {
        phone,
        smsCode: lastCode(config, phone, 'register'),
        smsTicket: sent.json().data.smsTicket,
        password: PASSWORD,
        userName,
        identity: 'student',
        consentVersion: POLICY_VERSION,
        birthYear: 2005,
        platform: 'WEB',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    clock.advance(61_000);
    return { userId: res.json().data.userId as number, userName, phone };
  }

  it('a session logged out on one instance is refused on the other', async () => {
    const a = t.app;
    const b = await second();
    const user = await register(a, b);
    const login = await passwordLogin(b, user.userName, PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token as string;
    expect((await api(a, { url: `/api/v1/users/${user.userId}`, token })).statusCode).toBe(200);
    expect((await api(b, { url: `/api/v1/users/${user.userId}`, token })).statusCode).toBe(200);
    expect((await api(a, { method: 'POST', url: '/api/v1/logout', token })).statusCode).toBe(200);
    expect((await api(b, { url: `/api/v1/users/${user.userId}`, token })).statusCode).toBe(401);
    expect((await api(a, { url: `/api/v1/users/${user.userId}`, token })).statusCode).toBe(401);
  });

  it('a captcha answered on one instance cannot be used again on the other', async () => {
    const a = t.app;
    const b = await second();
    const ip = randomIp();
    const captchaKey = await newCaptcha(a, ip);
    const send = (app: FastifyInstance, phone: string) =>
      apiFrom(app, ip, {
        url: '/api/v1/pub/user/mobile/code',
        query: { phone, purpose: 'register', captchaKey, captchaCode: CAPTCHA },
      });
    expect((await send(b, randomPhone())).statusCode).toBe(200);
    const again = await send(a, randomPhone());
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'AUTH.CAPTCHA_INVALID' });
  });
});
