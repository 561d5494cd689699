/**
 * The class workload's driver: each pupil fetches a captcha, logs in by password, redeems the code
 * and lists 我的教材, from the school's address; closed loop or open loop, every pupil used once.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import { nodeHmacSha256Hex } from '../../apps/server/src/lib/hmac';
import { CAPTCHA_CODE, PASSWORD, SIGN_SECRET, type Fixture } from './stack';

/** A signed request from `address` (X-Forwarded-For; the instances trust the proxy header). */
async function call(
  url: string,
  address: string,
  method: 'GET' | 'POST',
  p: string,
  opts: { query?: Record<string, string>; body?: unknown; token?: string } = {},
) {
  const query = opts.query ?? {};
  const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
  const timestamp = Date.now();
  const qs = new URLSearchParams(query).toString();
  const started = performance.now();
  const res = await fetch(`${url}${p}${qs ? `?${qs}` : ''}`, {
    method,
    headers: {
      'x-forwarded-for': address,
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method, path: p, query, body, token: opts.token ?? '', timestamp },
        SIGN_SECRET,
        nodeHmacSha256Hex,
      ),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json')
    ? (JSON.parse(text) as { data?: Record<string, unknown> })
    : {};
  return { status: res.status, data: json.data, ms: performance.now() - started };
}

/** What a run of the class workload counted. */
export interface ClassRun {
  requests: number;
  failures: number;
  latencies: number[];
  seconds: number;
}

/** One pupil's minute: captcha, login, redeem, 我的教材; latencies of its four requests. */
async function pupilMinute(url: string, p: Fixture['pupils'][number], run: ClassRun): Promise<void> {
  const steps: (() => Promise<{ status: number; data?: Record<string, unknown>; ms: number }>)[] = [];
  const key = randomUUID();
  let me: { id: string; token: string } | undefined;
  steps.push(() => call(url, p.address, 'GET', ApiPaths.captcha, { query: { key } }));
  steps.push(async () => {
    const r = await call(url, p.address, 'POST', ApiPaths.login, {
      body: { account: p.userName, password: PASSWORD, captchaKey: key, captchaCode: CAPTCHA_CODE, platform: 'WEB' },
    });
    if (r.data?.token) me = { id: String(r.data.userId), token: String(r.data.token) };
    return r;
  });
  steps.push(() =>
    call(url, p.address, 'POST', ApiPaths.textbookActivation, { body: { code: p.code }, token: me?.token }),
  );
  steps.push(() => call(url, p.address, 'GET', ApiPaths.userTextbooks(me?.id ?? 0), { token: me?.token }));
  for (const step of steps) {
    const r = await step();
    run.requests++;
    run.latencies.push(r.ms);
    if (r.status !== 200) run.failures++;
  }
}

/**
 * The class workload, closed loop (`concurrency` pupils at a time, for `seconds`) or open loop
 * (`pupilsPerSecond` pupils started on schedule): pupils are taken from `queue` and each used once.
 */
export async function classRun(
  url: string,
  queue: Fixture['pupils'],
  opts: { seconds: number; concurrency?: number; pupilsPerSecond?: number },
): Promise<ClassRun> {
  const run: ClassRun = { requests: 0, failures: 0, latencies: [], seconds: 0 };
  const started = performance.now();
  const end = started + opts.seconds * 1000;
  if (opts.concurrency) {
    const worker = async () => {
      while (performance.now() < end && queue.length) await pupilMinute(url, queue.shift()!, run);
    };
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
  } else {
    const pending: Promise<void>[] = [];
    const every = 1000 / opts.pupilsPerSecond!;
    for (let i = 0; started + i * every < end && queue.length; i++) {
      const wait = started + i * every - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(pupilMinute(url, queue.shift()!, run));
    }
    await Promise.all(pending);
  }
  if (!queue.length) throw new Error('capacity: the class workload ran out of pupils; raise PUPILS');
  run.seconds = (performance.now() - started) / 1000;
  run.latencies.sort((x, y) => x - y);
  return run;
}
