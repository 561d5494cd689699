/**
 * Third-party login and account binding (docs/identity.md): WeChat, 之江汇 (zjer) and 教育魔方
 * (education cube), the 账号绑定 page, the identity choice of a new account and the class-server
 * jump key. Request and response shapes shared by the server routes and the web pages.
 *
 * Browser round trips (server callbacks, not /api, never signed; docs/identity.md, Callbacks):
 * - WeChat: the provider redirects to `/auth/wechat/callback?code&state`, which answers 302 to the
 *   in-app hash route of the `redirect` given to `wxAuthUrl` with `code` and `state` added, by default
 *   `/#/mobileH5/home?code=…&state=…` (client `h5`) or `/#/loginRegistration?loginStep=1&code=…&state=…`
 *   (client `web`). The web's `code` route guard
 *   calls `GET wechatH5Login` with them and navigates (replace) to the answered `url`, an in-app
 *   URL `/#/<path>?unionId=<bind ticket>&isBound=true|false[&token=…&userId=…]`: a bound login goes
 *   to the `redirect` (default `/mobileH5/home` or `/`) with token (a one-time login code the web
 *   exchanges with `loginExchange`, not a session token) and userId; an unbound login to
 *   `/mobileH5/bindChoiceWx` with isBound=false; a `scene=bind` flow back to its `redirect` (no token),
 *   where the page posts the ticket to `userBind`.
 *   A denied authorisation comes back with `state` only: the callback answers 302 to
 *   `/#/mobileH5/login?wxError=denied` (h5) or `/#/loginRegistration?loginStep=1&wxError=denied` (web).
 * - 之江汇: the provider redirects to `/auth/zjer/callback?flow=…&ticket=ST-…` (CAS) or
 *   `?code&state` (OpenID Connect); the callback checks that the flow was started in this browser,
 *   validates with the provider itself and answers 302 to `/#/zjhAuth?ticket=lt_…` (desktop) or
 *   `/#/mobileH5/zjhAuth?ticket=lt_…` (H5) with an opaque login ticket. The page posts it to `zjerLogin`.
 * - 教育魔方: the same through `/auth/educube/callback`, landing on `/#/mobileH5/home?sessionId=lt_…`;
 *   the web's `sessionId` route guard posts it to `educubeLogin`.
 * - Bind tickets (the `unionId` URL value, `ticket` of EDU.ACCOUNT_NOT_BOUND), login tickets and
 *   login codes are opaque, single-use, and work only in the browser that ran the provider flow
 *   (an HttpOnly flow cookie); bind tickets live BIND_TICKET_TTL_SECONDS. The bind screens read the
 *   external profile with `GET bindTicketProfile?ticket=` (or `zjerUser`) without using it up, and
 *   ask the logged-in person to confirm before binding.
 */
import { z } from 'zod';
import { PLATFORM, PROFILE_IDENTITY_LABELS } from '../constants';
import { idField, plainText } from './common';

/** External identity providers a portal account can bind (one identity per provider). */
export const EXTERNAL_PROVIDERS = ['wechat', 'zjer', 'educube'] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];
/** Chinese names for the 账号绑定 page and messages. */
export const EXTERNAL_PROVIDER_LABELS: Record<ExternalProvider, string> = {
  wechat: '微信',
  zjer: '之江汇',
  educube: '教育魔方',
};
export const providerField = z.enum(EXTERNAL_PROVIDERS, { message: '登录方式无效' });

/** Lifetime of a bind ticket and of an OAuth `state`, seconds. */
export const BIND_TICKET_TTL_SECONDS = 600;
export const OAUTH_STATE_TTL_SECONDS = 600;
/**
 * Lifetime of the one-time login code (`token` of a bound WeChat login URL), seconds: long enough
 * for a slow phone to load the page that exchanges it, short because it stands in for a session.
 */
export const LOGIN_CODE_TTL_SECONDS = 120;

/** The identities a new account may declare on selectIdentity (学生 / 教师 / 家长). */
export const DECLARABLE_IDENTITIES = ['student', 'teacher', 'parent'] as const;
export type DeclarableIdentity = (typeof DECLARABLE_IDENTITIES)[number];
export const DECLARABLE_IDENTITY_LABELS: Record<DeclarableIdentity, string> = PROFILE_IDENTITY_LABELS;

const platformField = z.literal(PLATFORM, { message: '平台参数必须为 WEB' }).default(PLATFORM);

/**
 * An in-app path to return to after a login (`/mobileH5/home`, `/user?tab=1`): starts with one `/`,
 * no scheme, no `//`, no backslash or whitespace; anything else is refused (no open redirect).
 */
export const inAppPathField = z
  .string()
  .max(300, '跳转地址无效')
  .regex(/^\/(?![/\\])[^\s\\#]*$/, '跳转地址只能是站内路径');

/** An opaque bind ticket (the `unionId` URL value, `ticket` of EDU.ACCOUNT_NOT_BOUND). */
export const bindTicketField = z
  .string({ message: '绑定凭证无效或已过期，请重新登录' })
  .regex(/^bt_[A-Za-z0-9_-]{43}$/, '绑定凭证无效或已过期，请重新登录');

/** `{url}`: where the browser goes next (provider login page or in-app URL). */
export const redirectUrlData = z.object({ url: z.string() });
export type RedirectUrlData = z.infer<typeof redirectUrlData>;

// ---- WeChat ----

/**
 * `GET /api/v1/pub/wx/auth/buildAuthUrl?scene=login|bind&client=web|h5&redirect=/path` → `{url}`.
 * Sets an HttpOnly SameSite=Lax cookie that binds the random, single-use `state` (10 minutes) to
 * this browser. `client=web` gives the website QR login (`/connect/qrconnect`, scope snsapi_login),
 * `h5` the Official-Account authorisation (`/connect/oauth2/authorize`, scope snsapi_userinfo).
 * `scene=bind` while logged in ties the resulting bind ticket to the logged-in user.
 */
export const wxAuthUrlQuery = z.object({
  scene: z.enum(['login', 'bind'], { message: '场景参数无效' }).default('login'),
  client: z.enum(['web', 'h5'], { message: '客户端参数无效' }).default('h5'),
  redirect: inAppPathField.optional(),
});
export type WxAuthUrlQuery = z.input<typeof wxAuthUrlQuery>;
/** `url` of the provider page, `expiresIn` seconds of the state (for the QR's refresh). */
export const wxAuthUrlData = z.object({ url: z.string(), expiresIn: z.number().int() });
export type WxAuthUrlData = z.infer<typeof wxAuthUrlData>;

/** `GET /api/v1/pub/login/wechat/h5?code&state` → `{url}` (400 OAUTH.INVALID for a bad code or state). */
export const wechatLoginQuery = z.object({
  code: z
    .string({ message: '微信授权码无效，请重新登录' })
    .min(1, '微信授权码无效，请重新登录')
    .max(256, '微信授权码无效，请重新登录'),
  state: z.string({ message: '登录状态无效，请重新登录' }).regex(/^[0-9a-f]{64}$/, '登录状态无效，请重新登录'),
});
export type WechatLoginQuery = z.input<typeof wechatLoginQuery>;

/**
 * A one-time login code (`lc_…`): the `token` URL value of a bound WeChat login. Not a session
 * token: only the browser that ran the WeChat flow (its flow cookie) can exchange it, once, within
 * LOGIN_CODE_TTL_SECONDS.
 */
export const loginCodeField = z
  .string({ message: '登录凭证无效或已过期，请重新登录' })
  .regex(/^lc_[A-Za-z0-9_-]{43}$/, '登录凭证无效或已过期，请重新登录');
/**
 * `POST /api/v1/pub/login/exchange` `{code, platform}` → the login answer of `POST /api/v1/pub/login`;
 * 400 OAUTH.INVALID for a code that is unknown, used, expired or from another browser.
 */
export const loginExchangeBody = z.object({ code: loginCodeField, platform: platformField });
export type LoginExchangeBody = z.input<typeof loginExchangeBody>;

/** `POST /api/v1/users/bind` `{ticket}`: binds the ticket's identity to the logged-in user. */
export const bindBody = z.object({ ticket: bindTicketField });
export type BindBody = z.input<typeof bindBody>;

// ---- profiles, not bound ----

/** What the provider told us about the person (shown on bindChoiceWx / bindChoiceMf / zjhAuth). */
export const externalProfile = z.object({
  name: z.string(),
  avatar: z.string().optional(),
  /** `student` or `teacher` when the provider says so. */
  role: z.string().optional(),
});
export type ExternalProfile = z.infer<typeof externalProfile>;

/** `data` of HTTP 409 EDU.ACCOUNT_NOT_BOUND (any provider). */
export const notBoundData = z.object({
  provider: providerField,
  ticket: z.string(),
  cubeAccountId: z.string().optional(),
  profile: externalProfile,
});
export type NotBoundData = z.infer<typeof notBoundData>;

/** `GET /api/v1/pub/bind/profile?ticket=` and `GET /api/v1/pub/zjer/user?ticket=` (a live bind ticket). */
export const bindTicketQuery = z.object({ ticket: bindTicketField });
export const bindTicketProfileData = z.object({
  provider: providerField,
  profile: externalProfile,
  /** ISO time the ticket stops working. */
  expiresAt: z.string(),
});
export type BindTicketProfileData = z.infer<typeof bindTicketProfileData>;

// ---- 之江汇 ----

/** `GET /api/v1/pub/zjer/login` and `/api/v1/pub/zjer/mobile/login` → `{url}` of the provider's login. */
export const zjerLoginUrlQuery = z.object({ redirect: inAppPathField.optional() });
/** `GET educubeRedirectUrl?client&redirect`: `client` is where the login started (desktop `web` or `h5`). */
export const educubeLoginUrlQuery = zjerLoginUrlQuery.extend({
  client: z.enum(['web', 'h5'], { message: '客户端参数无效' }).default('h5'),
});
/** A CAS service ticket as the provider hands it back (`ST-…`). */
export const casTicketField = z
  .string({ message: '登录凭证无效，请重新登录' })
  .min(4, '登录凭证无效，请重新登录')
  .max(256, '登录凭证无效，请重新登录')
  .regex(/^[A-Za-z0-9._~-]+$/, '登录凭证无效，请重新登录');
/**
 * `POST /api/v1/pub/login/zjer` `{ticket, platform}` → the login answer of `POST /api/v1/pub/login`,
 * or 409 EDU.ACCOUNT_NOT_BOUND with notBoundData; 400 OAUTH.INVALID for a bad or used ticket.
 */
export const zjerLoginBody = z.object({ ticket: casTicketField, platform: platformField });
export type ZjerLoginBody = z.input<typeof zjerLoginBody>;
/** `POST /api/v1/zjer/binding` `{ticket}` (a bind ticket) for the logged-in user. */
export const zjerBindingBody = z.object({ ticket: bindTicketField });
export type ZjerBindingBody = z.input<typeof zjerBindingBody>;

// ---- 教育魔方 ----

/** `GET /api/v1/pub/educube/redirect-url` → `{url}` of the provider's login. */
export const educubeSessionIdField = z
  .string({ message: '教育魔方登录凭证无效，请重新登录' })
  .min(4, '教育魔方登录凭证无效，请重新登录')
  .max(256, '教育魔方登录凭证无效，请重新登录')
  .regex(/^[A-Za-z0-9._~-]+$/, '教育魔方登录凭证无效，请重新登录');
/** `POST /api/v1/pub/educube/login` `{sessionId}` → login answer, or 409 EDU.ACCOUNT_NOT_BOUND with `cubeAccountId` and `ticket`. */
export const educubeLoginBody = z.object({ sessionId: educubeSessionIdField, platform: platformField });
export type EducubeLoginBody = z.input<typeof educubeLoginBody>;
/**
 * `POST /api/v1/educube/binding` `{cubeAccountId, ticket}` for the logged-in user. A `userId` in the
 * body is ignored: the session decides who is bound.
 */
export const educubeBindingBody = z.object({
  cubeAccountId: plainText(128, '教育魔方账号无效').min(1, '教育魔方账号无效'),
  ticket: bindTicketField,
  userId: z.unknown().optional(),
});
export type EducubeBindingBody = z.input<typeof educubeBindingBody>;

// ---- bindings (账号绑定) ----

/** One provider row of `GET /api/v1/users/{userId}/bindings`. */
export const bindingItem = z.object({
  provider: providerField,
  bound: z.boolean(),
  /** Name the provider gave (nickname / real name), when bound. */
  displayName: z.string().nullable(),
  boundAt: z.string().nullable(),
});
export type BindingItem = z.infer<typeof bindingItem>;
/** `items` in EXTERNAL_PROVIDERS order; `hasPassword`/`hasPhone`: other ways in (unbinding the last is refused). */
export const bindingsData = z.object({
  items: z.array(bindingItem),
  hasPassword: z.boolean(),
  hasPhone: z.boolean(),
});
export type BindingsData = z.infer<typeof bindingsData>;
/** `DELETE /api/v1/users/{userId}/bindings/{provider}` (owner only; 409 BIND.LAST_METHOD). */
export const bindingParams = z.object({ userId: idField('用户 id 无效'), provider: providerField });
/** Answer of the binding calls: the bound provider row. */
export const bindResultData = bindingItem;
export type BindResultData = z.infer<typeof bindResultData>;

// ---- identity of a new account (selectIdentity) ----

/**
 * `POST /api/v1/users/{userId}/identity` `{identity}`: once, for an account created in the last 24 h
 * that has not chosen yet (docs/identity.md, New accounts). Answers the user's roles.
 */
export const selectIdentityBody = z.object({
  identity: z.enum(DECLARABLE_IDENTITIES, { message: '请选择身份（学生、教师或家长）' }),
});
export type SelectIdentityBody = z.input<typeof selectIdentityBody>;
export const selectIdentityData = z.object({ identity: z.string(), roles: z.array(z.string()) });
export type SelectIdentityData = z.infer<typeof selectIdentityData>;

// ---- class-server jump ----

/**
 * `GET /api/v1/users/{userId}/classServer/key?keyType=default|url` (owner, role teacher) →
 * `{key, expiresAt, url}`: `key` is a compact JWE (RSA-OAEP-256 + A256GCM) of
 * `{userId, userName, phone, jti, exp}` valid ≤ 60 s and single-use at the class server; `url` is
 * CLASS_SERVER_URL with `key` added as a URL-encoded query parameter. 400 '请绑定手机号' without a phone.
 */
export const classServerKeyQuery = z.object({
  keyType: z.enum(['default', 'url'], { message: '密钥类型无效' }).default('default'),
});
export const classServerKeyData = z.object({ key: z.string(), expiresAt: z.string(), url: z.string() });
export type ClassServerKeyData = z.infer<typeof classServerKeyData>;
