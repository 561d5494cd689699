/**
 * Where each provider lives (docs/identity.md, Configuration): a configured base URL is the real
 * provider; without one and with FAKE_IDP on, the in-process fake under `/fake-idp/<name>`, reached
 * by the browser through the portal's public origin and by the server over real HTTP through the
 * address it listens on. So swapping a fake for the real provider is a configuration change.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig, IdentityConfig } from '../../../config';
import { AppError } from '../../../lib/errors';

/** Path prefix of the fake providers. */
export const FAKE_PREFIX = '/fake-idp';

export type FakeName = 'wechat' | 'zjer' | 'educube' | 'class-server';

/** 503 with a Chinese message: the provider has no base URL and no fake stands in. */
export const notConfigured = (label: string) => new AppError(503, 503, `${label}登录暂未开通，请使用其他方式登录`);

/**
 * The portal's public origin, from configuration only: PUBLIC_ORIGIN, else (outside production,
 * where config validation requires PUBLIC_ORIGIN) `http://<HOST>:<PORT>` with a wildcard HOST read
 * as `localhost`. Never the request's `Host` header: provider redirect URIs and CAS services built
 * from it would send codes and tickets to whatever host an attacker names.
 */
export function publicOrigin(config: Pick<AppConfig, 'publicOrigin' | 'host' | 'port'>): string {
  if (config.publicOrigin) return new URL(config.publicOrigin).origin;
  const host = config.host === '0.0.0.0' || config.host === '::' || !config.host ? 'localhost' : config.host;
  // Normalised (`http://host:80` → `http://host`): redirect URIs are compared as strings.
  return new URL(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}`).origin;
}

/** `http://host:port` the server listens on, for server-to-server calls to the in-process fakes. */
export function listenOrigin(app: FastifyInstance): string {
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new AppError(503, 503, '登录服务暂不可用，请稍后再试');
  let host = addr.address;
  if (host === '0.0.0.0' || host === '::') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${addr.port}`;
}

/** Browser-facing and server-facing base URLs of one provider. */
export interface ProviderEndpoints {
  /** Whether the provider is usable (a base URL, or the fake). */
  readonly available: boolean;
  readonly fake: boolean;
  browserBase(): string;
  serverBase(): string;
  /** A server-to-server GET of a URL under serverBase(). */
  fetch(url: string): Promise<Response>;
}

/**
 * Host of serverBase() for the fakes while the server does not listen (an app driven only by
 * `inject`, e.g. in tests): such requests go to the fake through Fastify's `inject`, with the same
 * paths, queries and answers as over the network.
 */
export const IN_PROCESS_HOST = 'fake-idp.in-process.invalid';

async function inProcess(app: FastifyInstance, url: URL): Promise<Response> {
  const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const type = res.headers['content-type'];
  return new Response(res.body, { status: res.statusCode, headers: type ? { 'content-type': String(type) } : {} });
}

export function providerEndpoints(
  app: FastifyInstance,
  config: Pick<AppConfig, 'publicOrigin' | 'host' | 'port'> & { identity: IdentityConfig },
  name: FakeName,
  baseUrl: string | undefined,
  label: string,
  apiUrl: string | undefined = baseUrl,
): ProviderEndpoints {
  const fake = !baseUrl && config.identity.fakeIdp;
  return {
    available: !!baseUrl || fake,
    fake,
    browserBase() {
      if (baseUrl) return baseUrl;
      if (!fake) throw notConfigured(label);
      return `${publicOrigin(config)}${FAKE_PREFIX}/${name}`;
    },
    serverBase() {
      if (apiUrl) return apiUrl;
      if (!fake) throw notConfigured(label);
      const listening = app.server.listening ? listenOrigin(app) : `http://${IN_PROCESS_HOST}`;
      return `${listening}${FAKE_PREFIX}/${name}`;
    },
    fetch(url) {
      const target = new URL(url);
      return fake && target.hostname === IN_PROCESS_HOST ? inProcess(app, target) : fetchWithTimeout(url);
    },
  };
}

/** Fetch with a time limit: a provider that hangs must not hold the request forever. */
export async function fetchWithTimeout(url: string, init: RequestInit = {}, timeoutMs = 8000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
}
