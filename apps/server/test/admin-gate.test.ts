/**
 * The role gate (docs/api.md): routes declare `config.roles`; every path under `/api/v1/admin/`
 * needs a console role and then the route's roles (`admin` passes all; the walk of every console
 * route against every role is test/console.test.ts). The gate runs before the body is read: anonymous callers get 401, users
 * without the role the 404 of an unknown path whatever the body, administrators pass.
 */
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { api, testConfig, TEST_SECRET, useTestApp } from './helpers';
import { listen, rawRequest } from './raw-http';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();

const NOT_FOUND = { code: 404, msg: '网络请求不存在' };
const BOUNDARY = '----eav-gate';

interface Call {
  method: InjectOptions['method'] & string;
  url: string;
  /** A body the route accepts from an administrator. */
  body?: string;
  contentType?: string;
}

/** Every operator endpoint with a valid body, plus an admin path no route serves. */
function adminCalls(targetUserId: number): Call[] {
  return [
    {
      method: 'POST',
      url: ApiPaths.adminCatalogueImports,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.jsonl"\r\n\r\n{"externalId":"x1","title":"语文","stage":"小学","subject":"语文","edition":"统编版"}\n\r\n--${BOUNDARY}--\r\n`,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    },
    { method: 'POST', url: ApiPaths.adminTextbookCodes(1), body: '{"count":1}' },
    { method: 'PUT', url: ApiPaths.adminUserStatus(targetUserId), body: '{"status":"disabled"}' },
    {
      method: 'POST',
      url: ApiPaths.adminUserPlatforms(targetUserId),
      body: '{"platformCode":"xh","autoAddress":"https://xh.example.cn/"}',
    },
    { method: 'GET', url: '/api/v1/admin/not-a-route' },
    // A percent-encoded spelling routes like the plain one and is gated like it.
    { method: 'PUT', url: `/api/v1/%61dmin/users/${targetUserId}/status`, body: '{"status":"disabled"}' },
  ];
}

/** Injects `call` signed as the web client signs it (JSON bodies are signed, others are not). */
function send(app: FastifyInstance, call: Call, token?: string, override: Partial<Call> = {}) {
  const c = { ...call, ...override };
  const contentType = c.contentType ?? 'application/json';
  const timestamp = Date.now();
  const sign = signRequest(
    {
      method: c.method,
      path: c.url,
      body: contentType === 'application/json' ? (c.body ?? '') : '',
      token: token ?? '',
      timestamp,
    },
    TEST_SECRET,
  );
  return app.inject({
    method: c.method,
    url: c.url,
    headers: {
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: sign,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(c.body !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(c.body !== undefined ? { payload: c.body } : {}),
  });
}

describe('admin paths', () => {
  it('answers anonymous callers 401 on every admin path', async () => {
    const target = await createUser(t.database.db);
    for (const call of adminCalls(target.id)) {
      const res = await send(t.app, call);
      expect(res.statusCode, call.url).toBe(401);
      expect(res.json().code, call.url).toBe(401);
    }
  });

  it('answers a logged-in non-administrator the unknown-path 404 whatever the body', async () => {
    const student = await createUser(t.database.db, ['student']);
    const teacher = await createUser(t.database.db, ['teacher']);
    const target = await createUser(t.database.db);
    const huge = `{"count":1,"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`;
    for (const user of [student, teacher]) {
      for (const call of adminCalls(target.id)) {
        const variants: Partial<Call>[] = [
          {},
          { body: '{"count":' },
          { body: '<xml/>', contentType: 'application/xml' },
          { body: huge },
          { method: call.method === 'GET' ? 'DELETE' : 'GET', body: undefined },
        ];
        for (const v of variants) {
          const res = await send(t.app, call, user.token, v);
          expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(v).slice(0, 60)}`).toBe(404);
          expect(res.json()).toEqual(NOT_FOUND);
        }
      }
    }
    // Nothing happened to the target.
    const [row] = await t.database.db.select({ status: users.status }).from(users).where(eq(users.id, target.id));
    expect(row?.status).toBe('active');
  });

  it('lets an administrator through to the routes', async () => {
    const admin = await createUser(t.database.db, ['admin']);
    const target = await createUser(t.database.db);
    const status = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminUserStatus(target.id),
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({ userId: target.id, status: 'disabled' });
    // A malformed body from an administrator is a plain 400, an unknown admin path the usual 404.
    const bad = await send(t.app, adminCalls(target.id)[2]!, admin.token, { body: '{"status":' });
    expect(bad.statusCode).toBe(400);
    expect((await send(t.app, adminCalls(target.id)[4]!, admin.token)).json()).toEqual(NOT_FOUND);
  });
});

describe('before the body is read', () => {
  /** A 40 MB catalogue import upload (file limit 64 MB) of which only 256 KiB is ever sent. */
  async function hugeImport(token?: string) {
    const port = await listen(t.app);
    const timestamp = Date.now();
    const sign = signRequest(
      { method: 'POST', path: ApiPaths.adminCatalogueImports, token: token ?? '', timestamp },
      TEST_SECRET,
    );
    return rawRequest(
      port,
      [
        `POST ${ApiPaths.adminCatalogueImports} HTTP/1.1`,
        'Host: x',
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${40 * 1024 * 1024}`,
        `${SIGN_HEADERS.timestamp}: ${timestamp}`,
        `${SIGN_HEADERS.sign}: ${sign}`,
        ...(token ? [`Authorization: Bearer ${token}`] : []),
      ].join('\r\n'),
      Buffer.alloc(256 * 1024, 0x20),
    );
  }

  it('answers an anonymous 40 MB import 401 at once', async () => {
    const res = await hugeImport();
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 401 });
    expect(res.headers.connection).toBe('close');
  });

  it('answers a non-administrator 40 MB import 404 at once', async () => {
    const student = await createUser(t.database.db, ['student']);
    const res = await hugeImport(student.token);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect(res.headers.connection).toBe('close');
  });
});

describe('roles declared by a route', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function appWithTeacherRoute() {
    app = await buildApp({ config: testConfig(), database: t.database });
    app.get('/api/v1/teacher-only', { config: { roles: ['teacher', 'admin'] } }, async (request) => ({
      code: 200,
      msg: 'success',
      data: { userId: request.auth.user.id },
    }));
    await app.ready();
    return app;
  }

  it('answers 401, 404 or passes with request.auth set', async () => {
    const a = await appWithTeacherRoute();
    const student: TestUser = await createUser(t.database.db, ['student']);
    const teacher = await createUser(t.database.db, ['teacher']);
    const admin = await createUser(t.database.db, ['admin']);
    const url = '/api/v1/teacher-only';
    expect((await api(a, { url })).statusCode).toBe(401);
    const refused = await api(a, { url, token: student.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(NOT_FOUND);
    for (const user of [teacher, admin]) {
      const res = await api(a, { url, token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.userId).toBe(user.id);
    }
  });
});
