/**
 * The HTTP client (axios) with every rule of docs/product.md §7, §8 and docs/api.md, Signing:
 * - bearer token from the `token` cookie or the stored user; EAV-Timestamp, EAV-Sign, EAV-UserId;
 * - empty GET parameters dropped; JSON bodies by default (the exact string sent is signed);
 * - offline: '请连接网络使用' for 3 s and the request is rejected;
 * - body code ≠ 200: msg for 3 s unless `silent`; HTTP 302 follows Location;
 * - 401: silent logout; 403: msg (not on mobile routes), logout, replace to login with redirect after 1 s,
 *   except AUTH.GUARDIAN_REQUIRED (a browse-only pupil): msg only, the session stays;
 * - 404: '网络请求不存在' (not on mobile routes); other statuses: msg with a description for 5 s;
 * - SIGN.EXPIRED: the clock offset is corrected from the `Date` header and the request retried once.
 * `request()` resolves to the envelope's `data`; failures reject with ApiError.
 */
import axios, {
  AxiosHeaders,
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  ErrorCode,
  FORBIDDEN_REDIRECT_DELAY_MS,
  Messages,
  OK_CODE,
  SIGN_HEADERS,
  TOAST_SECONDS,
  canonicalQuery,
  signRequest,
  type ApiEnvelope,
} from '@eav/contract';
import { loginPath, isMobileRoute } from '@/config/paths';
import { runtimeConfig } from '@/config/runtime';
import { currentFullPath, currentPathname, navigate } from './navigation';
import { notifierFor } from './notify';
import { loadStoredUser, storedToken } from './session-storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not show error toasts for this request (the caller shows its own message). */
    silent?: boolean;
    /** Internal: the request was already retried after a clock correction. */
    _signRetried?: boolean;
  }
}

/** A failed call: HTTP status (0 when offline / no response), contract code and Chinese msg. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
    readonly msg: string,
    readonly data?: unknown,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** Session hooks the client calls; the app wires them to the session store. */
export interface SessionHooks {
  /** 401: forget user and token, no redirect. */
  onUnauthorized(): void;
  /** 403: full logout (the client redirects to login itself). */
  onForbidden(): void;
  /** 403 AUTH.GUARDIAN_REQUIRED: the user is a browse-only pupil (a session stored before it knew). */
  onGuardianRequired(): void;
}
let sessionHooks: SessionHooks = { onUnauthorized: () => {}, onForbidden: () => {}, onGuardianRequired: () => {} };
export function registerSessionHooks(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

/** Milliseconds to add to the local clock, learned from the server's Date header. */
let clockOffsetMs = 0;
export const clockOffset = () => clockOffsetMs;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return Object.prototype.toString.call(v) === '[object Object]';
}

/** Drops undefined, null and '' values (docs/product.md §7: empty GET params are dropped). */
export function cleanParams(params: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(params)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

/** Request interceptor: offline check, token, JSON body, signature headers. */
export function prepareRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    notifierFor(isMobileRoute(currentPathname())).error(Messages.offline, TOAST_SECONDS.offline);
    throw new ApiError(0, 'OFFLINE', Messages.offline);
  }
  const method = (config.method ?? 'get').toUpperCase();
  const headers = AxiosHeaders.from(config.headers);
  const [rawPath, rawQuery] = (config.url ?? '').split('?');
  const params = cleanParams(config.params) ?? {};
  // Parameters written into the URL are merged into `params` so that one list is sent and signed.
  if (rawQuery) new URLSearchParams(rawQuery).forEach((v, k) => v !== '' && (params[k] = v));
  config.url = rawPath;
  config.params = params;

  let body = '';
  const data: unknown = config.data;
  if (typeof FormData !== 'undefined' && data instanceof FormData) {
    headers.delete('Content-Type'); // the browser sets the multipart boundary
  } else if (typeof data === 'string') {
    body = data;
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  } else if (data !== undefined && data !== null && !(data instanceof Blob) && !(data instanceof URLSearchParams)) {
    body = JSON.stringify(data);
    config.data = body;
    headers.set('Content-Type', 'application/json');
  }

  const token = storedToken();
  const timestamp = Date.now() + clockOffsetMs;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const userId = loadStoredUser()?.userId;
  if (userId != null) headers.set(SIGN_HEADERS.userId, String(userId));
  headers.set(SIGN_HEADERS.timestamp, String(timestamp));
  headers.set(
    SIGN_HEADERS.sign,
    signRequest(
      {
        method,
        // The URL the browser sends (dot segments resolved, non-ASCII escaped); the signer takes its
        // canonical path, as the server does (docs/api.md, Signing).
        path: new URL(rawPath ?? '', globalThis.location?.href ?? 'http://localhost/').href,
        query: params as Record<string, string>,
        body,
        token,
        timestamp,
      },
      // The secret the server handed this page (config/runtime.ts), never one from the build.
      runtimeConfig().signSecret,
    ),
  );
  config.headers = headers;
  return config;
}

function bodyOf(response: AxiosResponse | undefined): Partial<ApiEnvelope<unknown>> {
  const d: unknown = response?.data;
  return isPlainObject(d) ? (d as Partial<ApiEnvelope<unknown>>) : {};
}

/** Success interceptor: 302 follows Location; a body code other than 200 is a failure. */
export function handleResponse(response: AxiosResponse): AxiosResponse {
  if (response.status === 302) {
    const location = response.headers['location'];
    if (typeof location === 'string') window.location.href = location;
    return response;
  }
  if (response.status === 301) return response;
  const body = bodyOf(response);
  if (typeof body.code === 'number' && body.code !== OK_CODE) {
    const msg = body.msg || Messages.internal;
    if (!response.config.silent) notifierFor(isMobileRoute(currentPathname())).error(msg, TOAST_SECONDS.error);
    throw new ApiError(response.status, body.code, msg, body.data);
  }
  return response;
}

let forbiddenTimer: ReturnType<typeof setTimeout> | undefined;

/** Error interceptor: the status rules of docs/product.md §8. */
export async function handleError(error: AxiosError): Promise<AxiosResponse> {
  if (error instanceof ApiError) throw error;
  const response = error.response;
  const config = error.config;
  if (!response) {
    // No response while online: passed on (docs/product.md §8).
    throw new ApiError(0, 'NETWORK', error.message || '网络异常，请稍后重试');
  }
  const status = response.status;
  if (status === 301 || status === 302) return handleResponse(response);
  const body = bodyOf(response);
  const msg = body.msg || Messages.internal;
  const code = body.code ?? status;
  const mobile = isMobileRoute(currentPathname());
  const notifier = notifierFor(mobile);
  const silent = !!config?.silent;

  if (status === 400 && code === ErrorCode.SIGN_EXPIRED && config && !config._signRetried) {
    const serverDate = Date.parse(String(response.headers['date'] ?? ''));
    if (!Number.isNaN(serverDate)) {
      clockOffsetMs = serverDate - Date.now();
      return client.request({ ...config, _signRetried: true });
    }
  }
  if (status === 401) {
    sessionHooks.onUnauthorized();
  } else if (status === 403 && code === ErrorCode.AUTH_GUARDIAN_REQUIRED) {
    // A pupil under 14 awaiting a guardian's consent stays logged in: the message says why, and the
    // shell's banner leads to the guardian step (docs/privacy.md, Guardians).
    sessionHooks.onGuardianRequired();
    if (!silent) notifier.error(msg, TOAST_SECONDS.error);
  } else if (status === 403) {
    if (!mobile) notifier.error(msg, TOAST_SECONDS.error);
    sessionHooks.onForbidden();
    const redirect = currentFullPath();
    clearTimeout(forbiddenTimer);
    forbiddenTimer = setTimeout(
      () => navigate(loginPath('login', redirect), { replace: true }),
      FORBIDDEN_REDIRECT_DELAY_MS,
    );
  } else if (status === 404) {
    if (!mobile && !silent) notifier.error(Messages.notFoundRequest, TOAST_SECONDS.error);
  } else if (!mobile && !silent) {
    notifier.httpError(
      msg,
      `请求失败（${status}）${typeof code === 'string' ? ` ${code}` : ''}`,
      TOAST_SECONDS.httpError,
    );
  }
  throw new ApiError(status, code, msg, body.data);
}

/** The shared axios instance (same origin; the dev server proxies the API). */
export const client = axios.create({
  timeout: 30_000,
  validateStatus: (s) => s >= 200 && s < 300,
  // The query is sent exactly as it is signed (repeated keys for arrays, encodeURIComponent):
  // axios's default `key[]=v` form for arrays would not match the signature the server computes.
  paramsSerializer: { serialize: (params) => canonicalQuery(params as Record<string, string>) },
});
client.interceptors.request.use(prepareRequest);
client.interceptors.response.use(handleResponse, handleError);

/** Performs a call and resolves to the envelope's `data`. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await client.request<ApiEnvelope<T>>(config);
  return response.data.data as T;
}

export const apiGet = <T>(url: string, params?: object, options?: AxiosRequestConfig) =>
  request<T>({ ...options, method: 'GET', url, params });
export const apiPost = <T>(url: string, data?: unknown, options?: AxiosRequestConfig) =>
  request<T>({ ...options, method: 'POST', url, data });
export const apiPut = <T>(url: string, data?: unknown, options?: AxiosRequestConfig) =>
  request<T>({ ...options, method: 'PUT', url, data });
export const apiDelete = <T>(url: string, options?: AxiosRequestConfig) =>
  request<T>({ ...options, method: 'DELETE', url });
