/**
 * Bindings of the logged-in user (docs/identity.md, Binding): one identity per user and provider,
 * one user per identity, fresh login, the last way in, the owner rule, the identity choice of a new
 * account, the class-server key (decrypts, expires, single-use), the eraser, and FAKE_IDP refused
 * in production.
 */
import { POLICY_VERSION } from '@eav/contract';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { compactDecrypt, importPKCS8, jwtDecrypt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError, FAKE_TEACHING_BACKOFFICE_PATH, loadConfig } from '../src/config';
import { bindTickets, externalIdentities, identityChoices, sessions, users } from '../src/db/schema';
import { LocalDiskStorage } from '../src/lib/storage';
import { sha256Hex, newToken } from '../src/lib/tokens';
import { seedDemoIdentities } from '../src/features/accounts/external';
import { purgeOldTickets } from '../src/features/accounts/external/service';
import { BOUND_WECHAT_PERSONA } from '../src/features/accounts/external/fake/personas';
import { fakeTeachingAddress } from '../src/features/accounts/external/fake/teaching';
import { registerUser } from './accounts-helpers';
import { api, type ApiRequest } from './helpers';
import { PRODUCTION_ENV } from './production-env';
import { Browser, hashParams, useIdentityApp, wechatToLanding } from './identity-helpers';

const t = useIdentityApp();

/** The flow cookie of the browser each ticket was issued to (tickets work only there). */
const flowCookies = new Map<string, string>();

/** A bind ticket of a WeChat persona, from a real H5 login through the fake. */
async function wechatTicket(persona: string): Promise<string> {
  const b = new Browser(t.app);
  const { code, state } = await wechatToLanding(b, { client: 'h5', persona });
  const res = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
  const ticket = hashParams(res.json().data.url).params.get('unionId')!;
  flowCookies.set(ticket, b.cookie);
  return ticket;
}

/** An API call from the browser that ran the flow of the body's ticket. */
const fromFlowBrowser = (req: ApiRequest) =>
  api(t.app, { ...req, headers: { cookie: flowCookies.get((req.body as { ticket: string }).ticket) ?? '' } });

/** A user with neither phone nor password (e.g. created by an operator import), and a session. */
async function bareUser(roles: string[] = ['student']): Promise<{ userId: number; token: string }> {
  const [u] = await t.app.db
    .insert(users)
    .values({
      userName: `bare_${newToken().slice(0, 8)}`,
      roles,
      identity: roles[0] ?? 'student',
      // A pupil past 14 who consented to the current documents: binding needs both.
      birthYear: 2005,
      consentVersion: POLICY_VERSION,
    })
    .returning();
  const token = newToken();
  const now = t.clock.now;
  await t.app.db.insert(sessions).values({
    userId: u!.id,
    tokenHash: sha256Hex(token),
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + 86_400_000),
  });
  return { userId: u!.id, token };
}

describe('binding rules', () => {
  it('refuses an identity bound elsewhere and a second identity of the same provider (409 BIND.ALREADY_BOUND)', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const bindA = await fromFlowBrowser({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: a.token,
      body: { ticket: await wechatTicket('wx-new') },
    });
    expect(bindA.statusCode, bindA.body).toBe(200);
    const taken = await fromFlowBrowser({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: b.token,
      body: { ticket: await wechatTicket('wx-new') },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'BIND.ALREADY_BOUND',
      msg: expect.stringContaining('已绑定其他平台账号'),
    });
    const second = await fromFlowBrowser({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: a.token,
      body: { ticket: await wechatTicket('wx-student') },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('BIND.ALREADY_BOUND');
    const rows = await t.app.db.select().from(externalIdentities).where(eq(externalIdentities.provider, 'wechat'));
    expect(rows.filter((r) => r.userId === b.userId)).toHaveLength(0);
  });

  it('needs a fresh login to bind a ticket of a login flow', async () => {
    const u = await registerUser(t);
    t.clock.advance(20 * 60_000);
    const ticket = await wechatTicket('wx-new');
    const stale = await fromFlowBrowser({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: u.token,
      body: { ticket },
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().msg).toContain('重新登录');
    const anon = await fromFlowBrowser({ method: 'POST', url: '/api/v1/users/bind', body: { ticket } });
    expect(anon.statusCode).toBe(401);
  });

  it('lists the bindings for the owner only and unbinds, but never the last way in (409 BIND.LAST_METHOD)', async () => {
    const u = await registerUser(t);
    // Each test file shares one database: wx-new is bound to an earlier test's user.
    const bind = await fromFlowBrowser({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: u.token,
      body: { ticket: await wechatTicket('wx-bound') },
    });
    expect(bind.statusCode, bind.body).toBe(200);
    const list = await api(t.app, { url: `/api/v1/users/${u.userId}/bindings`, token: u.token });
    expect(list.json().data).toMatchObject({
      hasPassword: true,
      hasPhone: true,
      items: [
        { provider: 'wechat', bound: true, displayName: '小明（已绑定）' },
        { provider: 'zjer', bound: false },
        { provider: 'educube', bound: false },
      ],
    });
    const other = await registerUser(t);
    const hidden = await api(t.app, { url: `/api/v1/users/${u.userId}/bindings`, token: other.token });
    expect(hidden.statusCode).toBe(404);
    const notMine = await api(t.app, {
      method: 'DELETE',
      url: `/api/v1/users/${u.userId}/bindings/wechat`,
      token: other.token,
    });
    expect(notMine.statusCode).toBe(404);
    const off = await api(t.app, {
      method: 'DELETE',
      url: `/api/v1/users/${u.userId}/bindings/wechat`,
      token: u.token,
    });
    expect(off.statusCode, off.body).toBe(200);
    const gone = await api(t.app, {
      method: 'DELETE',
      url: `/api/v1/users/${u.userId}/bindings/wechat`,
      token: u.token,
    });
    expect(gone.statusCode).toBe(404);

    const bare = await bareUser();
    const bound = await fromFlowBrowser({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: bare.token,
      body: { ticket: await wechatTicket('wx-student') },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const last = await api(t.app, {
      method: 'DELETE',
      url: `/api/v1/users/${bare.userId}/bindings/wechat`,
      token: bare.token,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'BIND.LAST_METHOD', msg: expect.stringContaining('唯一的登录方式') });
    const bad = await api(t.app, {
      method: 'DELETE',
      url: `/api/v1/users/${bare.userId}/bindings/qq`,
      token: bare.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('identity choice of a new account', () => {
  it('sets the identity once, within 24 hours of creation', async () => {
    const u = await registerUser(t);
    const set = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${u.userId}/identity`,
      token: u.token,
      body: { identity: 'parent' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ identity: 'parent', roles: ['parent'] });
    const again = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${u.userId}/identity`,
      token: u.token,
      body: { identity: 'teacher' },
    });
    expect(again.statusCode).toBe(409);
    const late = await registerUser(t);
    t.clock.advance(25 * 3600_000);
    const tooLate = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${late.userId}/identity`,
      token: late.token,
      body: { identity: 'teacher' },
    });
    expect(tooLate.statusCode).toBe(409);
    const other = await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${late.userId}/identity`,
      token: u.token,
      body: { identity: 'teacher' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('class-server key', () => {
  const privateKey = async (type: 'default' | 'url') =>
    importPKCS8(
      fs.readFileSync(path.join(t.config.dataDir, 'fake-idp', `class-server-${type}.key.pem`), 'utf8'),
      'RSA-OAEP-256',
    );

  it('is a JWE (RSA-OAEP-256, A256GCM) the private key decrypts, with a 60 s expiry and a jti', async () => {
    const u = await registerUser(t, { identity: 'teacher' });
    const res = await api(t.app, { url: `/api/v1/users/${u.userId}/classServer/key`, token: u.token });
    expect(res.statusCode, res.body).toBe(200);
    const { key, expiresAt, url } = res.json().data;
    expect(url).toContain(`key=${encodeURIComponent(key)}`);
    const { protectedHeader } = await compactDecrypt(key, await privateKey('default'));
    expect(protectedHeader).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM' });
    const { payload } = await jwtDecrypt(key, await privateKey('default'), { currentDate: new Date(t.clock.now) });
    expect(payload).toMatchObject({ userId: u.userId, userName: u.userName, phone: u.phone });
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(60);
    expect(new Date(expiresAt).getTime()).toBe(payload.exp! * 1000);
    // The other key type is encrypted for the other key.
    const urlType = await api(t.app, {
      url: `/api/v1/users/${u.userId}/classServer/key`,
      query: { keyType: 'url' },
      token: u.token,
    });
    await expect(jwtDecrypt(urlType.json().data.key, await privateKey('default'))).rejects.toThrow();
    await expect(
      jwtDecrypt(urlType.json().data.key, await privateKey('url'), { currentDate: new Date(t.clock.now) }),
    ).resolves.toBeTruthy();
  });

  it('opens the fake class server once, refuses a replay and an expired key', async () => {
    const u = await registerUser(t, { identity: 'teacher' });
    const first = (await api(t.app, { url: `/api/v1/users/${u.userId}/classServer/key`, token: u.token })).json().data;
    const b = new Browser(t.app);
    const open = await b.get(first.url);
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain(`已进入课堂服务：${u.userName}`);
    const replay = await b.get(first.url);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('已使用');
    const second = (await api(t.app, { url: `/api/v1/users/${u.userId}/classServer/key`, token: u.token })).json().data;
    t.clock.advance(61_000);
    const late = await b.get(second.url);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('已过期');
  });

  it('asks for a phone first, and is for teachers only', async () => {
    const bare = await bareUser(['teacher']);
    const noPhone = await api(t.app, { url: `/api/v1/users/${bare.userId}/classServer/key`, token: bare.token });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().msg).toBe('请绑定手机号');
    const student = await registerUser(t);
    const refused = await api(t.app, { url: `/api/v1/users/${student.userId}/classServer/key`, token: student.token });
    expect(refused.statusCode).toBe(404);
  });
});

describe('teaching back-office (fake)', () => {
  it('is where 教学后台 leads outside production, and greets the account its address names', async () => {
    expect(t.config.teachingBackofficeUrl).toBe(FAKE_TEACHING_BACKOFFICE_PATH);
    const address = fakeTeachingAddress(t.config.teachingBackofficeUrl, 'demo_teacher<b>');
    const res = await t.app.inject({ url: address });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>教学后台（模拟）</title>');
    // Escaped: the address is the operator's, the page must not run what it names.
    expect(res.body).toContain('data-testid="teaching-welcome">已进入教学后台：demo_teacher&#60;b&#62;</p>');

    const bare = await t.app.inject({ url: FAKE_TEACHING_BACKOFFICE_PATH });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('跳转地址未带账号');
    expect((await t.app.inject({ url: `${FAKE_TEACHING_BACKOFFICE_PATH}?account=${'x'.repeat(65)}` })).statusCode).toBe(
      400,
    );
  });
});

describe('erasure and configuration', () => {
  it('erases the identities, tickets and identity choice of a cancelled account', async () => {
    const u = await registerUser(t);
    const bind = await fromFlowBrowser({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: u.token,
      body: { ticket: await wechatTicket('wx-bound') },
    });
    expect(bind.statusCode, bind.body).toBe(200);
    await api(t.app, {
      method: 'POST',
      url: `/api/v1/users/${u.userId}/identity`,
      token: u.token,
      body: { identity: 'student' },
    });
    await t.app.db.transaction(async (tx) => {
      const finish = await t.app.eraseUser(tx, u.userId, new Date(t.clock.now));
      void finish;
    });
    expect(
      await t.app.db.select().from(externalIdentities).where(eq(externalIdentities.userId, u.userId)),
    ).toHaveLength(0);
    expect(await t.app.db.select().from(identityChoices).where(eq(identityChoices.userId, u.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(bindTickets).where(eq(bindTickets.userId, u.userId))).toHaveLength(0);
    expect(t.app.erasureNames()).toContain('identity.external');
  });

  it('seeds the bound WeChat persona onto the demo student, once, and only with demo content', async () => {
    const [student] = await t.app.db
      .insert(users)
      .values({ userName: 'demo_student', phone: '13800000001', roles: ['student'] })
      .returning();
    const storage = new LocalDiskStorage(t.config.dataDir);
    const ctx = { db: t.app.db, dataDir: t.config.dataDir, storage, log: t.app.log, config: t.config };
    await seedDemoIdentities({ ...ctx, demo: false });
    const bound = () => t.app.db.select().from(externalIdentities).where(eq(externalIdentities.userId, student!.id));
    expect(await bound()).toHaveLength(0);
    await seedDemoIdentities({ ...ctx, demo: true });
    await seedDemoIdentities({ ...ctx, demo: true });
    expect(await bound()).toMatchObject([{ provider: 'wechat', subject: BOUND_WECHAT_PERSONA.unionid }]);
  });

  it('sweeps tickets that died over a day ago, and keeps live ones', async () => {
    const live = await wechatTicket('wx-student');
    const now = t.clock.now;
    await t.app.db.insert(bindTickets).values({
      ticketHash: sha256Hex('bt_old'),
      provider: 'wechat',
      subject: 'u_old',
      profile: { name: '旧' },
      expiresAt: new Date(now - 2 * 86_400_000),
    });
    await purgeOldTickets(t.app.db, now);
    const left = await t.app.db.select({ h: bindTickets.ticketHash }).from(bindTickets);
    expect(left.map((r) => r.h)).not.toContain(sha256Hex('bt_old'));
    expect(left.map((r) => r.h)).toContain(sha256Hex(live));
  });

  it('refuses FAKE_IDP=true in production, naming the variable', () => {
    const prod = PRODUCTION_ENV;
    expect(() => loadConfig({ ...prod, FAKE_IDP: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, FAKE_IDP: 'true' })).toThrow(/FAKE_IDP/);
    expect(loadConfig(prod).identity.fakeIdp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).identity.fakeIdp).toBe(true);
  });
});
