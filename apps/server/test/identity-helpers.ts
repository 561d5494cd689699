/**
 * Helpers of the third-party login tests (docs/identity.md): an accounts test app that listens on a
 * real port (the adapters reach the fake providers over real HTTP), and a "browser" that follows
 * the fake providers' pages, forms and redirects with its own cookie.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect } from 'vitest';
import type { AppConfig } from '../src/config';
import { useAccountsApp, type AccountsTestContext } from './accounts-helpers';
import { api, type ApiRequest } from './helpers';

/** useAccountsApp whose app also listens on 127.0.0.1 (random port) before each test. */
export function useIdentityApp(overrides: Partial<AppConfig> = {}): AccountsTestContext {
  const t = useAccountsApp(overrides);
  beforeEach(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return t;
}

/** The path and query of an absolute URL (or a path), without the fragment. */
export function pathOf(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}

/** The query parameters of the hash route of an in-app URL `/#/path?x=y`. */
export function hashParams(url: string): { path: string; params: URLSearchParams } {
  const hash = url.slice(url.indexOf('#') + 1);
  const [path, query] = hash.split('?', 2);
  return { path: path!, params: new URLSearchParams(query ?? '') };
}

/** A browser: one cookie jar for the binding cookie, GETs of pages, and signed API calls. */
export class Browser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  /** The Cookie header: every cookie kept (paths are not told apart; all are `/` or `/auth/`). */
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(setCookie: string | string[] | undefined) {
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }

  async get(url: string) {
    const res = await this.app.inject({
      method: 'GET',
      url: pathOf(url),
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    this.keep(res.headers['set-cookie']);
    return res;
  }

  async api(req: ApiRequest) {
    const res = await api(this.app, {
      ...req,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...req.headers },
    });
    this.keep(res.headers['set-cookie']);
    return res;
  }

  /** Opens a provider page and submits the persona form (or the deny form): answers the redirect target. */
  async choose(pageUrl: string, persona: string | 'deny'): Promise<string> {
    const page = await this.get(pageUrl);
    expect(page.statusCode, page.body).toBe(200);
    const forms = [...page.body.matchAll(/<form method="get" action="([^"]+)"[^>]*>(.*?)<\/form>/g)];
    const form = forms.find((f) =>
      persona === 'deny' ? f[2]!.includes('name="deny"') : f[2]!.includes(`name="persona" value="${persona}"`),
    );
    expect(form, `no form for ${persona}`).toBeTruthy();
    const fields = new URLSearchParams();
    for (const m of form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields.set(m[1]!, unescape(m[2]!));
    const action = new URL(form![1]!, new URL(pathOf(pageUrl), 'http://localhost'));
    const res = await this.get(`${action.pathname}?${fields.toString()}`);
    expect(res.statusCode, res.body).toBe(302);
    return String(res.headers.location);
  }
}

/** HTML attribute values are escaped as &#NN;: undo it. */
function unescape(s: string): string {
  return s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
}

/**
 * The WeChat flow up to the portal's callback: auth URL, the fake's page, the persona, the callback.
 * Answers the in-app landing URL with `code` and `state`.
 */
export async function wechatToLanding(
  b: Browser,
  opts: { client: 'web' | 'h5'; persona: string; scene?: 'login' | 'bind'; token?: string; redirect?: string },
): Promise<{ landing: string; code: string; state: string }> {
  const res = await b.api({
    url: '/api/v1/pub/wx/auth/buildAuthUrl',
    query: { client: opts.client, scene: opts.scene ?? 'login', redirect: opts.redirect },
    ...(opts.token ? { token: opts.token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const back = await b.choose(res.json().data.url, opts.persona);
  const cb = await b.get(back);
  expect(cb.statusCode, cb.body).toBe(302);
  const landing = String(cb.headers.location);
  const { params } = hashParams(landing);
  return { landing, code: params.get('code') ?? '', state: params.get('state') ?? '' };
}
