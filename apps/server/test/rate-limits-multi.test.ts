/**
 * Limits keyed by phone and account hold across two instances sharing PostgreSQL and Redis (docs/
 * accounts.md, Rate limits): a guesser cannot double their tries by alternating instances.
 * PostgreSQL and Redis only: skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths, LIMITS } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { CAPTCHA, newCaptcha, apiFrom, randomIp, randomPhone, requestSms, TestClock } from './accounts-helpers';
import { api, testConfig, useTestApp } from './helpers';
import { createClass, newStudent, newTeacher } from './teaching-helpers';

const shared = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

describe.skipIf(!shared)('keyed limits on two instances sharing PostgreSQL and Redis', () => {
  const config = testConfig({ captchaFixedCode: CAPTCHA, trustProxy: true });
  const clock = new TestClock();
  // One key prefix for both instances: they are one deployment.
  const t = useTestApp({ config, clock: clock.fn, kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:` });

  it("a phone's sends and wrong-code lock count on both instances", async () => {
    const a = t.app;
    const b = await t.build();
    const phone = randomPhone();
    expect((await requestSms(a, phone, 'register', randomIp())).statusCode).toBe(200);
    const again = await requestSms(b, phone, 'register', randomIp());
    expect(again.json().code).toBe('AUTH.SMS_TOO_FREQUENT');

    // Wrong codes without a ticket, alternating instances: the phone's budget is one.
    const codes: string[] = [];
    for (let i = 0; i < LIMITS.accountRates.smsWrongPerPhone; i++) {
      const app = i % 2 ? b : a;
      const res = await apiFrom(app, randomIp(), {
        method: 'POST',
        url: ApiPaths.login,
        body: {
          phone,
          smsCode: '123456',
          smsTicket: `${900_000 + i}.${randomBytes(32).toString('base64url')}`,
          platform: 'WEB',
        },
      });
      codes.push(res.json().code);
    }
    expect(codes.at(-1)).toBe('AUTH.LOCKED');
    // A check on the other instance is held too.
    const held = await apiFrom(a, randomIp(), {
      method: 'POST',
      url: ApiPaths.login,
      body: { phone, smsCode: '123456', platform: 'WEB' },
    });
    expect(held.json().code).toBe('AUTH.LOCKED');
    // The captcha ceiling per key is shared as well.
    const key = `k${randomBytes(8).toString('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.accountRates.captchaKeyPerMinute; i++)
      statuses.push((await apiFrom(i % 2 ? b : a, randomIp(), { url: ApiPaths.captcha, query: { key } })).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(await newCaptcha(a)).toBeTruthy();
  });

  it('join attempts of one account count on both instances', async () => {
    const a = t.app;
    const b = await t.build();
    const teacher = await newTeacher(t.database.db);
    const cls = await createClass(a, t.database.db, teacher);
    const s = await newStudent(t.database.db);
    const wrong = cls.joinCode === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.teaching.joinAttemptsPerHour; i++)
      statuses.push(
        (
          await api(i % 2 ? b : a, {
            method: 'POST',
            url: ApiPaths.teachingJoin,
            token: s.token,
            body: { code: wrong },
          })
        ).statusCode,
      );
    expect(statuses.slice(0, -1).every((c) => c === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
