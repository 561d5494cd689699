/**
 * Consent to the 《用户服务协议》/《隐私政策》 (docs/privacy.md): registration needs consent to the
 * current version and records it; a user whose consent is older is told `consentRequired` and
 * accepts again through `POST /api/v1/user/consent`; binding a third-party account needs it.
 */
import { POLICY_VERSION } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import {
  apiFrom,
  passwordLogin,
  PASSWORD,
  randomIp,
  randomName,
  randomPhone,
  registerUser,
  smsFlow,
} from './accounts-helpers';
import { api } from './helpers';
import { Browser, hashParams, useIdentityApp, wechatToLanding } from './identity-helpers';

const t = useIdentityApp();

async function register(extra: Record<string, unknown>) {
  const phone = randomPhone();
  const ip = randomIp();
  const sms = await smsFlow(t, phone, 'register', ip);
  const res = await apiFrom(t.app, ip, {
    method: 'POST',
    url: '/api/v1/pub/user',
    body: {
      phone,
      smsCode: sms.code,
      smsTicket: sms.ticket,
      password: PASSWORD,
      userName: randomName(),
      identity: 'student',
      birthYear: 2005,
      platform: 'WEB',
      ...extra,
    },
  });
  return { res, phone };
}

describe('consent at registration', () => {
  it('refuses a registration without consent or with another version (400), creating nothing', async () => {
    const missing = await register({});
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json().msg).toBe(
      '参数 协议同意（consentVersion） 不合法：请阅读并勾选同意《用户服务协议》与《隐私政策》',
    );
    const old = await register({ consentVersion: '2020-01-01' });
    expect(old.res.statusCode).toBe(400);
    expect(old.res.json().msg).toContain('已更新');
    for (const phone of [missing.phone, old.phone])
      expect(await t.app.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('records the version and the time consented, and answers consentRequired false', async () => {
    const before = t.clock.now;
    const { res, phone } = await register({ consentVersion: POLICY_VERSION });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.consentRequired).toBe(false);
    const [row] = await t.app.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.consentVersion).toBe(POLICY_VERSION);
    expect(row!.consentedAt!.getTime()).toBeGreaterThanOrEqual(before);
    const status = await api(t.app, { url: '/api/v1/user/consent', token: res.json().data.token });
    expect(status.json().data).toEqual({
      currentVersion: POLICY_VERSION,
      consentVersion: POLICY_VERSION,
      consentedAt: row!.consentedAt!.toISOString(),
      consentRequired: false,
      birthYearRequired: false,
      guardianRequired: false,
    });
  });
});

describe('a student account without a birth year (from before registration asked for it)', () => {
  const consent = (token: string, body: Record<string, unknown>) =>
    api(t.app, {
      method: 'POST',
      url: '/api/v1/user/consent',
      token,
      body: { consentVersion: POLICY_VERSION, ...body },
    });

  it('is asked for the year with consent; a pupil under 14 becomes browse-only at once, and the year is kept', async () => {
    const u = await registerUser(t);
    await t.app.db.update(users).set({ birthYear: null }).where(eq(users.id, u.userId));
    const login = await passwordLogin(t.app, u.phone, u.password);
    expect(login.json().data).toMatchObject({ consentRequired: true, guardianRequired: false });
    const token = login.json().data.token as string;
    expect((await api(t.app, { url: '/api/v1/user/consent', token })).json().data).toMatchObject({
      consentVersion: POLICY_VERSION,
      consentRequired: true,
      birthYearRequired: true,
    });
    // Consent alone is not enough, nor a year out of range: 400, nothing recorded.
    const without = await consent(token, {});
    expect(without.statusCode).toBe(400);
    expect(without.json().msg).toBe('请选择出生年份');
    const future = await consent(token, { birthYear: new Date(t.clock.now).getUTCFullYear() });
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toBe('请选择正确的出生年份');
    // A writing session from before is held as soon as the year says under 14.
    const young = new Date(t.clock.now).getUTCFullYear() - 10;
    const given = await consent(token, { birthYear: young });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({
      consentRequired: false,
      birthYearRequired: false,
      guardianRequired: true,
    });
    const write = await api(t.app, {
      method: 'PUT',
      url: `/api/v1/users/${u.userId}/password`,
      token,
      body: { oldPassword: u.password, newPassword: 'Another2026x' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('AUTH.GUARDIAN_REQUIRED');
    // A second consent cannot replace the year with an older one.
    const again = await consent(token, { birthYear: 2000 });
    expect(again.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.userId));
    expect(row).toMatchObject({ birthYear: young, guardianRequired: true });
    const trail = await t.app.db.select().from(auditLog).where(eq(auditLog.userId, u.userId));
    expect(trail.filter((e) => e.event === 'consent').map((e) => e.detail)).toContainEqual(
      expect.objectContaining({ guardianRequired: true }),
    );
  });

  it('asks nothing of a teacher without a birth year, and an older pupil stays free to write', async () => {
    const teacher = await registerUser(t);
    await t.app.db.update(users).set({ identity: 'teacher', birthYear: null }).where(eq(users.id, teacher.userId));
    const tl = await passwordLogin(t.app, teacher.phone, teacher.password);
    expect(tl.json().data.consentRequired).toBe(false);
    const pupil = await registerUser(t);
    await t.app.db.update(users).set({ birthYear: null }).where(eq(users.id, pupil.userId));
    const token = (await passwordLogin(t.app, pupil.phone, pupil.password)).json().data.token as string;
    const given = await consent(token, { birthYear: 2005 });
    expect(given.json().data).toMatchObject({ consentRequired: false, guardianRequired: false });
    expect((await passwordLogin(t.app, pupil.phone, pupil.password)).json().data).toMatchObject({
      consentRequired: false,
      guardianRequired: false,
    });
  });
});

describe('a new version', () => {
  it('asks a user who consented to an older version again, until they accept the current one', async () => {
    const u = await registerUser(t);
    await t.app.db.update(users).set({ consentVersion: '2025-01-01' }).where(eq(users.id, u.userId));
    const login = await passwordLogin(t.app, u.phone, u.password);
    expect(login.json().data.consentRequired).toBe(true);
    const token = login.json().data.token as string;
    expect((await api(t.app, { url: '/api/v1/user/consent', token })).json().data).toMatchObject({
      consentVersion: '2025-01-01',
      consentRequired: true,
    });
    // Only the current version is accepted, and only with a session.
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/consent',
      token,
      body: { consentVersion: '2025-01-01' },
    });
    expect(wrong.statusCode).toBe(400);
    const anonymous = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/consent',
      body: { consentVersion: POLICY_VERSION },
    });
    expect(anonymous.statusCode).toBe(401);
    const accepted = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/consent',
      token,
      body: { consentVersion: POLICY_VERSION },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ consentVersion: POLICY_VERSION, consentRequired: false });
    expect((await passwordLogin(t.app, u.phone, u.password)).json().data.consentRequired).toBe(false);
    const trail = await t.app.db.select().from(auditLog).where(eq(auditLog.userId, u.userId));
    expect(trail.filter((e) => e.event === 'consent')).toHaveLength(1);
  });
});

describe('consent at the first third-party login (binding)', () => {
  it('refuses to bind a WeChat account for a user without current consent, and binds after consent', async () => {
    const u = await registerUser(t);
    await t.app.db.update(users).set({ consentVersion: null, consentedAt: null }).where(eq(users.id, u.userId));
    const b = new Browser(t.app);
    const { code, state } = await wechatToLanding(b, { client: 'h5', persona: 'wx-new' });
    const landing = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
    const ticket = hashParams(landing.json().data.url).params.get('unionId')!;
    const bind = () =>
      api(t.app, {
        method: 'POST',
        url: '/api/v1/users/bind',
        token: u.token,
        headers: { cookie: b.cookie },
        body: { ticket },
      });
    const refused = await bind();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'AUTH.CONSENT_REQUIRED',
      msg: '请先阅读并同意最新版《用户服务协议》与《隐私政策》',
    });
    await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/consent',
      token: u.token,
      body: { consentVersion: POLICY_VERSION },
    });
    // The refusal left the ticket usable.
    const bound = await bind();
    expect(bound.statusCode, bound.body).toBe(200);
  });
});
