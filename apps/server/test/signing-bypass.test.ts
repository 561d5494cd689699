/**
 * EAV-Sign cannot be skipped (docs/api.md, Signing): the server signs and checks the path as
 * routing sees it (`canonicalPath`), so percent-encoded and absolute-form spellings of a signed
 * route need a valid signature like the plain one; and the signature headers are checked before
 * the body is read.
 */
import { SIGN_HEADERS, signRequest } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { CAPTCHA, newCaptcha, registerUser, useAccountsApp, type Registered } from './accounts-helpers';
import { api, TEST_SECRET } from './helpers';
import { listen, rawRequest } from './raw-http';

const t = useAccountsApp();

/** Signature headers for `method target` as a client computes them (target as sent). */
function signed(method: string, target: string, opts: { body?: string; token?: string } = {}) {
  const timestamp = Date.now();
  const q = target.indexOf('?');
  return {
    [SIGN_HEADERS.timestamp]: String(timestamp),
    [SIGN_HEADERS.sign]: signRequest(
      {
        method,
        path: target,
        query: new URLSearchParams(q === -1 ? '' : target.slice(q + 1)),
        body: opts.body ?? '',
        token: opts.token ?? '',
        timestamp,
      },
      TEST_SECRET,
    ),
  };
}

/** Percent-encoded spellings that route to `/api/v1/users/{id}`. */
const encodedProfilePaths = (id: number) => [
  `/%61pi/v1/users/${id}`,
  `/%61%70%69/v1/users/${id}`,
  `/api/%76%31/users/${id}`,
  `/api/v1/%75sers/${id}`,
  `/prize/%61pi/v1/users/${id}`,
];

async function loginBody(user: Registered) {
  const captchaKey = await newCaptcha(t.app);
  return JSON.stringify({
    account: user.userName,
    password: user.password,
    captchaKey,
    captchaCode: CAPTCHA,
    platform: 'WEB',
  });
}

describe('percent-encoded paths', () => {
  it('refuses an unsigned GET of a profile through any encoded spelling, with a bearer token', async () => {
    const user = await registerUser(t);
    for (const url of encodedProfilePaths(user.userId)) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${user.token}` } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'SIGN.INVALID' });
    }
  });

  it('accepts an encoded path signed by the client from the path it sends', async () => {
    const user = await registerUser(t);
    for (const url of encodedProfilePaths(user.userId).slice(0, 4)) {
      const res = await t.app.inject({
        url,
        headers: { authorization: `Bearer ${user.token}`, ...signed('GET', url, { token: user.token }) },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.userId).toBe(user.userId);
    }
  });

  it('does not accept the signature of the plain path for a request whose encoded path names another user', async () => {
    const user = await registerUser(t);
    // Signed for the user's own id, sent with another id spelled in escapes.
    const headers = { authorization: `Bearer ${user.token}`, ...signed('GET', `/api/v1/users/${user.userId}`) };
    const other = `/api/v1/users/%3${(user.userId + 1) % 10}`;
    const res = await t.app.inject({ url: other, headers });
    expect(res.json()).toMatchObject({ code: 'SIGN.INVALID' });
  });

  it('refuses an unsigned login posted to /%61pi/v1/pub/login, and logs in when it is signed', async () => {
    const user = await registerUser(t);
    const url = '/%61pi/v1/pub/login';
    const unsigned = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: await loginBody(user),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ code: 'SIGN.INVALID' });
    expect(unsigned.json().data?.token).toBeUndefined();

    const body = await loginBody(user);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...signed('POST', url, { body }) },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.token).toEqual(expect.any(String));
  });

  it('does not route a double-encoded path to the API', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({
      url: `/%2561pi/v1/users/${user.userId}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('absolute-form request lines', () => {
  it('refuses an unsigned absolute-form GET and accepts a signed one', async () => {
    const user = await registerUser(t);
    const port = await listen(t.app);
    for (const target of [
      `http://x/api/v1/users/${user.userId}`,
      `HTTP://x:1/%61pi/v1/users/${user.userId}`,
      `https://x/api/v1/users/${user.userId}?`,
    ]) {
      const unsigned = await rawRequest(
        port,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nConnection: close`,
      );
      expect(unsigned.status, target).toBe(400);
      expect(unsigned.json, target).toMatchObject({ code: 'SIGN.INVALID' });

      const sig = signed('GET', target, { token: user.token });
      const ok = await rawRequest(
        port,
        [
          `GET ${target} HTTP/1.1`,
          'Host: x',
          `Authorization: Bearer ${user.token}`,
          `${SIGN_HEADERS.timestamp}: ${sig[SIGN_HEADERS.timestamp]}`,
          `${SIGN_HEADERS.sign}: ${sig[SIGN_HEADERS.sign]}`,
          'Connection: close',
        ].join('\r\n'),
      );
      expect(ok.status, target).toBe(200);
      expect(ok.json).toMatchObject({ code: 200, data: { userId: user.userId } });
    }
  });

  it('refuses an unsigned absolute-form request to a /prize/api route', async () => {
    const port = await listen(t.app);
    const res = await rawRequest(port, 'GET http://x/prize/api/v1/banner HTTP/1.1\r\nHost: x\r\nConnection: close');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'SIGN.INVALID' });
  });

  it('refuses an unsigned absolute-form login', async () => {
    const user = await registerUser(t);
    const port = await listen(t.app);
    const body = Buffer.from(await loginBody(user));
    const res = await rawRequest(
      port,
      [
        'POST http://x/api/v1/pub/login HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Connection: close',
      ].join('\r\n'),
      body,
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'SIGN.INVALID' });
  });
});

describe('the query is the one routing parses', () => {
  it('signs parameters after a # as the query, so they cannot be added unsigned', async () => {
    const port = await listen(t.app);
    const url = '/api/v1/textbooks';
    const sig = signed('GET', url);
    const send = (target: string) =>
      rawRequest(
        port,
        [
          `GET ${target} HTTP/1.1`,
          'Host: x',
          `${SIGN_HEADERS.timestamp}: ${sig[SIGN_HEADERS.timestamp]}`,
          `${SIGN_HEADERS.sign}: ${sig[SIGN_HEADERS.sign]}`,
          'Connection: close',
        ].join('\r\n'),
      );
    // The router ends the path at "#" and parses what follows as the query.
    const smuggled = await send(`${url}#pageSize=1`);
    expect(smuggled.json).toMatchObject({ code: 'SIGN.INVALID' });
    expect((await send(url)).status).toBe(200);
  });
});

describe('signature headers before the body', () => {
  /** Headers of a 40 MB catalogue import (route body limit 64 MB) plus the given extra lines. */
  const importHead = (...extra: string[]) =>
    [
      'POST /api/v1/admin/textbooks/import HTTP/1.1',
      'Host: x',
      'Content-Type: application/x-ndjson',
      `Content-Length: ${40 * 1024 * 1024}`,
      ...extra,
    ].join('\r\n');

  it('answers an unsigned 40 MB import at once, without waiting for the body', async () => {
    const port = await listen(t.app);
    const res = await rawRequest(port, importHead(), Buffer.alloc(256 * 1024, 0x20));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'SIGN.INVALID' });
    // The server stops the upload instead of receiving and discarding it.
    expect(res.headers.connection).toBe('close');
  });

  it('answers a stale timestamp before the body with SIGN.EXPIRED', async () => {
    const port = await listen(t.app);
    const res = await rawRequest(
      port,
      importHead(`${SIGN_HEADERS.timestamp}: ${Date.now() - 301_000}`, `${SIGN_HEADERS.sign}: ${'0'.repeat(64)}`),
      Buffer.alloc(256 * 1024, 0x20),
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'SIGN.EXPIRED' });
  });

  it('still checks the HMAC over the body once it is read', async () => {
    const user = await registerUser(t);
    const body = await loginBody(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pub/login',
      headers: {
        'content-type': 'application/json',
        ...signed('POST', '/api/v1/pub/login', { body: body.replace('WEB', 'H5') }),
      },
      payload: body,
    });
    expect(res.json()).toMatchObject({ code: 'SIGN.INVALID' });
    // The same body, signed as sent, logs in.
    const good = await api(t.app, { method: 'POST', url: '/api/v1/pub/login', body: JSON.parse(body) as unknown });
    expect(good.statusCode, good.body).toBe(200);
  });
});
