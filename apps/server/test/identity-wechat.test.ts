/**
 * WeChat login through the fake WeChat over real HTTP (docs/identity.md, WeChat): QR and H5 flows,
 * bound and unbound personas, the browser-bound single-use state, replayed codes, the deny button
 * and the open-redirect guard.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, externalIdentities } from '../src/db/schema';
import { WECHAT_PERSONAS } from '../src/features/accounts/external/fake/personas';
import { loggerOptions } from '../src/lib/logger';
import { registerUser } from './accounts-helpers';
import { Browser, hashParams, useIdentityApp, wechatToLanding } from './identity-helpers';

const t = useIdentityApp();

async function bindPersona(userId: number, persona: string) {
  const p = WECHAT_PERSONAS.find((x) => x.key === persona)!;
  await t.app.db
    .insert(externalIdentities)
    .values({ userId, provider: 'wechat', subject: p.unionid, displayName: p.nickname });
}

describe('WeChat login', () => {
  it('logs a bound persona in from the desktop QR page and lands on the redirect with token and userId', async () => {
    const u = await registerUser(t);
    await bindPersona(u.userId, 'wx-bound');
    const b = new Browser(t.app);
    const auth = await b.api({
      url: '/api/v1/pub/wx/auth/buildAuthUrl',
      query: { client: 'web', redirect: '/digitalBook' },
    });
    expect(auth.statusCode).toBe(200);
    const { url, expiresIn } = auth.json().data;
    expect(url).toContain('/fake-idp/wechat/connect/qrconnect?');
    expect(url).toContain('scope=snsapi_login');
    expect(expiresIn).toBe(600);
    const cookie = String(auth.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(new URL(url).searchParams.get('state')).toMatch(/^[0-9a-f]{64}$/);

    const back = await b.choose(url, 'wx-bound');
    const cb = await b.get(back);
    expect(cb.statusCode).toBe(302);
    const landing = String(cb.headers.location);
    expect(landing.startsWith('/#/digitalBook?')).toBe(true);
    const { params } = hashParams(landing);

    const res = await b.api({
      url: '/api/v1/pub/login/wechat/h5',
      query: { code: params.get('code')!, state: params.get('state')! },
    });
    expect(res.statusCode, res.body).toBe(200);
    const final = hashParams(res.json().data.url);
    expect(final.path).toBe('/digitalBook');
    expect(final.params.get('isBound')).toBe('true');
    expect(final.params.get('userId')).toBe(String(u.userId));
    expect(final.params.get('unionId')).toMatch(/^bt_/);
    expect(final.params.get('unionId')).not.toContain('unionid');
    // `token` is a one-time login code, not a session: this browser exchanges it for one.
    const code = final.params.get('token')!;
    expect(code).toMatch(/^lc_/);
    expect((await b.api({ url: `/api/v1/users/${u.userId}`, token: code })).statusCode).toBe(401);
    const exchanged = await b.api({ method: 'POST', url: '/api/v1/pub/login/exchange', body: { code } });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json().data.userId).toBe(u.userId);
    const me = await b.api({ url: `/api/v1/users/${u.userId}`, token: exchanged.json().data.token });
    expect(me.statusCode).toBe(200);

    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.userId, u.userId));
    const login = rows.find((r) => r.event === 'login' && (r.detail as { method?: string })?.method === 'wechat');
    expect(login).toBeTruthy();
    // No state, code or ticket reaches the audit trail.
    const all = JSON.stringify(await t.app.db.select().from(auditLog));
    expect(all).not.toContain(params.get('code')!);
    expect(all).not.toContain(params.get('state')!);
    expect(all).not.toContain(final.params.get('unionId')!);
  });

  it('sends an unbound H5 persona to bindChoiceWx with a bind ticket whose profile the bind screen reads', async () => {
    const b = new Browser(t.app);
    const { landing, code, state } = await wechatToLanding(b, { client: 'h5', persona: 'wx-new' });
    expect(landing.startsWith('/#/mobileH5/home?')).toBe(true);
    const res = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
    expect(res.statusCode, res.body).toBe(200);
    const final = hashParams(res.json().data.url);
    expect(final.path).toBe('/mobileH5/bindChoiceWx');
    expect(final.params.get('isBound')).toBe('false');
    expect(final.params.get('token')).toBeNull();
    const ticket = final.params.get('unionId')!;
    const profile = await b.api({ url: '/api/v1/pub/bind/profile', query: { ticket } });
    expect(profile.json().data).toMatchObject({ provider: 'wechat', profile: { name: '微信新用户' } });
  });

  it('sends an unbound desktop QR persona to the desktop bind screen, which returns to where the login started', async () => {
    const b = new Browser(t.app);
    const auth = await b.api({
      url: '/api/v1/pub/wx/auth/buildAuthUrl',
      query: { client: 'web', redirect: '/myBook' },
    });
    const cb = await b.get(await b.choose(auth.json().data.url, 'wx-new'));
    const { params } = hashParams(String(cb.headers.location));
    const res = await b.api({
      url: '/api/v1/pub/login/wechat/h5',
      query: { code: params.get('code')!, state: params.get('state')! },
    });
    expect(res.statusCode, res.body).toBe(200);
    const final = hashParams(res.json().data.url);
    expect(final.path).toBe('/bindAccount');
    expect(final.params.get('provider')).toBe('wechat');
    expect(final.params.get('redirect')).toBe('/myBook');
    expect(final.params.get('isBound')).toBe('false');
    expect(final.params.get('unionId')).toMatch(/^bt_/);
  });

  it('binds the ticket to a user who registers or logs in, who can then log in by WeChat', async () => {
    const b = new Browser(t.app);
    const first = await wechatToLanding(b, { client: 'h5', persona: 'wx-student' });
    const res = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code: first.code, state: first.state } });
    const ticket = hashParams(res.json().data.url).params.get('unionId')!;
    const u = await registerUser(t);
    const bound = await b.api({ method: 'POST', url: '/api/v1/users/bind', token: u.token, body: { ticket } });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data).toMatchObject({ provider: 'wechat', bound: true, displayName: '小红同学' });
    // The ticket is single-use.
    const again = await b.api({ method: 'POST', url: '/api/v1/users/bind', token: u.token, body: { ticket } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OAUTH.INVALID');

    const second = await wechatToLanding(b, { client: 'h5', persona: 'wx-student' });
    const login = await b.api({
      url: '/api/v1/pub/login/wechat/h5',
      query: { code: second.code, state: second.state },
    });
    const final = hashParams(login.json().data.url);
    expect(final.params.get('isBound')).toBe('true');
    expect(final.params.get('userId')).toBe(String(u.userId));
  });

  it('refuses a replayed code (errcode 40029) and a replayed state', async () => {
    const b = new Browser(t.app);
    const { code, state } = await wechatToLanding(b, { client: 'h5', persona: 'wx-new' });
    expect((await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } })).statusCode).toBe(200);
    const replay = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'OAUTH.INVALID', msg: expect.stringMatching(/[\u4e00-\u9fa5]/) });

    // A fresh state with the used code: WeChat answers 40029, the portal OAUTH.INVALID.
    const fresh = await b.api({ url: '/api/v1/pub/wx/auth/buildAuthUrl', query: { client: 'h5' } });
    const freshState = new URL(fresh.json().data.url).searchParams.get('state')!;
    const used = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state: freshState } });
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('OAUTH.INVALID');
    const failures = await t.app.db.select().from(auditLog).where(eq(auditLog.event, 'login_failed'));
    expect(failures.some((r) => (r.detail as { reason?: string }).reason === 'errcode 40029')).toBe(true);
  });

  it('refuses a forged state, a missing state, another browser and an expired state, logging nobody in', async () => {
    const b = new Browser(t.app);
    const { code, state } = await wechatToLanding(b, { client: 'h5', persona: 'wx-new' });
    const forged = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state: 'a'.repeat(64) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('OAUTH.INVALID');
    const missing = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code } });
    expect(missing.statusCode).toBe(400);
    const otherBrowser = new Browser(t.app);
    const stolen = await otherBrowser.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('OAUTH.INVALID');
    // The rightful browser still can, until the state expires.
    t.clock.advance(11 * 60_000);
    const late = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('OAUTH.INVALID');
  });

  it('returns a denied authorisation to the login page with state only', async () => {
    const b = new Browser(t.app);
    const auth = await b.api({ url: '/api/v1/pub/wx/auth/buildAuthUrl', query: { client: 'h5' } });
    const back = await b.choose(auth.json().data.url, 'deny');
    expect(new URL(back).searchParams.get('code')).toBeNull();
    expect(new URL(back).searchParams.get('state')).toMatch(/^[0-9a-f]{64}$/);
    const cb = await b.get(back);
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/#/mobileH5/login?wxError=denied');
  });

  it('writes no state, code or ticket to the server log', async () => {
    const lines: string[] = [];
    const stream = { write: (l: string) => void lines.push(l) };
    const app = await t.build({ config: t.config, clock: t.clock.fn, logger: { ...loggerOptions('info'), stream } });
    const b = new Browser(app);
    const { code, state, landing } = await wechatToLanding(b, { client: 'h5', persona: 'wx-new' });
    const res = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = hashParams(res.json().data.url).params.get('unionId')!;
    await b.api({ url: '/api/v1/pub/bind/profile', query: { ticket } });
    const log = lines.join('');
    expect(landing).toContain(state);
    for (const secret of [code, state, ticket]) expect(log).not.toContain(secret);
  });

  it('refuses an off-site or protocol-relative redirect', async () => {
    const b = new Browser(t.app);
    for (const redirect of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await b.api({ url: '/api/v1/pub/wx/auth/buildAuthUrl', query: { client: 'h5', redirect } });
      expect(res.statusCode, redirect).toBe(400);
      expect(res.json().msg).toMatch(/站内路径|跳转地址/);
    }
  });

  it('needs a login for scene=bind and binds the logged-in user from their own flow', async () => {
    const b = new Browser(t.app);
    const anon = await b.api({ url: '/api/v1/pub/wx/auth/buildAuthUrl', query: { client: 'web', scene: 'bind' } });
    expect(anon.statusCode).toBe(401);
    const u = await registerUser(t);
    // An old session: only the user's own bind flow may bind with it.
    t.clock.advance(60 * 60_000);
    const flow = await wechatToLanding(b, {
      client: 'web',
      persona: 'wx-new',
      scene: 'bind',
      token: u.token,
      redirect: '/user/bindings',
    });
    expect(flow.landing.startsWith('/#/user/bindings?')).toBe(true);
    const res = await b.api({
      url: '/api/v1/pub/login/wechat/h5',
      query: { code: flow.code, state: flow.state },
      token: u.token,
    });
    const final = hashParams(res.json().data.url);
    expect(final.path).toBe('/user/bindings');
    expect(final.params.get('token')).toBeNull();
    const bound = await b.api({
      method: 'POST',
      url: '/api/v1/users/bind',
      token: u.token,
      body: { ticket: final.params.get('unionId') },
    });
    expect(bound.statusCode, bound.body).toBe(200);
  });
});
