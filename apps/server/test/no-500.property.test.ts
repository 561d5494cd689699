/**
 * No input answers 500. Every schema-validated route of the OpenAPI document gets random path
 * parameters, query values and JSON bodies (values shaped by the route's own schema, mixed with
 * huge, negative and fractional numbers, NUL and control characters, very long strings, wrong
 * types, nested junk and unicode), signed as the web client signs, sent by an administrator and by
 * a student. Bad input must be a 4xx in the envelope; a 5xx is a bug. Also: the regressions that
 * used to reach the database and the 400 for database data errors that slip past a schema.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { importTextbooks } from '../src/features/textbooks';
import { api, testConfig, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

// Demo catalogue (books, chapters, videos), so that small random ids reach existing rows and the
// handlers behind validation; a trusted X-Forwarded-For gives each request its own rate-limit bucket.
const t = useTestApp({ config: testConfig({ seedDemo: true, trustProxy: true }) });

// ---- OpenAPI → request shapes ----

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface RouteShape {
  method: string;
  /** OpenAPI path, `{name}` for parameters. */
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
}

function routesOf(app: FastifyInstance): RouteShape[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: RouteShape[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const parameters = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!parameters.length && !body) continue; // nothing to validate
      routes.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body,
      });
    }
  }
  return routes;
}

// ---- arbitraries ----

const INT4_MAX = 2_147_483_647;

/** Values no schema should let through to the database. */
const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    99_999_999_999,
    -99_999_999_999,
    INT4_MAX + 1,
    -INT4_MAX - 2,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1,
    0,
    1.5,
    '99999999999',
    '9223372036854775808',
    '1e400',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    ' 1 ',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\r\n',
    '%00',
    '../../../etc/passwd',
    '..\\..\\windows',
    "'; drop table users; --",
    '𠮷野家',
    '\ud800',
    '\uffff',
    'javascript:alert(1)',
    '',
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
  fc.integer({ min: 60, max: 70_000 }).map((n) => '字'.repeat(n)),
  fc.boolean(),
  fc.constant(null),
);

/** Junk of any JSON type, nested. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 4 }) },
);

/** A string matching `pattern` when fast-check can build one, else any short string. */
function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

/** Values the schema accepts (or nearly: they must pass validation to reach the handlers). */
function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, depth + 1)));
  if (schema.allOf?.length) return plausible(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -INT4_MAX - 2) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? INT4_MAX + 2) - 1;
      const lo = Math.max(min, -1e12);
      const hi = Math.min(max, 1e12);
      const edges = fc.constantFrom(lo, hi);
      // Whole numbers inside the bounds (a number schema may have fractional ones, e.g. 0.5).
      const [ilo, ihi] = [Math.ceil(lo), Math.floor(hi)];
      if (ilo > ihi) return edges;
      const small = fc.integer({ min: Math.max(ilo, -5), max: Math.max(Math.min(ihi, 60), Math.max(ilo, -5)) });
      return fc.oneof(small, edges, fc.integer({ min: Math.max(ilo, -INT4_MAX - 1), max: Math.min(ihi, INT4_MAX) }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 3 });
    case 'object':
      return plausibleObject(schema, depth);
    case 'string': {
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === 'uuid') return fc.uuid();
      const maxLength = Math.min(schema.maxLength ?? 80, 200);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      if (schema.pattern) return matching(schema.pattern).filter((v) => v.length >= minLength && v.length <= maxLength);
      // Values some fields need to pass their refinements (links, platform codes, names).
      const known = ['https://example.edu.cn/a', '/digitalBook', 'xh', '张三', '实验中学 2 班', 'Xuexi2026go'].filter(
        (v) => v.length >= minLength && v.length <= maxLength,
      );
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ unit: 'grapheme', minLength, maxLength }),
        ...(known.length ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : []),
      );
    }
    default:
      return junk;
  }
}

function plausibleObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  // Junk goes into one input at a time (requestArbitrary), so that the others pass validation.
  for (const [name, s] of Object.entries(props)) record[name] = plausible(s, depth + 1);
  const required = new Set(schema.required ?? []);
  // Required fields are always present (a missing one is the junk alternative's job), others may be.
  const withKeys = fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
  return fc
    .tuple(withKeys, fc.dictionary(fc.string({ maxLength: 6 }), junk, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Stands for the id of the user sending the request (routes under `/users/{userId}`). */
const SELF = '\u0001self';

/** A plausible path value, as a string; `userId` is often the sender's own id. */
function plausibleParam(p: Parameter): fc.Arbitrary<unknown> {
  const value = plausible(p.schema);
  return p.name === 'userId' ? fc.oneof(fc.constant(SELF), value) : value;
}

/** Query and path values are strings on the wire. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));

/** A query value as a browser puts it in a URL: a lone surrogate becomes U+FFFD. */
const wellFormed = (s: string) => s.replace(/\p{Cs}/gu, '\ufffd');

/** encodeURIComponent, with lone surrogates sent as the raw bytes a broken client would send. */
function encodeSegment(s: string): string {
  return s.replace(/[\s\S]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  });
}

interface GeneratedRequest {
  /** Path values in order, unencoded. */
  params: string[];
  query: Record<string, string>;
  body: unknown;
  /** Which input was replaced with junk, for the failure report. */
  mutated: string;
}

/**
 * A request whose inputs are plausible for the route's schemas (so it reaches the handler), with
 * usually exactly one input replaced by junk (so each input's validation is exercised in turn), or
 * sometimes everything junk.
 */
function requestArbitrary(route: RouteShape): fc.Arbitrary<GeneratedRequest> {
  const params = fc.tuple(...route.params.map(plausibleParam));
  const query = fc.tuple(
    ...route.query.map((p) =>
      p.required ? plausible(p.schema) : fc.option(plausible(p.schema), { nil: undefined, freq: 3 }),
    ),
  );
  const body = route.body ? plausible(route.body) : fc.constant(undefined);
  const bodyFields = Object.keys(route.body?.properties ?? {});
  const targets = [
    ...route.params.map((p) => `param:${p.name}`),
    ...route.query.map((p) => `query:${p.name}`),
    ...bodyFields.map((f) => `field:${f}`),
    ...(route.body ? ['body'] : []),
  ];
  const mutation = fc.oneof(
    { weight: 3, arbitrary: fc.constant(['none', undefined] as [string, unknown]) },
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...targets), junk) },
    { weight: 1, arbitrary: fc.constant(['all', undefined] as [string, unknown]) },
  );
  return fc.tuple(params, query, body, mutation, junk, junk).map(([ps, qs, b, [target, value], j1, j2]) => {
    const paramValues = ps.map(asText);
    const queryValues: Record<string, string> = {};
    route.query.forEach((p, i) => {
      if (qs[i] !== undefined) queryValues[p.name] = wellFormed(asText(qs[i]));
    });
    let bodyValue = b;
    const [kind, name] = target.split(':') as [string, string | undefined];
    if (kind === 'param') paramValues[route.params.findIndex((p) => p.name === name)] = asText(value);
    else if (kind === 'query') queryValues[name!] = wellFormed(asText(value));
    else if (kind === 'field' && bodyValue && typeof bodyValue === 'object')
      bodyValue = { ...(bodyValue as object), [name!]: value };
    else if (kind === 'body') bodyValue = value;
    else if (kind === 'all') {
      paramValues.fill(asText(j1));
      for (const p of route.query) queryValues[p.name] = wellFormed(asText(j2));
      bodyValue = j2;
    }
    return { params: paramValues, query: queryValues, body: bodyValue, mutated: target };
  });
}

// ---- sending ----

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function send(app: FastifyInstance, route: RouteShape, req: GeneratedRequest, user: TestUser) {
  let url = route.path;
  route.params.forEach((p, i) => {
    const value = req.params[i]!.replaceAll(SELF, String(user.id));
    // Never empty, `.` or `..`: an empty segment is another route, and URL parsing resolves dot
    // segments (also escaped ones) away, so the request would reach another path than the one signed.
    const segment = value === '.' || value === '..' ? '' : encodeSegment(value);
    url = url.replace(`{${p.name}}`, segment || '_');
  });
  return api(app, {
    method: route.method as 'GET',
    url,
    query: req.query,
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : req.body,
    token: user.token,
    headers: { 'x-forwarded-for': nextIp() },
  });
}

/** Runs per route: bounded so that the whole file stays near a minute on a shared machine. */
const RUNS_PER_ROUTE = Number(process.env.NO500_RUNS ?? 10);

describe('no input answers 500', () => {
  it('every schema-validated route of the OpenAPI document, as administrator and as student', async () => {
    const routes = routesOf(t.app);
    // The document lists the routes that take input; a handful would mean the enumeration broke.
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let sent = 0;
    const signatureRefused: string[] = [];
    for (const route of routes) {
      let answer = '';
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(route), async (req) => {
          // Fresh users per run: a run may log out, change a password or disable an account.
          const admin = await createUser(t.app.db, ['admin']);
          const student = await createUser(t.app.db, []);
          for (const user of [admin, student]) {
            const res = await send(t.app, route, req, user);
            sent++;
            if (res.statusCode === 400 && res.body.includes('SIGN.INVALID')) {
              signatureRefused.push(`${route.method} ${route.path} ${JSON.stringify(req)}`);
            }
            if (res.statusCode >= 500) {
              answer = `${user === admin ? 'admin' : 'student'} got ${res.statusCode} ${res.body.slice(0, 200)}`;
              return false;
            }
          }
          return true;
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true, seed: Number(process.env.NO500_SEED ?? Date.now() % 2 ** 31) },
      );
      if (result.failed) {
        const ex = JSON.stringify(result.counterexample?.[0]).slice(0, 400);
        // A 5xx answer, or an exception thrown while building or sending the request.
        const why = answer || String(result.errorInstance).slice(0, 200);
        failures.push(
          `${route.method} ${route.path} (seed ${result.seed}, path ${result.counterexamplePath}): ${ex} → ${why}`,
        );
      }
    }
    expect(failures).toEqual([]);
    // The client signs every request it builds; a refused signature means the input never reached
    // validation (and the property tested nothing).
    expect(signatureRefused).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE * 2);
  }, 240_000);
});

describe('input the database would refuse is a 400 at the edge', () => {
  it('an out-of-range stageId on POST /api/v1/user/complete', async () => {
    const student = await createUser(t.app.db, []);
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: student.token,
      body: { realName: '张三', school: '实验中学', region: '广东省', stageId: 99_999_999_999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/stageId.*请选择学段/);
  });

  it('an out-of-range textbookId on GET /api/v1/videos', async () => {
    const res = await api(t.app, { url: '/api/v1/videos', query: { textbookId: '99999999999' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/textbookId.*2147483647/);
  });

  it('a NUL character in school', async () => {
    const student = await createUser(t.app.db, []);
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: student.token,
      body: { realName: '张三', school: '实验\u0000中学', region: '广东省', stageId: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/学校（school）.*控制字符/);
  });

  it('a huge page number on a list', async () => {
    const res = await api(t.app, { url: '/api/v1/textbooks', query: { page: '100000000000000000000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/页码（page）/);
  });

  it('a NUL character in a search keyword', async () => {
    const res = await api(t.app, { url: '/api/v1/textbooks', query: { keyword: '语文\u0000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/keyword.*控制字符/);
  });
});

describe('routes outside the OpenAPI document', () => {
  it.each(['/covers/9999999999.svg', '/covers/9999999999.jpg', '/media/posters/9999999999.jpg'])(
    'an id past the integer range in %s is a client error',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it('a catalogue import line with a NUL character is skipped and reported by its number', async () => {
    const line = { externalId: 'nul-1', title: '语文\u0000', stage: '初中', subject: '语文', edition: '人教版' };
    const report = await importTextbooks(t.app.db, JSON.stringify(line));
    expect(report).toMatchObject({ created: 0, skipped: [{ line: 1, externalId: 'nul-1' }] });
  });
});

describe('database data errors that slip past a schema', () => {
  async function appWithProbe() {
    const app = await buildApp({ config: testConfig(), database: t.database });
    // A route outside /api (unsigned) that fails inside the database the way bad input does.
    app.get<{ Params: { code: string } }>('/__probe/raise/:code', async (request) => {
      await app.db.execute(
        sql.raw(
          `DO $$ BEGIN RAISE EXCEPTION 'probe' USING ERRCODE = '${request.params.code.replace(/[^0-9A-Z]/g, '')}'; END $$`,
        ),
      );
      return { ok: true };
    });
    app.get('/__probe/cast', async () => {
      await app.db.execute(sql`select ${'99999999999'}::int as n`);
      return { ok: true };
    });
    await app.ready();
    return app;
  }

  it.each([
    ['22003', '参数数值超出允许范围'],
    ['22P02', '参数格式不正确'],
    ['22021', '参数包含无法处理的字符'],
    ['22001', '参数内容过长'],
  ])('SQLSTATE %s answers 400 in the envelope', async (code, msg) => {
    const app = await appWithProbe();
    try {
      const res = await app.inject({ url: `/__probe/raise/${code}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg });
    } finally {
      await app.close();
    }
  });

  it('a real out-of-range cast, through the driver and the ORM, answers 400', async () => {
    const app = await appWithProbe();
    try {
      const res = await app.inject({ url: '/__probe/cast' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '参数数值超出允许范围' });
    } finally {
      await app.close();
    }
  });

  it('other database errors stay 500 without internals', async () => {
    const app = await appWithProbe();
    try {
      const res = await app.inject({ url: '/__probe/raise/22012' }); // division by zero: a bug, not input
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/probe/);
    } finally {
      await app.close();
    }
  });
});
