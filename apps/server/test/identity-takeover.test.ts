/**
 * Account takeover through third-party binding and login CSRF (docs/identity.md, Rules): bind
 * tickets, login tickets and one-time login codes work only in the browser that ran the provider
 * flow (its flow cookie) and only once; a CAS ticket is tied to the flow that asked for it; and
 * provider redirect URLs come from configuration, never from the Host header.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config';
import { externalIdentities } from '../src/db/schema';
import { WECHAT_PERSONAS } from '../src/features/accounts/external/fake/personas';
import { registerUser } from './accounts-helpers';
import { api, testConfig } from './helpers';
import { Browser, hashParams, useIdentityApp, wechatToLanding } from './identity-helpers';

const t = useIdentityApp();

/** A WeChat H5 login of `persona` in browser `b`: answers the in-app URL's parameters. */
async function wechatLogin(b: Browser, persona: string) {
  const { code, state } = await wechatToLanding(b, { client: 'h5', persona });
  const res = await b.api({ url: '/api/v1/pub/login/wechat/h5', query: { code, state } });
  expect(res.statusCode, res.body).toBe(200);
  return hashParams(res.json().data.url);
}

const bind = (b: Browser, token: string, ticket: string) =>
  b.api({ method: 'POST', url: '/api/v1/users/bind', token, body: { ticket } });

async function boundTo(subject: string) {
  return t.app.db.select().from(externalIdentities).where(eq(externalIdentities.subject, subject));
}

describe('bind tickets belong to the browser that ran the flow', () => {
  it("refuses an attacker's WeChat bind ticket in the victim's browser, with or without a flow cookie of its own", async () => {
    const attacker = new Browser(t.app);
    const { path, params } = await wechatLogin(attacker, 'wx-new');
    expect(path).toBe('/mobileH5/bindChoiceWx');
    const ticket = params.get('unionId')!;
    const victim = await registerUser(t);

    // The victim's browser has no flow cookie at all.
    const bare = await api(t.app, { method: 'POST', url: '/api/v1/users/bind', token: victim.token, body: { ticket } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'OAUTH.INVALID', msg: '绑定凭证无效或已过期，请重新登录' });
    // The victim's browser ran a flow of its own: its cookie is not the attacker's.
    const victimBrowser = new Browser(t.app);
    await victimBrowser.api({ url: '/api/v1/pub/wx/auth/buildAuthUrl', query: { client: 'h5' } });
    expect(victimBrowser.cookie).toContain('eav_oauth=');
    expect((await bind(victimBrowser, victim.token, ticket)).statusCode).toBe(400);
    // Nor does the bind screen show it there.
    const shown = await victimBrowser.api({ url: '/api/v1/pub/bind/profile', query: { ticket } });
    expect(shown.statusCode).toBe(400);
    expect(await boundTo(WECHAT_PERSONAS.find((p) => p.key === 'wx-new')!.unionid)).toHaveLength(0);

    // In the browser that ran the flow it binds, once.
    const owner = await registerUser(t);
    expect((await attacker.api({ url: '/api/v1/pub/bind/profile', query: { ticket } })).statusCode).toBe(200);
    const ok = await bind(attacker, owner.token, ticket);
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await bind(attacker, owner.token, ticket);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OAUTH.INVALID');
  });

  it("refuses an attacker's 之江汇 callback URL opened by a logged-in victim, and its tickets in another browser", async () => {
    const attacker = new Browser(t.app);
    const start = await attacker.api({ url: '/api/v1/pub/zjer/login' });
    const service = new URL(start.json().data.url).searchParams.get('service')!;
    // The CAS service is the configured callback with this flow's state.
    expect(service).toMatch(/\/auth\/zjer\/callback\?flow=[0-9a-f]{64}$/);
    const back = await attacker.choose(start.json().data.url, 'zjer-student');
    expect(back).toContain('ticket=ST-');

    // The victim (logged in, with a zjer flow of their own) opens the attacker's callback URL.
    const victim = new Browser(t.app);
    await victim.api({ url: '/api/v1/pub/zjer/login' });
    const cb = await victim.get(back);
    expect(cb.statusCode).toBe(302);
    const landing = hashParams(String(cb.headers.location));
    expect(landing.params.get('error')).toBe('invalid');
    expect(landing.params.get('ticket')).toBeNull();

    // The attacker's own login ticket and bind ticket do nothing in the victim's browser.
    const own = await attacker.get(back);
    const lt = hashParams(String(own.headers.location)).params.get('ticket')!;
    expect(lt).toMatch(/^lt_/);
    const stolen = await victim.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket: lt } });
    expect(stolen.statusCode).toBe(400);
    const notBound = await attacker.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket: lt } });
    expect(notBound.statusCode).toBe(409);
    const bt = notBound.json().data.ticket as string;
    const u = await registerUser(t);
    const refused = await victim.api({
      method: 'POST',
      url: '/api/v1/zjer/binding',
      token: u.token,
      body: { ticket: bt },
    });
    expect(refused.statusCode).toBe(400);
    expect((await victim.api({ url: '/api/v1/pub/zjer/user', query: { ticket: bt } })).statusCode).toBe(400);
  });

  it("refuses an attacker's 教育魔方 sessionId and bind ticket in another browser (the automatic binding)", async () => {
    const attacker = new Browser(t.app);
    const start = await attacker.api({ url: '/api/v1/pub/educube/redirect-url' });
    const back = await attacker.choose(start.json().data.url, 'cube-teacher');
    const cb = await attacker.get(back);
    const sessionId = hashParams(String(cb.headers.location)).params.get('sessionId')!;
    expect(sessionId).toMatch(/^lt_/);
    const victim = new Browser(t.app);
    await victim.api({ url: '/api/v1/pub/educube/redirect-url' });
    const stolen = await victim.api({ method: 'POST', url: '/api/v1/pub/educube/login', body: { sessionId } });
    expect(stolen.statusCode).toBe(400);
    const first = await attacker.api({ method: 'POST', url: '/api/v1/pub/educube/login', body: { sessionId } });
    expect(first.statusCode).toBe(409);
    const { ticket, cubeAccountId } = first.json().data;
    const u = await registerUser(t);
    const refused = await victim.api({
      method: 'POST',
      url: '/api/v1/educube/binding',
      token: u.token,
      body: { cubeAccountId, ticket },
    });
    expect(refused.statusCode).toBe(400);
    // The person who just logged in at 教育魔方 in this browser is bound (docs/product.md §4).
    const mine = await attacker.api({
      method: 'POST',
      url: '/api/v1/educube/binding',
      token: u.token,
      body: { cubeAccountId, ticket },
    });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});

describe('one-time login code (login CSRF)', () => {
  it('is exchanged for a session only by the browser of the flow, once, within two minutes', async () => {
    const u = await registerUser(t);
    const p = WECHAT_PERSONAS.find((x) => x.key === 'wx-student')!;
    await t.app.db
      .insert(externalIdentities)
      .values({ userId: u.userId, provider: 'wechat', subject: p.unionid, displayName: p.nickname });
    const owner = new Browser(t.app);
    const { params } = await wechatLogin(owner, 'wx-student');
    expect(params.get('isBound')).toBe('true');
    const code = params.get('token')!;
    expect(code).toMatch(/^lc_/);
    // The code is no session token: a link carrying it logs nobody in by itself.
    expect((await api(t.app, { url: `/api/v1/users/${u.userId}`, token: code })).statusCode).toBe(401);

    const exchange = (b: Browser | null, c = code) =>
      b
        ? b.api({ method: 'POST', url: '/api/v1/pub/login/exchange', body: { code: c, platform: 'WEB' } })
        : api(t.app, { method: 'POST', url: '/api/v1/pub/login/exchange', body: { code: c } });
    const noCookie = await exchange(null);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json()).toMatchObject({ code: 'OAUTH.INVALID', msg: expect.stringContaining('登录凭证无效') });
    const other = new Browser(t.app);
    await other.api({ url: '/api/v1/pub/wx/auth/buildAuthUrl', query: { client: 'h5' } });
    expect((await exchange(other)).statusCode).toBe(400);

    const ok = await exchange(owner);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ userId: u.userId, token: expect.any(String) });
    expect(ok.json().data.token).not.toBe(code);
    expect((await exchange(owner)).statusCode).toBe(400);

    // A code left unused for over two minutes is dead.
    const late = await wechatLogin(owner, 'wx-student');
    t.clock.advance(121_000);
    expect((await exchange(owner, late.params.get('token')!)).statusCode).toBe(400);
    // A malformed code is a 400 with a Chinese message, not a 500.
    const bad = await exchange(owner, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('登录凭证无效');
  });
});

describe('provider redirect URLs come from configuration', () => {
  it('ignores the Host header for the WeChat redirect_uri and the CAS service', async () => {
    const evil = { host: 'evil.example' };
    const wx = await api(t.app, { url: '/api/v1/pub/wx/auth/buildAuthUrl', query: { client: 'h5' }, headers: evil });
    expect(wx.statusCode, wx.body).toBe(200);
    const url = new URL(wx.json().data.url);
    const redirectUri = new URL(url.searchParams.get('redirect_uri')!);
    expect(redirectUri.host).not.toBe('evil.example');
    expect(url.host).not.toBe('evil.example');
    expect(redirectUri.origin).toBe(`http://${t.config.host}:${t.config.port}`);
    const zjer = await api(t.app, { url: '/api/v1/pub/zjer/login', headers: evil });
    expect(new URL(new URL(zjer.json().data.url).searchParams.get('service')!).host).not.toBe('evil.example');
  });

  it('uses PUBLIC_ORIGIN when set, and production requires it', async () => {
    const app = await t.build({ config: testConfig({}, { PUBLIC_ORIGIN: 'https://portal.example.edu.cn' }) });
    const wx = await api(app, {
      url: '/api/v1/pub/wx/auth/buildAuthUrl',
      query: { client: 'web' },
      headers: { host: 'evil.example' },
    });
    const url = new URL(wx.json().data.url);
    expect(url.searchParams.get('redirect_uri')).toBe('https://portal.example.edu.cn/auth/wechat/callback');
    const production = {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      EAV_SIGN_SECRET: 'a-production-secret',
      URL_SIGNING_SECRET: 'a-production-url-secret',
      TEACHING_BACKOFFICE_URL: 'https://teaching.example.edu.cn/sso',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ ...production, PUBLIC_ORIGIN: 'https://portal.example.edu.cn' }).publicOrigin).toBe(
      'https://portal.example.edu.cn',
    );
  });
});
