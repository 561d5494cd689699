/**
 * 之江汇 (zjer) and 教育魔方 (education cube) login (docs/identity.md, Province systems): the provider
 * login URLs, their callbacks (302 into the hash-routed app), the logins that answer the login answer
 * of `POST /api/v1/pub/login` or 409 EDU.ACCOUNT_NOT_BOUND with a bind ticket, the profile behind a
 * bind ticket, and the binding calls of the logged-in user.
 */
import {
  ApiPaths,
  bindResultData,
  bindTicketProfileData,
  bindTicketQuery,
  educubeBindingBody,
  educubeLoginBody,
  envelope,
  loginData,
  redirectUrlData,
  zjerBindingBody,
  zjerLoginBody,
  zjerLoginUrlQuery,
  educubeLoginUrlQuery,
  type ExternalProvider,
} from '@eav/contract';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { ok } from '../../../lib/http';
import { audit } from '../audit';
import type { ExternalContext } from './context';
import { notConfigured } from './endpoints';
import { ProviderRejected, ProviderUnavailable } from './providers';
import {
  bindTicketInvalid,
  bindTicketToUser,
  consumeTicket,
  findBoundUser,
  issueTicket,
  loginBound,
  notBound,
  oauthInvalid,
  peekTicket,
  personOfTicket,
} from './service';
import { browserCookie, consumeState, createState, ensureBrowserCookie } from './state';
import { hashUrl } from './routes-wechat';

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

type Client = 'web' | 'h5';
/** Callback path and in-app landing of each system and client (docs/identity.md, Callbacks). */
const FLOWS = {
  zjer: {
    label: '之江汇',
    callback: '/auth/zjer/callback',
    landing: { web: '/zjhAuth', h5: '/mobileH5/zjhAuth' },
    param: 'ticket',
  },
  educube: {
    label: '教育魔方',
    callback: '/auth/educube/callback',
    landing: { web: '/', h5: '/mobileH5/home' },
    param: 'sessionId',
  },
} as const;

export interface ProvinceRoutesOptions {
  ctx: ExternalContext;
}

const provinceRoutes: FastifyPluginAsyncZod<ProvinceRoutesOptions> = async (app, { ctx }) => {
  const system = (name: 'zjer' | 'educube') => ctx[name];
  // One service URL per system, whatever the client: a CAS ticket validates only for the service it
  // was issued to, and the page posting it need not know. The client the login started from rides
  // in a short-lived cookie, and only decides where the callback lands.
  // From configuration only, never the Host header (docs/identity.md, Callbacks).
  const callbackUrl = (name: 'zjer' | 'educube') => `${ctx.origin}${FLOWS[name].callback}`;
  /**
   * The CAS service of one flow: the callback with the flow's state. A service ticket validates only
   * for the service it was issued to, so a ticket is tied to the flow, and the flow (by its state
   * row) to the browser that started it: an attacker's ticket opened in a victim's browser fails.
   */
  const casService = (name: 'zjer' | 'educube', state: string) =>
    `${callbackUrl(name)}?${new URLSearchParams({ flow: state }).toString()}`;
  const clientOf = (request: FastifyRequest): Client =>
    /(?:^|;\s*)eav_idp_client=h5(?:;|$)/.test(request.headers.cookie ?? '') ? 'h5' : 'web';

  /**
   * The provider login URL. Every flow gets a browser-bound state (the flow cookie): CAS carries it
   * in the service URL, OIDC as `state` with the PKCE verifier and nonce.
   */
  async function loginUrl(
    request: FastifyRequest,
    reply: FastifyReply,
    name: 'zjer' | 'educube',
    client: Client,
    redirect: string | undefined,
  ): Promise<string> {
    const { endpoints, provider } = system(name);
    if (!endpoints.available) throw notConfigured(FLOWS[name].label);
    const browserBase = endpoints.browserBase();
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `eav_idp_client=${client}; Path=/auth/; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
    try {
      const cas = provider.protocol === 'cas';
      const flow = cas
        ? {}
        : { nonce: randomBytes(16).toString('base64url'), codeVerifier: randomBytes(32).toString('base64url') };
      const browser = ensureBrowserCookie(request, reply);
      const state = await createState(
        app.db,
        browser,
        {
          provider: name,
          scene: 'login',
          client,
          redirect: redirect ?? FLOWS[name].landing[client],
          userId: null,
          ...flow,
        },
        app.clock(),
      );
      if (cas) return await provider.loginUrl(browserBase, casService(name, state));
      return await provider.loginUrl(browserBase, callbackUrl(name), {
        state,
        nonce: flow.nonce!,
        codeVerifier: flow.codeVerifier!,
      });
    } catch (err) {
      if (err instanceof ProviderUnavailable)
        throw new AppError(502, 502, `${FLOWS[name].label}服务暂时无法访问，请稍后再试`);
      throw err;
    }
  }

  /**
   * The person of a login ticket (`lt_…`) the callback issued to this browser, used up. Anything
   * else (a raw CAS ticket, another browser's ticket, a used one) is refused: the provider's own
   * ticket is validated only by the callback, inside the flow this browser started.
   * @throws 400 OAUTH.INVALID
   */
  async function loginTicket(request: FastifyRequest, name: 'zjer' | 'educube', ticket: string) {
    const row = ticket.startsWith('lt_')
      ? await consumeTicket(app.db, ticket, 'login', browserCookie(request), app.clock())
      : undefined;
    if (!row || row.provider !== name) {
      await audit(app.db, request, {
        event: 'login_failed',
        result: 'failure',
        detail: { method: name, reason: 'ticket' },
      });
      throw oauthInvalid(`${FLOWS[name].label}登录凭证无效或已使用，请重新登录`);
    }
    return personOfTicket(row);
  }

  async function login(request: FastifyRequest, name: 'zjer' | 'educube', ticket: string, platform: string) {
    const { endpoints } = system(name);
    if (!endpoints.available) throw notConfigured(FLOWS[name].label);
    const person = await loginTicket(request, name, ticket);
    const user = await findBoundUser(app.db, person);
    // loginTicket matched this browser's flow cookie, so it is there.
    if (!user) throw await notBound(app, request, person, browserCookie(request)!);
    return ok(await loginBound(app, request, user, person, platform));
  }

  // ---- 之江汇 ----
  for (const [url, client] of [
    [ApiPaths.zjerLoginUrl, 'web'],
    [ApiPaths.zjerMobileLoginUrl, 'h5'],
  ] as const) {
    app.get(
      url,
      {
        config: perIp(30),
        schema: {
          tags: ['identity'],
          summary:
            client === 'web'
              ? '之江汇登录地址（桌面端，回到 /zjhAuth）'
              : '之江汇登录地址（H5 与嵌入省平台 App 的 /mobile/login，回到 /mobileH5/zjhAuth）',
          querystring: zjerLoginUrlQuery,
          response: { 200: envelope(redirectUrlData) },
        },
      },
      async (request, reply) => ok({ url: await loginUrl(request, reply, 'zjer', client, request.query.redirect) }),
    );
  }

  app.post(
    ApiPaths.zjerLogin,
    {
      config: perIp(20),
      schema: {
        tags: ['identity'],
        summary:
          '之江汇登录：校验票据（一次性，5 分钟），已绑定返回登录信息，未绑定返回 409 EDU.ACCOUNT_NOT_BOUND 与绑定凭证',
        body: zjerLoginBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (request) => login(request, 'zjer', request.body.ticket, request.body.platform),
  );

  const profileOf = async (request: FastifyRequest, ticket: string, provider?: ExternalProvider) => {
    const row = await peekTicket(app.db, ticket, 'bind', browserCookie(request), app.clock());
    if (!row || (provider && row.provider !== provider)) throw bindTicketInvalid();
    const person = personOfTicket(row);
    return ok({ provider: person.provider, profile: person.profile, expiresAt: row.expiresAt.toISOString() });
  };

  app.get(
    ApiPaths.zjerUser,
    {
      config: perIp(30),
      schema: {
        tags: ['identity'],
        summary: '之江汇用户信息（绑定页展示）：凭未使用的绑定凭证读取，不消耗凭证',
        querystring: bindTicketQuery,
        response: { 200: envelope(bindTicketProfileData) },
      },
    },
    async (request) => profileOf(request, request.query.ticket, 'zjer'),
  );

  app.get(
    ApiPaths.bindTicketProfile,
    {
      config: perIp(30),
      schema: {
        tags: ['identity'],
        summary: '绑定凭证对应的第三方用户信息（微信、之江汇、教育魔方），不消耗凭证',
        querystring: bindTicketQuery,
        response: { 200: envelope(bindTicketProfileData) },
      },
    },
    async (request) => profileOf(request, request.query.ticket),
  );

  app.post(
    ApiPaths.zjerBinding,
    {
      onRequest: app.requireAuth,
      config: perIp(20),
      schema: {
        tags: ['identity'],
        summary: '将之江汇账号（绑定凭证）绑定到当前登录用户',
        body: zjerBindingBody,
        response: { 200: envelope(bindResultData) },
      },
    },
    async (request) => ok(await bindTicketToUser(app, request, request.body.ticket, { provider: 'zjer' })),
  );

  // ---- 教育魔方 ----
  app.get(
    ApiPaths.educubeRedirectUrl,
    {
      config: perIp(30),
      schema: {
        tags: ['identity'],
        summary:
          '教育魔方登录地址（登录后带 sessionId 回到 redirect；client=h5 默认 /mobileH5/home，client=web 默认首页）',
        querystring: educubeLoginUrlQuery,
        response: { 200: envelope(redirectUrlData) },
      },
    },
    async (request, reply) =>
      ok({ url: await loginUrl(request, reply, 'educube', request.query.client, request.query.redirect) }),
  );

  app.post(
    ApiPaths.educubeLogin,
    {
      config: perIp(20),
      schema: {
        tags: ['identity'],
        summary:
          '教育魔方登录：校验 sessionId，已绑定返回登录信息，未绑定返回 409 EDU.ACCOUNT_NOT_BOUND（含 cubeAccountId 与绑定凭证）',
        body: educubeLoginBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (request) => login(request, 'educube', request.body.sessionId, request.body.platform),
  );

  app.post(
    ApiPaths.educubeBinding,
    {
      onRequest: app.requireAuth,
      config: perIp(20),
      schema: {
        tags: ['identity'],
        summary: '将教育魔方账号绑定到当前登录用户（请求体中的 userId 不起作用）',
        body: educubeBindingBody,
        response: { 200: envelope(bindResultData) },
      },
    },
    async (request) =>
      ok(
        await bindTicketToUser(app, request, request.body.ticket, {
          provider: 'educube',
          cubeAccountId: request.body.cubeAccountId,
        }),
      ),
  );

  // ---- callbacks ----
  const callbackQuery = z.record(z.string(), z.string().max(512).optional());
  for (const name of ['zjer', 'educube'] as const) {
    const f = FLOWS[name];
    app.get(
      f.callback,
      { config: perIp(60), schema: { hide: true, querystring: callbackQuery } },
      async (request, reply) => {
        reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
        const q = request.query;
        // Each lands where its login started (desktop or H5).
        const landing = f.landing[clientOf(request)];
        const { provider } = system(name);
        const cas = provider.protocol === 'cas';
        // The flow must have started in this browser (its flow cookie comes with this navigation).
        const now = app.clock();
        const stateValue = cas ? q.flow : q.state;
        const flow = stateValue ? await consumeState(app.db, request, stateValue, name, now) : undefined;
        const answer = cas ? (q[f.param] ?? q.ticket) : q.code;
        if (!flow || !answer || (!cas && (!flow.codeVerifier || !flow.nonce))) {
          await audit(app.db, request, {
            event: 'login_failed',
            result: 'failure',
            detail: { method: name, reason: answer ? 'state' : 'denied' },
          });
          return reply.redirect(hashUrl(landing, { error: answer ? 'invalid' : 'denied' }), 302);
        }
        try {
          const params = new URLSearchParams();
          for (const [k, v] of Object.entries(q)) if (v !== undefined && k !== 'flow') params.set(k, v);
          // Validated here, server to server, and handed on as a login ticket of this browser.
          const person = cas
            ? await provider.complete(casService(name, stateValue!), params)
            : await provider.complete(callbackUrl(name), params, {
                state: stateValue!,
                nonce: flow.nonce!,
                codeVerifier: flow.codeVerifier!,
              });
          const { ticket } = await issueTicket(app.db, person, {
            kind: 'login',
            userId: null,
            browser: browserCookie(request)!,
            now,
          });
          // 之江汇 by CAS lands on its client's ticket page; 教育魔方 (whose `sessionId` any route's guard
          // takes) and OpenID Connect on the flow's own path.
          const to = cas && name === 'zjer' ? f.landing[flow.client === 'h5' ? 'h5' : 'web'] : flow.redirect;
          return reply.redirect(hashUrl(to, { [f.param]: ticket }), 302);
        } catch (err) {
          if (!(err instanceof ProviderRejected || err instanceof ProviderUnavailable)) throw err;
          await audit(app.db, request, {
            event: 'login_failed',
            result: 'failure',
            detail: { method: name, reason: err instanceof ProviderRejected ? err.reason : 'unavailable' },
          });
          return reply.redirect(hashUrl(landing, { error: 'invalid' }), 302);
        }
      },
    );
  }
};

export default provinceRoutes;
