/**
 * Two portal instances sharing one PostgreSQL database and one Redis, as behind nginx
 * (docs/operations.md): what one instance counts or revokes, the other sees. PostgreSQL and Redis
 * only: skipped without TEST_DATABASE_URL and TEST_REDIS_URL (the in-process store is per instance
 * by design).
 */
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
        platform: 'WEB',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    clock.advance(61_000);
    return { userId: res.json().data.userId as number, userName, phone };
  }

  it('counts a per-address rate limit across both instances', async () => {
    const a = t.app;
    const b = await second();
    const ip = randomIp();
    const captcha = (app: FastifyInstance) =>
      apiFrom(app, ip, {
        url: '/api/v1/pub/user/verificationCode',
        query: { key: `k${randomBytes(8).toString('hex')}` },
      });
    // The captcha image allows 30 a minute per address: 15 on each instance use it up.
    for (let i = 0; i < 15; i++) {
      expect((await captcha(a)).statusCode).toBe(200);
      expect((await captcha(b)).statusCode).toBe(200);
    }
    for (const app of [a, b]) {
      const limited = await captcha(app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE.LIMITED' });
    }
    // Another address is not affected.
    expect(
      (await apiFrom(b, randomIp(), { url: '/api/v1/pub/user/verificationCode', query: { key: 'kother1234' } }))
        .statusCode,
    ).toBe(200);
  });

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

  it('SMS send limits and failed-code counters are shared by both instances', async () => {
    const a = t.app;
    const b = await second();
    const phone = randomPhone();
    const ip = randomIp();
    expect((await requestSms(a, phone, 'register', ip)).statusCode).toBe(200);
    // One send per 60 s per phone, purpose and source, wherever the second request lands.
    const soon = await requestSms(b, phone, 'register', ip);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'AUTH.SMS_TOO_FREQUENT' });

    // Wrong codes tried alternately on both instances are counted together: the source is locked
    // out on both at the tenth (SMS_FAILURES.source), not after ten on each.
    const attacker = randomIp();
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await apiFrom(i % 2 ? a : b, attacker, {
        method: 'POST',
        url: '/api/v1/pub/user',
        body: {
          phone: randomPhone(),
          smsCode: '000000',
          password: PASSWORD,
          userName: randomName(),
          identity: 'student',
          platform: 'WEB',
        },
      });
      codes.push(`${res.statusCode} ${res.json().code}`);
    }
    expect(codes.slice(0, 9)).toEqual(Array(9).fill('422 AUTH.SMS_INVALID'));
    // ...and the route's own limit of 10 a minute per address is shared as well.
    expect(codes.slice(9)).toEqual(['429 AUTH.LOCKED', '429 RATE.LIMITED']);
  });
});
