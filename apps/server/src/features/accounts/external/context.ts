/**
 * What the third-party login routes share: the configured (or fake) providers, the WeChat client
 * and apps, the class-server keys, and the portal's public origin.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import type { ClassServerKeySource } from './class-server';
import { FAKE_PREFIX, providerEndpoints, publicOrigin, type ProviderEndpoints } from './endpoints';
import { FAKE_WECHAT_APPS } from './fake/personas';
import { createProvinceProvider, type IdentityProvider } from './providers';
import type { WechatClientKind } from './wechat-client';
import { WechatClient } from './wechat-client';

export interface WechatApp {
  appId: string;
  secret: string;
}

export interface ExternalContext {
  config: AppConfig;
  /** The portal's public origin (configuration only, never the Host header). */
  origin: string;
  wechat: {
    endpoints: ProviderEndpoints;
    client: WechatClient;
    /** The website (QR) and Official-Account (H5) apps; null when not configured. */
    apps: Record<WechatClientKind, WechatApp | null>;
  };
  zjer: { endpoints: ProviderEndpoints; provider: IdentityProvider };
  educube: { endpoints: ProviderEndpoints; provider: IdentityProvider };
  classServer: { keys: ClassServerKeySource | null; url: string | null };
}

/** The development OIDC client of a fake province system (its secret is only ever the fake's). */
export const fakeOidcClient = (name: 'zjer' | 'educube', id: string | undefined, secret: string | undefined) => ({
  id: id ?? `portal-${name}`,
  secret: secret ?? `fake-${name}-oidc-secret`,
});

export function createExternalContext(
  app: FastifyInstance,
  config: AppConfig,
  classServerKeys: ClassServerKeySource | null,
): ExternalContext {
  const id = config.identity;
  const wechatEndpoints = providerEndpoints(
    app,
    config,
    'wechat',
    id.wechat.baseUrl,
    '微信',
    id.wechat.apiUrl ?? (id.wechat.baseUrl ? 'https://api.weixin.qq.com' : undefined),
  );
  const app_ = (appId: string | undefined, secret: string | undefined, fake: WechatApp): WechatApp | null =>
    appId && secret ? { appId, secret } : wechatEndpoints.fake ? fake : null;
  const province = (name: 'zjer' | 'educube', label: string) => {
    const s = id[name];
    const endpoints = providerEndpoints(app, config, name, s.baseUrl, label);
    const client = endpoints.fake
      ? fakeOidcClient(name, s.clientId, s.clientSecret)
      : { id: s.clientId, secret: s.clientSecret };
    return {
      endpoints,
      provider: createProvinceProvider(
        name,
        { protocol: s.protocol, clientId: client.id, clientSecret: client.secret },
        endpoints,
      ),
    };
  };
  const origin = publicOrigin(config);
  return {
    config,
    origin,
    wechat: {
      endpoints: wechatEndpoints,
      client: new WechatClient(
        () => wechatEndpoints.serverBase(),
        (url) => wechatEndpoints.fetch(url),
      ),
      apps: {
        web: app_(id.wechat.appId, id.wechat.appSecret, FAKE_WECHAT_APPS.web),
        h5: app_(id.wechat.mpAppId, id.wechat.mpAppSecret, FAKE_WECHAT_APPS.h5),
      },
    },
    zjer: province('zjer', '之江汇'),
    educube: province('educube', '教育魔方'),
    classServer: {
      keys: classServerKeys,
      url:
        id.classServer.url ??
        (id.fakeIdp && !id.classServer.publicKey ? `${origin}${FAKE_PREFIX}/class-server/` : null),
    },
  };
}
