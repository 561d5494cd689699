/**
 * The HTTP client rules of docs/product.md §7-8 against a mocked transport (axios-mock-adapter):
 * toasts, silent requests, 401/403/404/other statuses, the SIGN.EXPIRED clock correction, empty
 * GET parameters and the signature of what is actually sent.
 */
import { ErrorCode, SIGN_HEADERS, signRequest } from '@eav/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, client, registerSessionHooks } from './api-client';
import { registerNavigator } from './navigation';
import { registerNotifier } from './notify';

const mock = new MockAdapter(client);
const desktop = { error: vi.fn(), httpError: vi.fn() };
const mobile = { error: vi.fn(), httpError: vi.fn() };
const hooks = { onUnauthorized: vi.fn(), onForbidden: vi.fn(), onGuardianRequired: vi.fn() };
const nav = vi.fn();

function header(config: { headers?: unknown }, name: string): string {
  const h = config.headers as Record<string, unknown> & { get?: (n: string) => unknown };
  return String(typeof h.get === 'function' ? h.get(name) : h[name]);
}

/** Recomputes the signature of a recorded request from what was sent. */
function expectSignedAsSent(
  config: { method?: string; url?: string; params?: unknown; data?: unknown; headers?: unknown },
  token = '',
) {
  const sent = client.getUri(config as never);
  const u = new URL(sent, 'http://x');
  const expected = signRequest(
    {
      method: (config.method ?? 'get').toUpperCase(),
      path: u.pathname,
      query: u.searchParams,
      body: typeof config.data === 'string' ? config.data : '',
      token,
      timestamp: header(config, SIGN_HEADERS.timestamp),
    },
    'dev-secret',
  );
  expect(header(config, SIGN_HEADERS.sign)).toBe(expected);
}

beforeEach(() => {
  mock.reset();
  vi.clearAllMocks();
  registerNotifier('desktop', desktop);
  registerNotifier('mobile', mobile);
  registerSessionHooks(hooks);
  registerNavigator(nav);
  window.location.hash = '#/detail?id=3';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => mock.restore());

describe('offline', () => {
  it("toasts '请连接网络使用' for 3 s and rejects without sending", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mock.onGet('/api/v1/x').reply(200, { code: 200, msg: 'ok', data: 1 });
    await expect(apiGet('/api/v1/x')).rejects.toMatchObject({ status: 0, code: 'OFFLINE', msg: '请连接网络使用' });
    expect(desktop.error).toHaveBeenCalledWith('请连接网络使用', 3);
    expect(mock.history.get).toHaveLength(0);
  });
});

describe('body code', () => {
  it('resolves to data when the body code is 200', async () => {
    mock.onGet('/api/v1/x').reply(200, { code: 200, msg: 'ok', data: { a: 1 } });
    await expect(apiGet('/api/v1/x')).resolves.toEqual({ a: 1 });
    expect(desktop.error).not.toHaveBeenCalled();
  });

  it('shows the body msg for 3 s and rejects when the body code is not 200', async () => {
    mock.onGet('/api/v1/x').reply(200, { code: 40001, msg: '教材不存在', data: null });
    const err = await apiGet('/api/v1/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, code: 40001, msg: '教材不存在' });
    expect(desktop.error).toHaveBeenCalledWith('教材不存在', 3);
  });

  it('uses the H5 toast on mobile routes', async () => {
    window.location.hash = '#/mobileH5/home';
    mock.onGet('/api/v1/x').reply(200, { code: 40001, msg: '教材不存在' });
    await expect(apiGet('/api/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(mobile.error).toHaveBeenCalledWith('教材不存在', 3);
    expect(desktop.error).not.toHaveBeenCalled();
  });

  it('silent requests show nothing (body code, other statuses, 404)', async () => {
    mock.onGet('/api/v1/a').reply(200, { code: 40001, msg: 'x' });
    mock.onGet('/api/v1/b').reply(500, { code: 500, msg: 'y' });
    mock.onGet('/api/v1/c').reply(404, { code: 404, msg: 'z' });
    for (const url of ['/api/v1/a', '/api/v1/b', '/api/v1/c'])
      await expect(apiGet(url, undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(desktop.error).not.toHaveBeenCalled();
    expect(desktop.httpError).not.toHaveBeenCalled();
  });
});

describe('HTTP statuses', () => {
  it('401 logs out silently: no toast, no redirect', async () => {
    mock.onGet('/api/v1/x').reply(401, { code: 'AUTH.TOKEN_INVALID', msg: '登录已失效，请重新登录' });
    await expect(apiGet('/api/v1/x')).rejects.toMatchObject({ status: 401 });
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.onForbidden).not.toHaveBeenCalled();
    expect(desktop.error).not.toHaveBeenCalled();
    expect(desktop.httpError).not.toHaveBeenCalled();
    expect(nav).not.toHaveBeenCalled();
  });

  it('403 AUTH.GUARDIAN_REQUIRED marks the pupil browse-only and keeps the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.onPost('/api/v1/x').reply(403, { code: ErrorCode.AUTH_GUARDIAN_REQUIRED, msg: '需监护人同意' });
    await expect(apiPost('/api/v1/x', {})).rejects.toMatchObject({ status: 403 });
    expect(hooks.onGuardianRequired).toHaveBeenCalledTimes(1);
    expect(hooks.onForbidden).not.toHaveBeenCalled();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(desktop.error).toHaveBeenCalledWith('需监护人同意', 3);
    vi.advanceTimersByTime(2000);
    expect(nav).not.toHaveBeenCalled();
  });

  it('403 shows the msg, logs out and replaces the route with login after 1 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.onGet('/api/v1/x').reply(403, { code: 'AUTH.ACCOUNT_DISABLED', msg: '账号已被停用，请联系客服' });
    await expect(apiGet('/api/v1/x')).rejects.toMatchObject({ status: 403 });
    expect(desktop.error).toHaveBeenCalledWith('账号已被停用，请联系客服', 3);
    expect(hooks.onForbidden).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(nav).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(nav).toHaveBeenCalledTimes(1);
    expect(nav).toHaveBeenCalledWith('/loginRegistration?loginStep=1&redirect=%2Fdetail%3Fid%3D3', { replace: true });
  });

  it('403 on a mobile route logs out and redirects without a toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.location.hash = '#/mobileH5/userCenter';
    mock.onGet('/api/v1/x').reply(403, { code: 'AUTH.ACCOUNT_DISABLED', msg: '账号已被停用，请联系客服' });
    await expect(apiGet('/api/v1/x')).rejects.toMatchObject({ status: 403 });
    expect(mobile.error).not.toHaveBeenCalled();
    expect(desktop.error).not.toHaveBeenCalled();
    expect(hooks.onForbidden).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(nav).toHaveBeenCalledWith('/loginRegistration?loginStep=1&redirect=%2FmobileH5%2FuserCenter', {
      replace: true,
    });
  });

  it("404 shows '网络请求不存在' (whatever the body says) for 3 s", async () => {
    mock.onGet('/api/v1/nope').reply(404, { code: 404, msg: '内容不存在' });
    await expect(apiGet('/api/v1/nope')).rejects.toMatchObject({ status: 404 });
    expect(desktop.error).toHaveBeenCalledWith('网络请求不存在', 3);
  });

  it('404 shows nothing on mobile routes', async () => {
    window.location.hash = '#/mobile/login';
    mock.onGet('/api/v1/nope').reply(404, { code: 404, msg: '网络请求不存在' });
    await expect(apiGet('/api/v1/nope')).rejects.toMatchObject({ status: 404 });
    expect(desktop.error).not.toHaveBeenCalled();
    expect(mobile.error).not.toHaveBeenCalled();
  });

  it('other statuses show the msg with a description for 5 s (not on mobile routes)', async () => {
    mock.onPost('/api/v1/x').reply(500, { code: 'INTERNAL', msg: '服务器开小差了，请稍后再试', requestId: 'r1' });
    await expect(apiPost('/api/v1/x', { a: 1 })).rejects.toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(desktop.httpError).toHaveBeenCalledWith('服务器开小差了，请稍后再试', '请求失败（500） INTERNAL', 5);

    window.location.hash = '#/mobileH5/home';
    await expect(apiPost('/api/v1/x', { a: 1 })).rejects.toMatchObject({ status: 500 });
    expect(desktop.httpError).toHaveBeenCalledTimes(1);
    expect(mobile.httpError).not.toHaveBeenCalled();
  });

  it('a 400 validation failure shows its Chinese message', async () => {
    mock.onPost('/api/v1/x').reply(400, { code: 'VALIDATION.FAILED', msg: '手机号格式不正确' });
    await expect(apiPost('/api/v1/x', {})).rejects.toMatchObject({ status: 400, msg: '手机号格式不正确' });
    expect(desktop.httpError).toHaveBeenCalledWith('手机号格式不正确', '请求失败（400） VALIDATION.FAILED', 5);
  });

  it('302 follows the Location header', async () => {
    mock.onGet('/api/v1/jump').reply(302, { code: 200, msg: 'ok', data: null }, { location: '#/moved' });
    await apiGet('/api/v1/jump');
    expect(window.location.hash).toBe('#/moved');
  });

  it('no response while online is passed on as a network error without a toast', async () => {
    mock.onGet('/api/v1/x').networkError();
    await expect(apiGet('/api/v1/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(desktop.error).not.toHaveBeenCalled();
    expect(desktop.httpError).not.toHaveBeenCalled();
  });
});

describe('request shape and signature', () => {
  it('drops empty GET params, keeps 0 and false, and signs the query that is sent', async () => {
    mock.onGet('/api/v1/list').reply(200, { code: 200, msg: 'ok', data: [] });
    await apiGet('/api/v1/list', {
      a: '',
      b: null,
      c: undefined,
      d: 0,
      e: false,
      keyword: '语文 上册',
      tag: ['x', 'y'],
    });
    const sent = mock.history.get[0]!;
    expect(sent.params).toEqual({ d: 0, e: false, keyword: '语文 上册', tag: ['x', 'y'] });
    const url = client.getUri(sent);
    expect(url).toBe('/api/v1/list?d=0&e=false&keyword=%E8%AF%AD%E6%96%87%20%E4%B8%8A%E5%86%8C&tag=x&tag=y');
    expectSignedAsSent(sent);
  });

  it('merges parameters written into the URL with params and signs them', async () => {
    mock.onGet('/prize/api/v1/banner').reply(200, { code: 200, msg: 'ok', data: [] });
    await apiGet('/prize/api/v1/banner?activityCode=A1&empty=', { page: 2 });
    const sent = mock.history.get[0]!;
    expect(client.getUri(sent)).toBe('/prize/api/v1/banner?activityCode=A1&page=2');
    expectSignedAsSent(sent);
  });

  it('sends JSON bodies as a string with Content-Type JSON and signs exactly that string', async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, userName: '张三', token: 'tok-7', roles: [] }));
    mock.onPost('/api/v1/echo').reply(200, { code: 200, msg: 'ok', data: true });
    await apiPost('/api/v1/echo', { name: '张三', n: 1, nested: { a: [1, 2] } });
    const sent = mock.history.post[0]!;
    expect(sent.data).toBe('{"name":"张三","n":1,"nested":{"a":[1,2]}}');
    expect(header(sent, 'Content-Type')).toContain('application/json');
    expect(header(sent, 'Authorization')).toBe('Bearer tok-7');
    expect(header(sent, SIGN_HEADERS.userId)).toBe('7');
    expectSignedAsSent(sent, 'tok-7');
    // A tampered body would not verify.
    expect(() => expectSignedAsSent({ ...sent, data: '{"name":"李四"}' }, 'tok-7')).toThrow();
  });

  it('prefers the token cookie over the stored user', async () => {
    localStorage.setItem('user', JSON.stringify({ userId: 7, userName: '张三', token: 'tok-user', roles: [] }));
    document.cookie = 'token=tok-cookie; path=/';
    mock.onGet('/api/v1/x').reply(200, { code: 200, msg: 'ok', data: 1 });
    await apiGet('/api/v1/x');
    const sent = mock.history.get[0]!;
    expect(header(sent, 'Authorization')).toBe('Bearer tok-cookie');
    expectSignedAsSent(sent, 'tok-cookie');
  });

  it('sends no Authorization and no EAV-UserId when logged out', async () => {
    mock.onGet('/api/v1/x').reply(200, { code: 200, msg: 'ok', data: 1 });
    await apiGet('/api/v1/x');
    const h = mock.history.get[0]!.headers as Record<string, unknown>;
    expect(h['Authorization']).toBeUndefined();
    expect(h[SIGN_HEADERS.userId]).toBeUndefined();
  });
});

describe('SIGN.EXPIRED', () => {
  it('corrects the clock from the Date header and retries once', async () => {
    const serverNow = Date.now() + 3_600_000;
    const serverDate = new Date(serverNow).toUTCString();
    mock
      .onPost('/api/v1/x')
      .replyOnce(400, { code: 'SIGN.EXPIRED', msg: '请求已过期，请检查设备时间后重试' }, { date: serverDate })
      .onPost('/api/v1/x')
      .replyOnce(200, { code: 200, msg: 'ok', data: 'done' });
    await expect(apiPost('/api/v1/x', { a: 1 })).resolves.toBe('done');
    expect(mock.history.post).toHaveLength(2);
    const [first, second] = mock.history.post;
    const t1 = Number(header(first!, SIGN_HEADERS.timestamp));
    const t2 = Number(header(second!, SIGN_HEADERS.timestamp));
    expect(Math.abs(t2 - Date.parse(serverDate))).toBeLessThan(5_000);
    expect(t2 - t1).toBeGreaterThan(3_500_000);
    expectSignedAsSent(second!);
    expect(second!.data).toBe('{"a":1}');
    expect(desktop.httpError).not.toHaveBeenCalled();
  });

  it('does not retry a second time', async () => {
    const serverDate = new Date(Date.now() + 7_200_000).toUTCString();
    mock
      .onGet('/api/v1/y')
      .reply(400, { code: 'SIGN.EXPIRED', msg: '请求已过期，请检查设备时间后重试' }, { date: serverDate });
    await expect(apiGet('/api/v1/y')).rejects.toMatchObject({ status: 400, code: 'SIGN.EXPIRED' });
    expect(mock.history.get).toHaveLength(2);
    expect(desktop.httpError).toHaveBeenCalledTimes(1);
  });
});
