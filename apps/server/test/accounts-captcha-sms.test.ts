import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { LIMITS, POLICY_VERSION } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { auditLog, captchas, smsCodes } from '../src/db/schema';
import { api } from './helpers';
import {
  apiFrom,
  CAPTCHA,
  lastCode,
  newCaptcha,
  randomIp,
  randomPhone,
  readOutbox,
  registerUser,
  requestSms,
  smsFlow,
  useAccountsApp,
} from './accounts-helpers';

const t = useAccountsApp();
const MIN = 60_000;

describe('image captcha', () => {
  it('answers a PNG image on v1 and v2, stores only a hash, and is not cached', async () => {
    for (const url of ['/api/v1/pub/user/verificationCode', '/api/v2/pub/user/verificationCode']) {
      const res = await api(t.app, { url, query: { key: 'captcha-key-123' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('no-store');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(120);
    }
    const rows = await t.app.db.select().from(captchas).where(eq(captchas.key, 'captcha-key-123'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.answerHash).not.toContain(CAPTCHA);
  });

  it('refuses a malformed key', async () => {
    const res = await api(t.app, { url: '/api/v1/pub/user/verificationCode', query: { key: 'a b' } });
    expect(res.statusCode).toBe(400);
  });

  it('is single-use and case-insensitive', async () => {
    const phone = randomPhone();
    const ip = randomIp();
    const captchaKey = await newCaptcha(t.app, ip);
    const send = (code: string) =>
      apiFrom(t.app, ip, {
        url: '/api/v1/pub/user/mobile/code',
        query: { phone, purpose: 'register', captchaKey, captchaCode: code },
      });
    const first = await send(CAPTCHA.toLowerCase());
    expect(first.json()).toMatchObject({
      code: 200,
      data: { expiresIn: 300, resendIn: 60, smsTicket: expect.stringMatching(/^\d+\.[\w-]{43}$/) },
    });
    const again = await send(CAPTCHA);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'AUTH.CAPTCHA_INVALID', msg: '图形验证码错误或已过期，请刷新后重试' });
  });

  it('a wrong answer uses the captcha up', async () => {
    const phone = randomPhone();
    const captchaKey = await newCaptcha(t.app);
    const wrong = await api(t.app, {
      url: '/api/v1/pub/user/mobile/code',
      query: { phone, purpose: 'register', captchaKey, captchaCode: 'zzzz' },
    });
    expect(wrong.json().code).toBe('AUTH.CAPTCHA_INVALID');
    const right = await api(t.app, {
      url: '/api/v1/pub/user/mobile/code',
      query: { phone, purpose: 'register', captchaKey, captchaCode: CAPTCHA },
    });
    expect(right.json().code).toBe('AUTH.CAPTCHA_INVALID');
  });

  it('expires after 5 minutes', async () => {
    const captchaKey = await newCaptcha(t.app);
    t.clock.advance(5 * MIN + 1000);
    const res = await api(t.app, {
      url: '/api/v1/pub/user/mobile/code',
      query: { phone: randomPhone(), purpose: 'register', captchaKey, captchaCode: CAPTCHA },
    });
    expect(res.json().code).toBe('AUTH.CAPTCHA_INVALID');
  });

  it('without CAPTCHA_FIXED_CODE the answer is random (a guess fails)', async () => {
    const app = await t.build({ config: { ...t.config, captchaFixedCode: undefined } });
    const key = 'random-answer-key';
    await api(app, { url: '/api/v1/pub/user/verificationCode', query: { key } });
    const res = await api(app, {
      url: '/api/v1/pub/user/mobile/code',
      query: { phone: randomPhone(), purpose: 'register', captchaKey: key, captchaCode: CAPTCHA },
    });
    expect(res.json().code).toBe('AUTH.CAPTCHA_INVALID');
  });

  it('has a flood ceiling per IP that a whole class passes under, and a limit per key', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    const ceiling = LIMITS.accountRates.addressLoginPerMinute;
    for (let i = 0; i <= ceiling; i++)
      statuses.push(
        (await apiFrom(t.app, ip, { url: '/api/v1/pub/user/verificationCode', query: { key: `rate-limit-key-${i}` } }))
          .statusCode,
      );
    expect(statuses.slice(0, ceiling).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // One key refreshed again and again, from anywhere.
    const key = 'refreshed-key-0001';
    const perKey: number[] = [];
    for (let i = 0; i <= LIMITS.accountRates.captchaKeyPerMinute; i++)
      perKey.push(
        (await apiFrom(t.app, randomIp(), { url: '/api/v1/pub/user/verificationCode', query: { key } })).statusCode,
      );
    expect(perKey.at(-2)).toBe(200);
    expect(perKey.at(-1)).toBe(429);
    expect(
      (await apiFrom(t.app, randomIp(), { url: '/api/v1/pub/user/verificationCode', query: { key: 'other-ip-key' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('check mobile', () => {
  it('tells whether a phone is registered and validates the phone', async () => {
    const user = await registerUser(t);
    expect((await api(t.app, { url: '/api/v1/pub/user/check/mobile', query: { phone: user.phone } })).json()).toEqual({
      code: 200,
      msg: 'success',
      data: { registered: true },
    });
    expect(
      (await api(t.app, { url: '/api/v1/pub/user/check/mobile', query: { phone: randomPhone() } })).json().data,
    ).toEqual({ registered: false });
    const bad = await api(t.app, { url: '/api/v1/pub/user/check/mobile', query: { phone: '12345' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('请输入正确的 11 位手机号');
  });
});

describe('SMS codes', () => {
  it('writes {phone, purpose, code, sentAt} to the dev outbox, stores only a hash, logs no code', async () => {
    const phone = randomPhone();
    const res = await requestSms(t.app, phone, 'register');
    expect(res.statusCode).toBe(200);
    const line = readOutbox(t.config)
      .filter((l) => l.phone === phone)
      .at(-1)!;
    expect(Object.keys(line)).toEqual(['phone', 'purpose', 'code', 'sentAt']);
    expect(line.purpose).toBe('register');
    expect(line.code).toMatch(/^\d{6}$/);
    expect(new Date(line.sentAt).toISOString()).toBe(line.sentAt);
    const [row] = await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(line.code);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.event, 'sms_send'));
    expect(JSON.stringify(audit)).not.toContain(line.code);
  });

  it('v2 path works too; register refuses a registered phone, login/reset refuse an unknown one', async () => {
    const user = await registerUser(t);
    const ip = randomIp();
    const captchaKey = await newCaptcha(t.app, ip);
    const v2 = await apiFrom(t.app, ip, {
      url: '/api/v2/pub/user/mobile/code',
      query: { phone: user.phone, purpose: 'login', captchaKey, captchaCode: CAPTCHA },
    });
    expect(v2.json().code).toBe(200);
    const taken = await requestSms(t.app, user.phone, 'register');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('AUTH.PHONE_TAKEN');
    for (const purpose of ['login', 'reset']) {
      const unknown = await requestSms(t.app, randomPhone(), purpose);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toMatchObject({ code: 'AUTH.PHONE_NOT_REGISTERED', msg: '该手机号尚未注册' });
    }
    const badPurpose = await requestSms(t.app, randomPhone(), 'other');
    expect(badPurpose.statusCode).toBe(400);
  });

  it('allows per phone, whatever the source, 1 send per 60 s and purpose, 5 per hour and 10 a day', async () => {
    const phone = randomPhone();
    expect((await requestSms(t.app, phone, 'register', randomIp())).statusCode).toBe(200);
    // Another source gets no quota of its own.
    const soon = await requestSms(t.app, phone, 'register', randomIp());
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('AUTH.SMS_TOO_FREQUENT');
    expect(soon.json().msg).toMatch(/请 \d+ 秒后再试/);
    expect(soon.json().data.retryAfter).toBeGreaterThan(50);
    // Another purpose (a login right after registering) is sent.
    expect((await requestSms(t.app, phone, 'bind', randomIp())).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) {
      t.clock.advance(61_000);
      expect((await requestSms(t.app, phone, 'register', randomIp())).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const hourly = await requestSms(t.app, phone, 'register', randomIp());
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().msg).toBe('该手机号 1 小时内获取验证码次数已达上限，请稍后再试');
    expect((await requestSms(t.app, phone, 'bind', randomIp())).statusCode).toBe(429);

    // 5 sends so far: 5 more (stored directly, as the route's address ceiling counts real time)
    // make the day's 10, whatever their purpose and source.
    t.clock.advance(60 * MIN);
    await t.app.db.insert(smsCodes).values(
      Array.from({ length: 5 }, (_, i) => ({
        phone,
        purpose: 'reset',
        codeHash: 'x'.repeat(64),
        ip: randomIp(),
        createdAt: new Date(t.clock.now - (i + 1) * 2 * 60 * MIN),
        expiresAt: new Date(t.clock.now),
      })),
    );
    const daily = await requestSms(t.app, phone, 'bind', randomIp());
    expect(daily.statusCode).toBe(429);
    expect(daily.json().msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试');

    t.clock.advance(24 * 60 * MIN);
    expect((await requestSms(t.app, phone, 'register', randomIp())).statusCode).toBe(200);
  });

  it('25 sends to one phone from 25 addresses at once send one code', async () => {
    const phone = randomPhone();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => requestSms(t.app, phone, 'register', randomIp())),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(readOutbox(t.config).filter((l) => l.phone === phone)).toHaveLength(1);
  });

  it('caps sends per IP across phones', async () => {
    const ip = randomIp();
    const now = t.clock.now;
    await t.app.db.insert(smsCodes).values(
      Array.from({ length: LIMITS.accountRates.addressSmsPerHour - 1 }, (_, i) => ({
        phone: `1370000${String(i).padStart(4, '0')}`,
        purpose: 'register',
        codeHash: 'x'.repeat(64),
        ip,
        createdAt: new Date(now - 1000),
        expiresAt: new Date(now + 60_000),
      })),
    );
    expect((await requestSms(t.app, randomPhone(), 'register', ip)).statusCode).toBe(200);
    const capped = await requestSms(t.app, randomPhone(), 'register', ip);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().msg).toBe('当前网络获取验证码过于频繁，请稍后再试');
    expect((await requestSms(t.app, randomPhone(), 'register', randomIp())).statusCode).toBe(200);
  });

  it('is bound to phone and purpose, single-use, and dead after 3 wrong tries with its ticket', async () => {
    const phone = randomPhone();
    const { code, ticket } = await smsFlow(t, phone, 'register');
    const reg = (body: Record<string, unknown>) =>
      apiFrom(t.app, randomIp(), {
        method: 'POST',
        url: '/api/v1/pub/user',
        body: {
          phone,
          smsTicket: ticket,
          password: 'Shuxue2026go',
          userName: `n${phone}`.replace(/^n1/, 'n_'),
          identity: 'student',
          consentVersion: POLICY_VERSION,
          birthYear: 2005,
          platform: 'WEB',
          ...body,
        },
      });
    // Another phone with the same code and ticket fails.
    const other = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/user',
      body: {
        phone: randomPhone(),
        smsCode: code,
        smsTicket: ticket,
        password: 'Shuxue2026go',
        userName: 'other_phone',
        consentVersion: POLICY_VERSION,
        birthYear: 2005,
        platform: 'WEB',
      },
    });
    expect(other.json().code).toBe('AUTH.SMS_INVALID');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await reg({ smsCode: wrong })).json().code).toBe('AUTH.SMS_INVALID');
    const dead = await reg({ smsCode: code });
    expect(dead.statusCode).toBe(422);
    expect(dead.json()).toMatchObject({ code: 'AUTH.SMS_INVALID', msg: '短信验证码错误或已失效，请重新获取' });

    t.clock.advance(61_000);
    const fresh = await smsFlow(t, phone, 'register');
    expect((await reg({ smsCode: fresh.code, smsTicket: fresh.ticket })).statusCode).toBe(200);
    // Used once; the same code cannot register again (nor be used for another purpose).
    expect((await reg({ smsCode: fresh.code, smsTicket: fresh.ticket, userName: 'second_try' })).statusCode).toBe(409);
  });

  it('refuses a malformed ticket with a clear message', async () => {
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/login',
      body: { phone: randomPhone(), smsCode: '123456', smsTicket: 'not-a-ticket', platform: 'WEB' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('短信验证码已失效，请重新获取');
  });

  it('expires after 5 minutes', async () => {
    const phone = randomPhone();
    const { code, ticket } = await smsFlow(t, phone, 'register');
    t.clock.advance(5 * MIN + 1000);
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/user',
      body: {
        phone,
        smsCode: code,
        smsTicket: ticket,
        password: 'Shuxue2026go',
        userName: 'late_user',
        consentVersion: POLICY_VERSION,
        birthYear: 2005,
        platform: 'WEB',
      },
    });
    expect(res.json().code).toBe('AUTH.SMS_INVALID');
  });

  it('a newer code from the same source replaces the older one', async () => {
    const user = await registerUser(t);
    const ip = randomIp();
    const first = await smsFlow(t, user.phone, 'login', ip);
    t.clock.advance(61_000);
    const second = await smsFlow(t, user.phone, 'login', ip);
    const login = (sms: { code: string; ticket: string }) =>
      api(t.app, {
        method: 'POST',
        url: '/api/v1/pub/login',
        body: { phone: user.phone, smsCode: sms.code, smsTicket: sms.ticket, platform: 'WEB' },
      });
    expect((await login(first)).json().code).toBe('AUTH.SMS_INVALID');
    expect((await login({ code: first.code, ticket: second.ticket })).json().code).toBe(
      first.code === second.code ? 200 : 'AUTH.SMS_INVALID',
    );
    if (first.code === second.code) return;
    expect((await login(second)).json().code).toBe(200);
  });

  it('one code used by 10 parallel requests succeeds exactly once', async () => {
    const user = await registerUser(t);
    const { code, ticket } = await smsFlow(t, user.phone, 'login');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        apiFrom(t.app, randomIp(), {
          method: 'POST',
          url: '/api/v1/pub/login',
          body: { phone: user.phone, smsCode: code, smsTicket: ticket, platform: 'WEB' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(9);
    expect(lastCode(t.config, user.phone, 'login')).toBe(code);
  });
});
