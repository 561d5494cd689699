/**
 * A small typed client of WeChat's web authorisation (docs/decisions/007-wechat-oauth-client.md):
 * the authorisation URLs of the website QR login and of the Official-Account H5 authorisation,
 * the code exchange at `/sns/oauth2/access_token` (appid and secret as query parameters) and
 * `/sns/userinfo`. WeChat answers errors as HTTP 200 with `{errcode, errmsg}`; every answer is
 * checked with zod before use.
 */
import { z } from 'zod';

/** `client=web`: website QR login; `h5`: Official-Account authorisation inside WeChat. */
export type WechatClientKind = 'web' | 'h5';

const errorAnswer = z.object({ errcode: z.number().int(), errmsg: z.string().optional() });
const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  openid: z.string().min(1),
  scope: z.string().optional(),
  unionid: z.string().min(1).optional(),
});
export type WechatToken = z.infer<typeof tokenAnswer>;
const userInfoAnswer = z.object({
  openid: z.string().min(1),
  nickname: z.string().optional(),
  headimgurl: z.string().optional(),
  unionid: z.string().min(1).optional(),
});
export type WechatUserInfo = z.infer<typeof userInfoAnswer>;

/** A WeChat `errcode` answer (e.g. 40029 invalid or used code) or an unreadable answer (errcode -2). */
export class WechatError extends Error {
  constructor(
    readonly errcode: number,
    message: string,
  ) {
    super(message);
    this.name = 'WechatError';
  }
}

/** The authorisation page URL (`#wechat_redirect` as WeChat documents it). */
export function wechatAuthorizeUrl(
  browserBase: string,
  kind: WechatClientKind,
  appId: string,
  redirectUri: string,
  state: string,
): string {
  const path = kind === 'web' ? '/connect/qrconnect' : '/connect/oauth2/authorize';
  const q = new URLSearchParams({
    appid: appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: kind === 'web' ? 'snsapi_login' : 'snsapi_userinfo',
    state,
  });
  return `${browserBase}${path}?${q.toString()}#wechat_redirect`;
}

async function call<T>(get: (url: string) => Promise<Response>, url: string, schema: z.ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    const res = await get(url);
    // WeChat sends JSON as text/plain at times: parse the text, whatever the content type says.
    body = JSON.parse(await res.text());
  } catch {
    throw new WechatError(-2, 'wechat unreachable or answered no JSON');
  }
  const err = errorAnswer.safeParse(body);
  if (err.success && err.data.errcode !== 0) throw new WechatError(err.data.errcode, err.data.errmsg ?? 'wechat error');
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new WechatError(-2, 'wechat answer of an unexpected shape');
  return parsed.data;
}

/** Server-side calls to WeChat's API at `apiBase` (e.g. https://api.weixin.qq.com). */
export class WechatClient {
  constructor(
    private readonly apiBase: () => string,
    private readonly get: (url: string) => Promise<Response>,
  ) {}

  /** Exchanges a single-use code (5 minutes) for an access token, openid and, when linked, unionid. */
  exchangeCode(appId: string, secret: string, code: string): Promise<WechatToken> {
    const q = new URLSearchParams({ appid: appId, secret, code, grant_type: 'authorization_code' });
    return call(this.get, `${this.apiBase()}/sns/oauth2/access_token?${q.toString()}`, tokenAnswer);
  }

  /** The person's nickname, avatar and unionid (scopes snsapi_login and snsapi_userinfo). */
  userInfo(accessToken: string, openid: string): Promise<WechatUserInfo> {
    const q = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
    return call(this.get, `${this.apiBase()}/sns/userinfo?${q.toString()}`, userInfoAnswer);
  }
}
