/**
 * The province systems (之江汇, 教育魔方) behind one IdentityProvider interface (docs/identity.md,
 * Protocols): a CAS 3.0 service-ticket adapter (`/login?service=`, `/p3/serviceValidate`) and an
 * OpenID Connect adapter (authorisation code + PKCE + nonce, with openid-client). Which one a
 * system uses is configuration (ZJER_PROTOCOL, EDUCUBE_PROTOCOL).
 */
import type { ExternalProvider } from '@eav/contract';
import { XMLParser } from 'fast-xml-parser';
import * as oidc from 'openid-client';
import type { ProviderEndpoints } from './endpoints';

/** What a provider says about the person who logged in there. */
export interface ExternalPerson {
  provider: ExternalProvider;
  /** The provider's stable id of the person. */
  subject: string;
  profile: { name: string; avatar?: string; role?: string };
  /** 之江汇 teacher claims (docs/product.md §5, "Zjer teacher"). */
  personId?: string;
  zsVerified?: boolean;
  /** 教育魔方 account id. */
  cubeAccountId?: string;
}

/** Secrets of one OpenID Connect flow, stored with its state. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider refused what came back (bad, used or expired ticket or code): OAUTH.INVALID. */
export class ProviderRejected extends Error {
  constructor(readonly reason: string) {
    super(`provider rejected the login: ${reason}`);
    this.name = 'ProviderRejected';
  }
}
/** The provider could not be reached or answered nonsense. */
export class ProviderUnavailable extends Error {
  constructor(reason: string) {
    super(`provider unavailable: ${reason}`);
    this.name = 'ProviderUnavailable';
  }
}

export interface IdentityProvider {
  readonly provider: ExternalProvider;
  readonly protocol: 'cas' | 'oidc';
  /** The provider's login page for a person to come back to `callbackUrl`; OIDC needs `flow`. */
  loginUrl(browserBase: string, callbackUrl: string, flow?: FlowSecrets): Promise<string>;
  /**
   * Validates what came back to `callbackUrl` (`params`: its query) server to server.
   * @throws ProviderRejected, ProviderUnavailable
   */
  complete(callbackUrl: string, params: URLSearchParams, flow?: FlowSecrets): Promise<ExternalPerson>;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** Maps provider claims (CAS attributes or OIDC claims) to an ExternalPerson. */
function personOf(provider: ExternalProvider, subject: string, claims: Record<string, unknown>): ExternalPerson {
  const role = str(claims.role);
  const avatar = str(claims.avatar) ?? str(claims.picture);
  const personId = str(claims.personId);
  const zs = claims.zsVerified;
  return {
    provider,
    subject,
    profile: {
      name: (str(claims.name) ?? str(claims.nickname) ?? subject).slice(0, 64),
      ...(avatar && /^https:\/\//i.test(avatar) ? { avatar } : {}),
      ...(role === 'teacher' || role === 'student' ? { role } : {}),
    },
    ...(personId ? { personId: personId.slice(0, 64) } : {}),
    ...(zs === true || zs === 'true' ? { zsVerified: true } : {}),
    ...(provider === 'educube' ? { cubeAccountId: subject } : {}),
  };
}

const xml = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
});

/**
 * CAS 3.0: the browser goes to `/login?service=<callback>`, comes back with a single-use service
 * ticket (`ticketParam`, `ticket` for 之江汇, `sessionId` for 教育魔方), which the server validates at
 * `/p3/serviceValidate` for exactly that service.
 */
export class CasProvider implements IdentityProvider {
  readonly protocol = 'cas' as const;
  constructor(
    readonly provider: ExternalProvider,
    private readonly endpoints: ProviderEndpoints,
    readonly ticketParam: 'ticket' | 'sessionId' = 'ticket',
  ) {}

  async loginUrl(browserBase: string, callbackUrl: string): Promise<string> {
    return `${browserBase}/login?${new URLSearchParams({ service: callbackUrl }).toString()}`;
  }

  async complete(callbackUrl: string, params: URLSearchParams): Promise<ExternalPerson> {
    const ticket = params.get(this.ticketParam) ?? params.get('ticket');
    if (!ticket) throw new ProviderRejected('INVALID_REQUEST');
    const q = new URLSearchParams({ service: callbackUrl, ticket });
    let text: string;
    try {
      const res = await this.endpoints.fetch(`${this.endpoints.serverBase()}/p3/serviceValidate?${q.toString()}`);
      text = await res.text();
    } catch {
      throw new ProviderUnavailable('serviceValidate unreachable');
    }
    let doc: Record<string, unknown>;
    try {
      doc = xml.parse(text) as Record<string, unknown>;
    } catch {
      throw new ProviderUnavailable('serviceValidate answered no XML');
    }
    const response = doc.serviceResponse as Record<string, unknown> | undefined;
    const failure = response?.authenticationFailure as Record<string, unknown> | string | undefined;
    if (failure !== undefined)
      throw new ProviderRejected(
        typeof failure === 'object' ? (str(failure['@_code']) ?? 'INVALID_TICKET') : 'INVALID_TICKET',
      );
    const success = response?.authenticationSuccess as Record<string, unknown> | undefined;
    const user = str(success?.user);
    if (!success || !user) throw new ProviderUnavailable('serviceValidate answered neither success nor failure');
    const attributes = (typeof success.attributes === 'object' && success.attributes) || {};
    return personOf(this.provider, user.slice(0, 128), attributes as Record<string, unknown>);
  }
}

/**
 * OpenID Connect (authorisation code + PKCE S256 + nonce + state) with openid-client. The issuer's
 * discovery document is read once, server to server; http issuers are allowed for the fakes only.
 */
export class OidcProvider implements IdentityProvider {
  readonly protocol = 'oidc' as const;
  private configuration: Promise<oidc.Configuration> | undefined;
  constructor(
    readonly provider: ExternalProvider,
    private readonly endpoints: ProviderEndpoints,
    private readonly clientId: string,
    private readonly clientSecret: string | undefined,
  ) {}

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.endpoints.serverBase()),
        this.clientId,
        this.clientSecret,
        undefined,
        this.endpoints.fake ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  async loginUrl(_browserBase: string, callbackUrl: string, flow?: FlowSecrets): Promise<string> {
    if (!flow) throw new Error('an OpenID Connect login needs its flow secrets');
    let config: oidc.Configuration;
    try {
      config = await this.config();
    } catch {
      throw new ProviderUnavailable('discovery failed');
    }
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: 'openid profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      })
      .toString();
  }

  async complete(callbackUrl: string, params: URLSearchParams, flow?: FlowSecrets): Promise<ExternalPerson> {
    if (!flow) throw new ProviderRejected('no flow');
    let config: oidc.Configuration;
    try {
      config = await this.config();
    } catch {
      throw new ProviderUnavailable('discovery failed');
    }
    const current = new URL(callbackUrl);
    for (const [k, v] of params) current.searchParams.set(k, v);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new ProviderRejected('no id_token subject');
      return personOf(this.provider, claims.sub.slice(0, 128), claims as Record<string, unknown>);
    } catch (err) {
      if (err instanceof ProviderRejected) throw err;
      if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError)
        throw new ProviderRejected(err.error);
      throw new ProviderRejected('code exchange refused');
    }
  }
}

/** The adapter a province system's configuration asks for. */
export function createProvinceProvider(
  provider: 'zjer' | 'educube',
  settings: { protocol: 'cas' | 'oidc'; clientId: string | undefined; clientSecret: string | undefined },
  endpoints: ProviderEndpoints,
): IdentityProvider {
  if (settings.protocol === 'oidc')
    return new OidcProvider(provider, endpoints, settings.clientId ?? `portal-${provider}`, settings.clientSecret);
  return new CasProvider(provider, endpoints, provider === 'educube' ? 'sessionId' : 'ticket');
}
