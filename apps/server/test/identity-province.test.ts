/**
 * 之江汇 and 教育魔方 login through the fake province systems over real HTTP (docs/identity.md,
 * Province systems): CAS service tickets (single-use, bound to the service), the sessionId of
 * 教育魔方, EDU.ACCOUNT_NOT_BOUND then binding, the Zjer-teacher claims, and the OpenID Connect
 * adapter (code + PKCE + nonce) selected by configuration.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { registerUser } from './accounts-helpers';
import { Browser, hashParams, useIdentityApp } from './identity-helpers';
import { testConfig } from './helpers';

const t = useIdentityApp();

/** Goes through the fake 之江汇 login: answers the ticket the landing page gets. */
async function zjerTicket(b: Browser, persona: string, client: 'web' | 'h5' = 'web') {
  const res = await b.api({ url: client === 'web' ? '/api/v1/pub/zjer/login' : '/api/v1/pub/zjer/mobile/login' });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().data.url as string;
  expect(url).toContain('/fake-idp/zjer/login?service=');
  const back = await b.choose(url, persona);
  const cb = await b.get(back);
  expect(cb.statusCode).toBe(302);
  const landing = hashParams(String(cb.headers.location));
  expect(landing.path).toBe(client === 'web' ? '/zjhAuth' : '/mobileH5/zjhAuth');
  return landing.params.get('ticket')!;
}

async function cubeSessionId(b: Browser, persona: string, from?: { client: 'web'; redirect: string }) {
  const res = await b.api({ url: '/api/v1/pub/educube/redirect-url', query: from });
  expect(res.statusCode, res.body).toBe(200);
  const back = await b.choose(res.json().data.url, persona);
  const cb = await b.get(back);
  const landing = hashParams(String(cb.headers.location));
  // An H5 login lands on the H5 home; a desktop one where it started.
  expect(landing.path).toBe(from?.redirect ?? '/mobileH5/home');
  return landing.params.get('sessionId')!;
}

describe('之江汇 login (CAS)', () => {
  it('answers EDU.ACCOUNT_NOT_BOUND with a bind ticket, binds it, and then logs the teacher in with personId', async () => {
    const b = new Browser(t.app);
    const ticket = await zjerTicket(b, 'zjer-teacher');
    // The callback validated the CAS ticket itself and hands on a login ticket of this browser.
    expect(ticket).toMatch(/^lt_/);
    const first = await b.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket, platform: 'WEB' } });
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json()).toMatchObject({
      code: 'EDU.ACCOUNT_NOT_BOUND',
      msg: '该账号尚未绑定平台账号',
      data: { provider: 'zjer', profile: { name: '王老师', role: 'teacher' } },
    });
    const bindTicket = first.json().data.ticket as string;
    const shown = await b.api({ url: '/api/v1/pub/zjer/user', query: { ticket: bindTicket } });
    expect(shown.json().data.profile.name).toBe('王老师');

    const u = await registerUser(t, { identity: 'teacher' });
    const bound = await b.api({
      method: 'POST',
      url: '/api/v1/zjer/binding',
      token: u.token,
      body: { ticket: bindTicket },
    });
    expect(bound.statusCode, bound.body).toBe(200);

    const login = await b.api({
      method: 'POST',
      url: '/api/v1/pub/login/zjer',
      body: { ticket: await zjerTicket(b, 'zjer-teacher') },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data).toMatchObject({
      userId: u.userId,
      personId: 'P330100000123',
      roles: expect.arrayContaining(['teacher']),
    });
  });

  it('marks a zsVerified teacher', async () => {
    const b = new Browser(t.app);
    const first = await b.api({
      method: 'POST',
      url: '/api/v1/pub/login/zjer',
      body: { ticket: await zjerTicket(b, 'zjer-verified') },
    });
    const u = await registerUser(t);
    await b.api({
      method: 'POST',
      url: '/api/v1/zjer/binding',
      token: u.token,
      body: { ticket: first.json().data.ticket },
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.userId));
    expect(row!.zsVerified).toBe(true);
    expect(row!.roles).toContain('teacher');
  });

  it('refuses a replayed ticket, a forged ticket and a ticket of the other client (INVALID_SERVICE)', async () => {
    const b = new Browser(t.app);
    const ticket = await zjerTicket(b, 'zjer-student');
    expect((await b.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket } })).statusCode).toBe(409);
    const replay = await b.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'OAUTH.INVALID', msg: expect.stringContaining('之江汇') });
    // A raw CAS ticket is never accepted by the API: only the callback validates one, inside a flow.
    const forged = await b.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket: 'ST-forged' } });
    expect(forged.statusCode).toBe(400);

    /** The CAS service of a new flow of this browser. */
    const service = async () => {
      const res = await b.api({ url: '/api/v1/pub/zjer/login' });
      return new URL(res.json().data.url).searchParams.get('service')!;
    };
    const withTicket = (s: string, tk: string) => `${s}&ticket=${encodeURIComponent(tk)}`;
    // A ticket issued for another service (e.g. another site's login) is refused by the provider.
    const mine = await service();
    const other = await b.choose(
      `/fake-idp/zjer/login?service=${encodeURIComponent(`${new URL(mine).origin}/elsewhere`)}`,
      'zjer-student',
    );
    const wrong = await b.get(withTicket(mine, new URL(other).searchParams.get('ticket')!));
    expect(hashParams(String(wrong.headers.location)).params.get('error')).toBe('invalid');
    const forgedAtCallback = await b.get(withTicket(await service(), 'ST-forged'));
    expect(hashParams(String(forgedAtCallback.headers.location)).params.get('error')).toBe('invalid');
    const reasons = (await t.app.db.select().from(auditLog).where(eq(auditLog.event, 'login_failed'))).map(
      (r) => (r.detail as { reason?: string }).reason,
    );
    expect(reasons).toContain('INVALID_SERVICE');
    expect(reasons).toContain('INVALID_TICKET');
  });

  it('refuses an expired ticket', async () => {
    const b = new Browser(t.app);
    // A CAS ticket older than 5 minutes, at the callback.
    const res = await b.api({ url: '/api/v1/pub/zjer/mobile/login' });
    const back = await b.choose(res.json().data.url, 'zjer-student');
    t.clock.advance(6 * 60_000);
    const cb = await b.get(back);
    expect(hashParams(String(cb.headers.location))).toMatchObject({ path: '/mobileH5/zjhAuth' });
    expect(hashParams(String(cb.headers.location)).params.get('error')).toBe('invalid');
    // A login ticket older than 10 minutes.
    const ticket = await zjerTicket(b, 'zjer-student', 'h5');
    t.clock.advance(11 * 60_000);
    const late = await b.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket } });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('OAUTH.INVALID');
  });
});

describe('教育魔方 login (sessionId through CAS)', () => {
  it('answers EDU.ACCOUNT_NOT_BOUND with cubeAccountId and ticket; binding ignores a userId in the body', async () => {
    const b = new Browser(t.app);
    const sessionId = await cubeSessionId(b, 'cube-student');
    const first = await b.api({ method: 'POST', url: '/api/v1/pub/educube/login', body: { sessionId } });
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json()).toMatchObject({
      code: 'EDU.ACCOUNT_NOT_BOUND',
      data: { provider: 'educube', cubeAccountId: 'cube_10001', profile: { name: '魔方学生' } },
    });
    const { ticket, cubeAccountId } = first.json().data;
    const victim = await registerUser(t);
    const me = await registerUser(t);
    const wrongCube = await b.api({
      method: 'POST',
      url: '/api/v1/educube/binding',
      token: me.token,
      body: { cubeAccountId: 'cube_99999', ticket },
    });
    expect(wrongCube.statusCode).toBe(400);
    const bound = await b.api({
      method: 'POST',
      url: '/api/v1/educube/binding',
      token: me.token,
      body: { cubeAccountId, ticket, userId: victim.userId },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const login = await b.api({
      method: 'POST',
      url: '/api/v1/pub/educube/login',
      body: { sessionId: await cubeSessionId(b, 'cube-student') },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.userId).toBe(me.userId);
    // Started from the desktop, the login comes back to the desktop page it left.
    const desktop = await b.api({
      method: 'POST',
      url: '/api/v1/pub/educube/login',
      body: { sessionId: await cubeSessionId(b, 'cube-student', { client: 'web', redirect: '/user' }) },
    });
    expect(desktop.json().data.userId).toBe(me.userId);
    const victimBindings = await b.api({ url: `/api/v1/users/${victim.userId}/bindings`, token: victim.token });
    expect(victimBindings.json().data.items.every((i: { bound: boolean }) => !i.bound)).toBe(true);
  });

  it('refuses a replayed sessionId', async () => {
    const b = new Browser(t.app);
    const sessionId = await cubeSessionId(b, 'cube-teacher');
    await b.api({ method: 'POST', url: '/api/v1/pub/educube/login', body: { sessionId } });
    const again = await b.api({ method: 'POST', url: '/api/v1/pub/educube/login', body: { sessionId } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OAUTH.INVALID');
  });
});

describe('之江汇 login (OpenID Connect, ZJER_PROTOCOL=oidc)', () => {
  it('runs code + PKCE + nonce through the fake issuer and refuses a replayed callback', async () => {
    const app = await t.build({ config: testConfig({}, { ZJER_PROTOCOL: 'oidc' }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const b = new Browser(app);
    const res = await b.api({ url: '/api/v1/pub/zjer/login' });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().data.url);
    expect(url.pathname).toBe('/fake-idp/zjer/oidc/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    // The browser reaches the issuer on the server's address; the callback comes back to the portal.
    const back = await b.choose(`${url.pathname}${url.search}`, 'zjer-student');
    const cb = await b.get(back);
    expect(cb.statusCode).toBe(302);
    const landing = hashParams(String(cb.headers.location));
    expect(landing.path).toBe('/zjhAuth');
    const ticket = landing.params.get('ticket')!;
    expect(ticket).toMatch(/^lt_/);
    const login = await b.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket } });
    expect(login.statusCode, login.body).toBe(409);
    // zjer-student stays unbound in this file (zjer-teacher is bound by the first test).
    expect(login.json().data.profile).toMatchObject({ name: '陈同学', role: 'student' });
    const again = await b.api({ method: 'POST', url: '/api/v1/pub/login/zjer', body: { ticket } });
    expect(again.statusCode).toBe(400);
    // Replaying the provider's callback: the state is used up.
    const replay = await b.get(back);
    expect(hashParams(String(replay.headers.location)).params.get('error')).toBe('invalid');
  });
});
