/**
 * Fake WeChat (docs/identity.md, Fake providers): the website QR page (`/connect/qrconnect`) and
 * the Official-Account authorisation page (`/connect/oauth2/authorize`) with a persona picker (a
 * choice stands for scanning and confirming) and a deny button that returns `state` only; codes are
 * single-use and live 5 minutes, a reused or unknown code answers errcode 40029 as WeChat does;
 * `/sns/oauth2/access_token` and `/sns/userinfo` speak WeChat's JSON.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, ExpiringMap, personaButton, sameHostUrl, sendPage } from './html';
import { WECHAT_PERSONAS, type WechatPersona } from './personas';

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 7200;

export interface FakeWechatApps {
  web: { appId: string; secret: string };
  h5: { appId: string; secret: string };
}

const authorizeQuery = z.object({
  appid: z.string().optional(),
  redirect_uri: z.string().optional(),
  response_type: z.string().optional(),
  scope: z.string().optional(),
  state: z.string().max(128).optional(),
});
const confirmQuery = authorizeQuery.extend({ persona: z.string().optional(), deny: z.string().optional() });
const tokenQuery = z.object({
  appid: z.string().optional(),
  secret: z.string().optional(),
  code: z.string().optional(),
  grant_type: z.string().optional(),
});
const userInfoQuery = z.object({ access_token: z.string().optional(), openid: z.string().optional() });

const wxError = (errcode: number, errmsg: string) => ({ errcode, errmsg });

/** `portalHost`: the authorised callback domain (the portal's public origin's host). */
export async function fakeWechat(app: FastifyInstance, apps: FakeWechatApps, portalHost: string): Promise<void> {
  const f = app.withTypeProvider<ZodTypeProvider>();
  const codes = new ExpiringMap<{ appId: string; persona: WechatPersona }>();
  const tokens = new ExpiringMap<{ persona: WechatPersona }>();
  const appOf = (appId: string | undefined) =>
    appId === apps.web.appId ? ('web' as const) : appId === apps.h5.appId ? ('h5' as const) : null;

  for (const [path, kind] of [
    ['/connect/qrconnect', 'web'],
    ['/connect/oauth2/authorize', 'h5'],
  ] as const) {
    f.get(path, { schema: { hide: true, querystring: authorizeQuery } }, async (request, reply) => {
      const q = request.query;
      const scope = kind === 'web' ? 'snsapi_login' : 'snsapi_userinfo';
      const target = sameHostUrl(q.redirect_uri, portalHost);
      if (appOf(q.appid) !== kind || q.response_type !== 'code' || q.scope !== scope || !target)
        return sendPage(
          reply,
          '参数错误',
          '<p>appid、scope 或 redirect_uri 参数错误（redirect_uri 须在授权域名下）。</p>',
          400,
        );
      const fields = { appid: q.appid!, redirect_uri: q.redirect_uri!, state: q.state ?? '', scope };
      const title = kind === 'web' ? '微信扫码登录（模拟）' : '微信网页授权（模拟）';
      const intro =
        kind === 'web'
          ? '<p style="font-size:15px">请使用微信扫描二维码登录。在模拟环境中，选择下面一位微信用户即表示扫码并确认登录。</p>'
          : '<p style="font-size:15px">网页申请获取你的昵称、头像。选择一位微信用户以同意授权。</p>';
      const people = WECHAT_PERSONAS.map((p) => personaButton('confirm', fields, p.key, p.nickname, p.note)).join('');
      const deny =
        `<form method="get" action="confirm">` +
        Object.entries({ ...fields, deny: '1' })
          .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
          .join('') +
        `<button type="submit" style="width:100%;padding:10px;border:0;border-radius:8px;background:#e5e6eb;color:#1d2129;font-size:15px;cursor:pointer">拒绝授权</button></form>`;
      return sendPage(reply, title, intro + people + deny);
    });
  }

  // The page's forms are relative: both authorise paths confirm here.
  for (const path of ['/connect/confirm', '/connect/oauth2/confirm']) {
    f.get(path, { schema: { hide: true, querystring: confirmQuery } }, async (request, reply) => {
      const q = request.query;
      const kind = appOf(q.appid);
      const target = sameHostUrl(q.redirect_uri, portalHost);
      if (!kind || !target) return sendPage(reply, '参数错误', '<p>appid 或 redirect_uri 参数错误。</p>', 400);
      if (q.state) target.searchParams.set('state', q.state);
      if (q.deny) return reply.redirect(target.toString(), 302);
      const persona = WECHAT_PERSONAS.find((p) => p.key === q.persona);
      if (!persona) return sendPage(reply, '参数错误', '<p>请选择一位微信用户。</p>', 400);
      const code = randomBytes(16).toString('hex');
      const now = app.clock();
      codes.set(code, { appId: q.appid!, persona }, now + CODE_TTL_MS, now);
      target.searchParams.set('code', code);
      return reply.redirect(target.toString(), 302);
    });
  }

  f.get('/sns/oauth2/access_token', { schema: { hide: true, querystring: tokenQuery } }, async (request) => {
    const q = request.query;
    const kind = appOf(q.appid);
    if (!kind) return wxError(40013, 'invalid appid');
    if (q.secret !== apps[kind].secret) return wxError(40125, 'invalid appsecret');
    if (q.grant_type !== 'authorization_code') return wxError(40002, 'invalid grant_type');
    const entry = q.code ? codes.take(q.code) : undefined;
    const now = app.clock();
    if (!entry || entry.expiresAt <= now || entry.value.appId !== q.appid) return wxError(40029, 'invalid code');
    const accessToken = randomBytes(24).toString('hex');
    tokens.set(accessToken, { persona: entry.value.persona }, now + TOKEN_TTL_S * 1000, now);
    const p = entry.value.persona;
    return {
      access_token: accessToken,
      expires_in: TOKEN_TTL_S,
      refresh_token: randomBytes(24).toString('hex'),
      openid: `${p.openid}_${kind}`,
      scope: kind === 'web' ? 'snsapi_login' : 'snsapi_userinfo',
      unionid: p.unionid,
    };
  });

  f.get('/sns/userinfo', { schema: { hide: true, querystring: userInfoQuery } }, async (request) => {
    const q = request.query;
    const entry = q.access_token ? tokens.get(q.access_token) : undefined;
    if (!entry || entry.expiresAt <= app.clock()) return wxError(40001, 'invalid credential, access_token is invalid');
    const p = entry.value.persona;
    if (!q.openid?.startsWith(p.openid)) return wxError(40003, 'invalid openid');
    return {
      openid: q.openid,
      nickname: p.nickname,
      sex: 0,
      province: '浙江',
      city: '杭州',
      country: '中国',
      headimgurl: '',
      privilege: [],
      unionid: p.unionid,
    };
  });
}
