/**
 * WeChat login (docs/identity.md, WeChat): the authorisation URL with a browser-bound state, the
 * provider's callback (302 into the hash-routed app), and the code exchange that ends in the in-app
 * URL the web's `code` route guard navigates to.
 */
import {
  ApiPaths,
  envelope,
  loginData,
  loginExchangeBody,
  redirectUrlData,
  wechatLoginQuery,
  wxAuthUrlData,
  wxAuthUrlQuery,
  OAUTH_STATE_TTL_SECONDS,
} from '@eav/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthorized } from '../../../lib/errors';
import { ok } from '../../../lib/http';
import { audit } from '../audit';
import type { ExternalContext } from './context';
import { notConfigured } from './endpoints';
import type { ExternalPerson } from './providers';
import { findUserById } from '../service';
import { consumeTicket, findBoundUser, issueTicket, loginBound, oauthInvalid, personOfTicket } from './service';
import { browserCookie, consumeState, createState, ensureBrowserCookie, peekState } from './state';
import { wechatAuthorizeUrl, WechatError } from './wechat-client';

/** Where the callback and the login end, by client (docs/identity.md, Callbacks). */
export const WECHAT_CALLBACK_PATH = '/auth/wechat/callback';
const DEFAULT_REDIRECT = { web: '/', h5: '/mobileH5/home' } as const;
const LOGIN_PAGE = { web: '/loginRegistration?loginStep=1', h5: '/mobileH5/login' } as const;
/** The bind screen of an unbound WeChat login: the H5 one, or the desktop one returning to `redirect`. */
function bindChoice(client: 'web' | 'h5', redirect: string): string {
  if (client === 'h5') return '/mobileH5/bindChoiceWx';
  return `/bindAccount?${new URLSearchParams({ provider: 'wechat', redirect }).toString()}`;
}

/** `/#<path>` with `params` appended to the path's own query. */
export function hashUrl(path: string, params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  return `/#${path}${q ? (path.includes('?') ? '&' : '?') + q : ''}`;
}

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export interface WechatRoutesOptions {
  ctx: ExternalContext;
}

const wechatRoutes: FastifyPluginAsyncZod<WechatRoutesOptions> = async (app, { ctx }) => {
  app.get(
    ApiPaths.wxAuthUrl,
    {
      config: perIp(30),
      schema: {
        tags: ['identity'],
        summary:
          '微信授权地址：client=web 为网站扫码登录，h5 为公众号网页授权；state 随机、一次性、10 分钟，并由 HttpOnly Cookie 绑定到本浏览器；' +
          'redirect 只能是站内路径；scene=bind 须已登录',
        querystring: wxAuthUrlQuery,
        response: { 200: envelope(wxAuthUrlData) },
      },
    },
    async (request, reply) => {
      const { scene, client, redirect } = request.query;
      const wx = ctx.wechat.apps[client];
      if (!wx || !ctx.wechat.endpoints.available) throw notConfigured('微信');
      let userId: number | null = null;
      if (scene === 'bind') {
        const auth = await request.getAuth();
        if (!auth) throw unauthorized('请先登录后再绑定微信');
        userId = auth.user.id;
      }
      const browser = ensureBrowserCookie(request, reply);
      const state = await createState(
        app.db,
        browser,
        { provider: 'wechat', scene, client, redirect: redirect ?? DEFAULT_REDIRECT[client], userId },
        app.clock(),
      );
      // From configuration only, never the Host header (docs/identity.md, Callbacks).
      const callback = `${ctx.origin}${WECHAT_CALLBACK_PATH}`;
      const url = wechatAuthorizeUrl(ctx.wechat.endpoints.browserBase(), client, wx.appId, callback, state);
      return ok({ url, expiresIn: OAUTH_STATE_TTL_SECONDS });
    },
  );

  // WeChat appends ?code&state (or only ?state when the person refused) to the redirect URI; the
  // app routes by hash, so this hands them on as hash-query parameters (docs/identity.md, Callbacks).
  app.get(
    WECHAT_CALLBACK_PATH,
    {
      config: perIp(60),
      schema: {
        hide: true,
        querystring: z.object({ code: z.string().max(256).optional(), state: z.string().max(128).optional() }),
      },
    },
    async (request, reply) => {
      const { code, state } = request.query;
      reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      const known = state ? await peekState(app.db, state) : undefined;
      const client = known?.client === 'web' ? 'web' : 'h5';
      if (!code || !state || !known) {
        if (state && known) await consumeState(app.db, request, state, 'wechat', app.clock());
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          detail: { method: 'wechat', reason: code ? 'state' : 'denied' },
        });
        return reply.redirect(hashUrl(LOGIN_PAGE[client], { wxError: code ? 'invalid' : 'denied' }), 302);
      }
      const landing =
        known.redirect !== DEFAULT_REDIRECT[client]
          ? known.redirect
          : client === 'h5'
            ? DEFAULT_REDIRECT.h5
            : LOGIN_PAGE.web;
      return reply.redirect(hashUrl(landing, { code, state }), 302);
    },
  );

  app.get(
    ApiPaths.wechatH5Login,
    {
      config: perIp(20),
      schema: {
        tags: ['identity'],
        summary:
          '微信登录：用授权码和 state 换取身份，返回前端应跳转的站内地址（带 unionId 绑定凭证、isBound，已绑定时带 token 与 userId）；' +
          'state 须由本浏览器发起且未使用，授权码只能用一次',
        querystring: wechatLoginQuery,
        response: { 200: envelope(redirectUrlData) },
      },
    },
    async (request) => {
      const { code, state } = request.query;
      const now = app.clock();
      const flow = await consumeState(app.db, request, state, 'wechat', now);
      if (!flow) {
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          detail: { method: 'wechat', reason: 'state' },
        });
        throw oauthInvalid('登录状态无效或已过期，请重新扫码或授权');
      }
      const client = flow.client === 'web' ? 'web' : 'h5';
      const wx = ctx.wechat.apps[client];
      if (!wx) throw notConfigured('微信');
      let person: ExternalPerson;
      try {
        const token = await ctx.wechat.client.exchangeCode(wx.appId, wx.secret, code);
        const info = await ctx.wechat.client.userInfo(token.access_token, token.openid);
        const unionid = info.unionid ?? token.unionid;
        person = {
          provider: 'wechat',
          // Keyed by unionid; without one (app not linked to an open-platform account), appid + openid.
          subject: unionid ? unionid : `${wx.appId}:${token.openid}`,
          profile: {
            name: (info.nickname || '微信用户').slice(0, 64),
            ...(info.headimgurl && /^https:\/\//i.test(info.headimgurl) ? { avatar: info.headimgurl } : {}),
          },
        };
      } catch (err) {
        const reason = err instanceof WechatError ? `errcode ${err.errcode}` : 'error';
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          detail: { method: 'wechat', reason },
        });
        if (err instanceof WechatError && err.errcode === -2)
          throw new AppError(502, 502, '微信服务暂时无法访问，请稍后再试');
        throw oauthInvalid('微信授权已失效，请重新扫码或授权');
      }
      const user = await findBoundUser(app.db, person);
      const isBind = flow.scene === 'bind';
      // consumeState found the flow by this cookie, so it is there: every ticket below belongs to it.
      const browser = browserCookie(request)!;
      const { ticket } = await issueTicket(app.db, person, {
        kind: 'bind',
        userId: isBind ? flow.userId : (user?.id ?? null),
        browser,
        now,
      });
      if (user && !isBind) {
        // The URL keeps the product's `token` parameter, but it carries a one-time login code that
        // only this browser can exchange (loginExchange): a session token in a URL would log in
        // whoever opens the link (login CSRF) and linger in history.
        const { ticket: code } = await issueTicket(app.db, person, { kind: 'code', userId: user.id, browser, now });
        return ok({
          url: hashUrl(flow.redirect, {
            unionId: ticket,
            isBound: 'true',
            token: code,
            userId: String(user.id),
          }),
        });
      }
      if (!isBind)
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          detail: { method: 'wechat', reason: 'not_bound' },
        });
      const bound = isBind && user?.id === flow.userId;
      return ok({
        url: hashUrl(isBind ? flow.redirect : bindChoice(client, flow.redirect), {
          unionId: ticket,
          isBound: String(bound),
        }),
      });
    },
  );

  app.post(
    ApiPaths.loginExchange,
    {
      config: perIp(20),
      schema: {
        tags: ['identity'],
        summary:
          '用微信登录地址中的一次性登录码（token 参数）换取登录信息：只能由发起微信登录的同一浏览器（HttpOnly 流程 Cookie）使用一次，2 分钟内有效',
        body: loginExchangeBody,
        response: { 200: envelope(loginData) },
      },
    },
    async (request) => {
      const row = await consumeTicket(app.db, request.body.code, 'code', browserCookie(request), app.clock());
      const user = row?.userId ? await findUserById(app.db, row.userId) : undefined;
      if (!row || !user || user.status === 'cancelled') {
        await audit(app.db, request, {
          event: 'login_failed',
          result: 'failure',
          detail: { method: 'wechat', reason: 'login_code' },
        });
        throw oauthInvalid('登录凭证无效或已过期，请重新扫码或授权');
      }
      return ok(await loginBound(app, request, user, personOfTicket(row), request.body.platform));
    },
  );
};

export default wechatRoutes;
