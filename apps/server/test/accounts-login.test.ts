import { POLICY_VERSION } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../src/db/schema';
import { sha256Hex } from '../src/lib/tokens';
import { api } from './helpers';
import {
  apiFrom,
  PASSWORD,
  passwordLogin,
  randomIp,
  randomName,
  randomPhone,
  registerUser,
  smsCode,
  smsFlow,
  useAccountsApp,
} from './accounts-helpers';

const t = useAccountsApp();
const MIN = 60_000;

/** Beijing HH:mm of a time. */
/** `00:13` in Beijing time, with `11/29 ` before it when that is another Beijing day than `now` (Intl, not the server's dayjs). */
const beijing = (ms: number, now: number) => {
  const time = new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
  const day = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric' });
  return day.format(ms) === day.format(now) ? time : `${day.format(ms)} ${time}`;
};

describe('register', () => {
  it('creates the account, answers the login shape, stores an argon2id hash and a hashed token', async () => {
    const phone = randomPhone();
    const userName = randomName('reg');
    const code = await smsCode(t, phone, 'register');
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/user',
      body: {
        phone,
        smsCode: code,
        password: PASSWORD,
        userName,
        identity: 'teacher',
        consentVersion: POLICY_VERSION,
        birthYear: 2005,
        platform: 'WEB',
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      userName,
      name: userName,
      phone,
      roles: ['teacher'],
      identity: 'teacher',
      avatar: null,
      completed: false,
      zsVerified: false,
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, data.userId));
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [s] = await t.app.db.select().from(sessions).where(eq(sessions.userId, data.userId));
    expect(s!.tokenHash).toBe(sha256Hex(data.token));
    const me = await api(t.app, { url: `/api/v1/users/${data.userId}`, token: data.token });
    expect(me.json().data.userName).toBe(userName);
    const events = (await t.app.db.select().from(auditLog).where(eq(auditLog.userId, data.userId))).map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['register', 'login']));
  });

  it('refuses weak, common and phone-containing passwords, and taken names', async () => {
    const phone = randomPhone();
    const code = await smsCode(t, phone, 'register');
    const reg = (password: string, userName = randomName()) =>
      apiFrom(t.app, randomIp(), {
        method: 'POST',
        url: '/api/v1/pub/user',
        body: {
          phone,
          smsCode: code,
          password,
          userName,
          consentVersion: POLICY_VERSION,
          birthYear: 2005,
          platform: 'WEB',
        },
      });
    for (const weak of ['abc123', '12345678', 'abcdefgh', 'abcd 1234']) {
      const r = await reg(weak);
      expect(r.statusCode, weak).toBe(400);
      expect(r.json().msg).toMatch(/密码/);
    }
    for (const common of ['password1', 'a123456789', 'woaini1314', 'qq123456', 'P@ssw0rd', 'Aa123456']) {
      const r = await reg(common);
      expect(r.statusCode, common).toBe(422);
      expect(r.json()).toMatchObject({
        code: 'AUTH.WEAK_PASSWORD',
        msg: '该密码过于常见，容易被猜中，请换一个更复杂的密码',
      });
    }
    expect((await reg(`x${phone}`)).json()).toMatchObject({ code: 'AUTH.WEAK_PASSWORD', msg: '密码不能包含手机号' });
    const other = await registerUser(t);
    const taken = await reg(PASSWORD, other.userName.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('AUTH.USERNAME_TAKEN');
    // The refusals did not use the code up.
    expect((await reg(PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a phone that is already registered', async () => {
    const user = await registerUser(t);
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/user',
      body: {
        phone: user.phone,
        smsCode: '123456',
        password: PASSWORD,
        userName: randomName(),
        consentVersion: POLICY_VERSION,
        birthYear: 2005,
        platform: 'WEB',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('AUTH.PHONE_TAKEN');
  });
});

describe('password login', () => {
  it('logs in by phone or user name (any case) with a captcha; a wrong captcha is refused first', async () => {
    const user = await registerUser(t);
    const byPhone = await passwordLogin(t.app, user.phone, user.password);
    expect(byPhone.json()).toMatchObject({
      code: 200,
      data: { userId: user.userId, phone: user.phone, roles: ['student'] },
    });
    const byName = await passwordLogin(t.app, user.userName.toUpperCase(), user.password);
    expect(byName.json().data.userId).toBe(user.userId);
    expect(byName.json().data.token).not.toBe(byPhone.json().data.token);
    const noCaptcha = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/login',
      body: {
        account: user.phone,
        password: user.password,
        captchaKey: 'never-issued',
        captchaCode: 'Ab3D',
        platform: 'WEB',
      },
    });
    expect(noCaptcha.statusCode).toBe(422);
    expect(noCaptcha.json().code).toBe('AUTH.CAPTCHA_INVALID');
    const bad = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/login',
      body: { account: user.phone, platform: 'PC' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the same for a wrong password and for a missing account', async () => {
    const user = await registerUser(t);
    const wrong = await passwordLogin(t.app, user.phone, 'Wrong2026pass');
    const missing = await passwordLogin(t.app, randomPhone(), 'Wrong2026pass');
    const missingName = await passwordLogin(t.app, 'nobody_here', 'Wrong2026pass');
    for (const r of [wrong, missing, missingName]) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({
        code: 'AUTH.BAD_CREDENTIALS',
        msg: '账号或密码错误，还可尝试 4 次',
        data: { remaining: 4 },
      });
    }
  });

  it('locks password login for 15 minutes after 5 wrong passwords; SMS login still works; the lock expires', async () => {
    const user = await registerUser(t);
    for (let i = 1; i <= 4; i++) {
      const r = await passwordLogin(t.app, user.phone, `Wrong${i}pass99`);
      expect(r.json().msg).toBe(`账号或密码错误，还可尝试 ${5 - i} 次`);
    }
    const lockedAt = t.clock.now;
    const fifth = await passwordLogin(t.app, user.phone, 'Wrong5pass99');
    expect(fifth.statusCode).toBe(429);
    const until = lockedAt + 15 * MIN;
    expect(fifth.json()).toEqual({
      code: 'AUTH.LOCKED',
      msg: `密码错误次数过多，请于 ${beijing(until, lockedAt)} 后再试或使用短信登录`,
      data: { lockedUntil: new Date(until).toISOString() },
    });
    // Even the right password is refused while locked, by user name too.
    const right = await passwordLogin(t.app, user.userName, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('AUTH.LOCKED');

    // SMS login is not locked (nobody can lock a classmate out for good).
    const { code, ticket } = await smsFlow(t, user.phone, 'login');
    const sms = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/login',
      body: { phone: user.phone, smsCode: code, smsTicket: ticket, platform: 'WEB' },
    });
    expect(sms.json()).toMatchObject({ code: 200, data: { userId: user.userId } });

    const events = (await t.app.db.select().from(auditLog).where(eq(auditLog.userId, user.userId))).map((r) => r.event);
    expect(events.filter((e) => e === 'login_failed').length).toBeGreaterThanOrEqual(6);
    expect(events).toContain('lock');
    expect(JSON.stringify(await t.app.db.select().from(auditLog))).not.toContain('Wrong5pass99');
  });

  it('the lock ends after 15 minutes and counting starts afresh', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 5; i++) await passwordLogin(t.app, user.phone, 'Wrong0pass99');
    expect((await passwordLogin(t.app, user.phone, user.password)).statusCode).toBe(429);
    t.clock.advance(14 * MIN);
    expect((await passwordLogin(t.app, user.phone, user.password)).statusCode).toBe(429);
    t.clock.advance(MIN + 1000);
    const wrongAfter = await passwordLogin(t.app, user.phone, 'Wrong0pass99');
    expect(wrongAfter.json().msg).toBe('账号或密码错误，还可尝试 4 次');
    const ok = await passwordLogin(t.app, user.phone, user.password);
    expect(ok.statusCode).toBe(200);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(u).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('a missing account locks the same way', async () => {
    const account = randomName('ghost');
    for (let i = 0; i < 4; i++) expect((await passwordLogin(t.app, account, 'Wrong0pass99')).statusCode).toBe(422);
    const fifth = await passwordLogin(t.app, account, 'Wrong0pass99');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('AUTH.LOCKED');
  });
});

describe('SMS login', () => {
  it('logs in by phone and code of purpose login only', async () => {
    const user = await registerUser(t);
    const reset = await smsFlow(t, user.phone, 'reset');
    for (const smsTicket of [reset.ticket, undefined]) {
      const wrongPurpose = await api(t.app, {
        method: 'POST',
        url: '/api/v1/pub/login',
        body: { phone: user.phone, smsCode: reset.code, smsTicket, platform: 'WEB' },
      });
      expect(wrongPurpose.json().code).toBe('AUTH.SMS_INVALID');
    }
    t.clock.advance(61_000);
    const { code, ticket } = await smsFlow(t, user.phone, 'login');
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/login',
      body: { phone: user.phone, smsCode: code, smsTicket: ticket, platform: 'WEB' },
    });
    expect(res.json()).toMatchObject({ code: 200, data: { userId: user.userId, userName: user.userName } });
  });
});

describe('sessions', () => {
  it('logout revokes the token (401 afterwards) and is audited', async () => {
    const user = await registerUser(t);
    const out = await api(t.app, { method: 'POST', url: '/api/v1/logout', token: user.token });
    expect(out.json()).toEqual({ code: 200, msg: 'success', data: null });
    const after = await api(t.app, { url: `/api/v1/users/${user.userId}`, token: user.token });
    expect(after.statusCode).toBe(401);
    expect((await api(t.app, { method: 'POST', url: '/api/v1/logout' })).statusCode).toBe(401);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.userId), eq(auditLog.event, 'logout')));
    expect(rows[0]).toMatchObject({ result: 'success', ip: expect.any(String) });
  });

  it('an unknown token is 401; an expired one is 401; use slides the expiry', async () => {
    const user = await registerUser(t);
    expect((await api(t.app, { url: `/api/v1/users/${user.userId}`, token: 'x'.repeat(43) })).statusCode).toBe(401);
    const [before] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(user.token)));
    t.clock.advance(6 * 24 * 60 * MIN);
    expect((await api(t.app, { url: `/api/v1/users/${user.userId}`, token: user.token })).statusCode).toBe(200);
    const [slid] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(user.token)));
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(before!.expiresAt.getTime());
    t.clock.advance(7 * 24 * 60 * MIN + 1000);
    expect((await api(t.app, { url: `/api/v1/users/${user.userId}`, token: user.token })).statusCode).toBe(401);
  });

  it('a disabled account answers 403 to its token and cannot log in; enabling restores it', async () => {
    const user = await registerUser(t);
    const admin = await registerUser(t);
    await t.app.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.userId));
    const disable = await api(t.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${user.userId}/status`,
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(disable.json()).toMatchObject({ code: 200, data: { userId: user.userId, status: 'disabled' } });
    const res = await api(t.app, { url: `/api/v1/users/${user.userId}`, token: user.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'AUTH.ACCOUNT_DISABLED', msg: '账号已被停用，请联系客服' });
    const login = await passwordLogin(t.app, user.phone, user.password);
    expect(login.statusCode).toBe(422);
    expect(login.json()).toMatchObject({ code: 'AUTH.ACCOUNT_DISABLED', msg: '账号已被停用，请联系客服' });
    const enable = await api(t.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${user.userId}/status`,
      token: admin.token,
      body: { status: 'active' },
    });
    expect(enable.json().data.status).toBe('active');
    expect((await api(t.app, { url: `/api/v1/users/${user.userId}`, token: user.token })).statusCode).toBe(200);
  });

  it('operator endpoints are hidden from non-admins', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const res = await apiFrom(t.app, randomIp(), {
      method: 'PUT',
      url: `/api/v1/admin/users/${other.userId}/status`,
      token: user.token,
      body: { status: 'disabled' },
    });
    expect(res.statusCode).toBe(404);
    const grant = await api(t.app, {
      method: 'POST',
      url: `/api/v1/admin/users/${other.userId}/platforms`,
      token: user.token,
      body: { platformCode: 'xh', autoAddress: 'https://x.example.cn' },
    });
    expect(grant.statusCode).toBe(404);
  });
});
