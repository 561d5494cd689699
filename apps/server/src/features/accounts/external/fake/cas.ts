/**
 * Fake province login system (之江汇 or 教育魔方; docs/identity.md, Fake providers). It speaks both
 * protocols the portal's adapters speak:
 * - CAS 3.0: `/login?service=` (persona picker), service tickets `ST-…` (single-use, 5 minutes;
 *   handed back as `ticket`, or as `sessionId` for 教育魔方), `/p3/serviceValidate` answering CAS
 *   XML with the attributes name, role, personId, zsVerified, and INVALID_TICKET / INVALID_SERVICE
 *   / INVALID_REQUEST failures;
 * - OpenID Connect: discovery, `/oidc/authorize` (persona picker), `/oidc/token` (client secret,
 *   PKCE S256, single-use codes), RS256 id_tokens with the nonce, `/oidc/jwks`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import { escapeHtml, ExpiringMap, personaButton, sameHostUrl, sendPage } from './html';
import type { CasPersona } from './personas';

const TICKET_TTL_MS = 5 * 60_000;
const CAS_NS = 'http://www.yale.edu/tp/cas';

export interface FakeCasOptions {
  /** Shown on the pages: 之江汇 or 教育魔方. */
  title: string;
  /** Path prefix the fake is registered under (for the OIDC issuer). */
  prefix: string;
  personas: readonly CasPersona[];
  /** Query parameter the ticket comes back in. */
  ticketParam: 'ticket' | 'sessionId';
  oidcClient: { id: string; secret: string };
  /** The authorised callback domain: the portal's public origin's host. */
  portalHost: string;
}

function casXml(inner: string): string {
  return `<cas:serviceResponse xmlns:cas="${CAS_NS}">${inner}</cas:serviceResponse>`;
}

function successXml(p: CasPersona): string {
  const attrs = [
    `<cas:name>${escapeHtml(p.name)}</cas:name>`,
    `<cas:role>${p.role}</cas:role>`,
    p.personId ? `<cas:personId>${escapeHtml(p.personId)}</cas:personId>` : '',
    p.zsVerified ? '<cas:zsVerified>true</cas:zsVerified>' : '',
  ].join('');
  return casXml(
    `<cas:authenticationSuccess><cas:user>${escapeHtml(p.user)}</cas:user><cas:attributes>${attrs}</cas:attributes></cas:authenticationSuccess>`,
  );
}

const failureXml = (code: string, text: string) =>
  casXml(`<cas:authenticationFailure code="${code}">${escapeHtml(text)}</cas:authenticationFailure>`);

const loose = z.record(z.string(), z.string().max(2048).optional());

export async function fakeCas(app: FastifyInstance, o: FakeCasOptions): Promise<void> {
  const f = app.withTypeProvider<ZodTypeProvider>();
  const tickets = new ExpiringMap<{ service: string; persona: CasPersona }>();
  const codes = new ExpiringMap<{ redirectUri: string; challenge: string; nonce: string; persona: CasPersona }>();
  // The signing key is made on first use, so that apps that never speak OIDC pay nothing.
  let signing:
    | Promise<{ privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey']; jwk: Record<string, unknown> }>
    | undefined;
  const signingKey = () =>
    (signing ??= generateKeyPair('RS256', { extractable: true }).then(async ({ publicKey, privateKey }) => ({
      privateKey,
      jwk: { ...(await exportJWK(publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' },
    })));

  // ---- CAS ----
  f.get('/login', { schema: { hide: true, querystring: loose } }, async (request, reply) => {
    const service = request.query.service;
    if (!sameHostUrl(service, o.portalHost))
      return sendPage(reply, '参数错误', '<p>service 参数缺失或不在授权域名下。</p>', 400);
    const people = o.personas
      .map((p) => personaButton('login/confirm', { service: service! }, p.key, p.name, p.note))
      .join('');
    return sendPage(
      reply,
      `${o.title}统一身份认证（模拟）`,
      `<p style="font-size:15px">请选择登录的账号：</p>${people}`,
    );
  });

  f.get('/login/confirm', { schema: { hide: true, querystring: loose } }, async (request, reply) => {
    const { service, persona: key } = request.query;
    const target = sameHostUrl(service, o.portalHost);
    const persona = o.personas.find((p) => p.key === key);
    if (!target || !persona) return sendPage(reply, '参数错误', '<p>请从登录页选择账号。</p>', 400);
    const ticket = `ST-${randomBytes(20).toString('hex')}`;
    const now = app.clock();
    tickets.set(ticket, { service: service!, persona }, now + TICKET_TTL_MS, now);
    target.searchParams.set(o.ticketParam, ticket);
    return reply.redirect(target.toString(), 302);
  });

  f.get('/p3/serviceValidate', { schema: { hide: true, querystring: loose } }, async (request, reply) => {
    const { service, ticket } = request.query;
    reply.type('application/xml; charset=utf-8');
    if (!service || !ticket) return failureXml('INVALID_REQUEST', 'service and ticket are required');
    // A ticket is used up by its first validation, whether it succeeds or not (CAS 3.0 §3.1).
    const entry = tickets.take(ticket);
    if (!entry || entry.expiresAt <= app.clock())
      return failureXml('INVALID_TICKET', `Ticket ${ticket} not recognized`);
    if (entry.value.service !== service) return failureXml('INVALID_SERVICE', 'Ticket was not issued for this service');
    return successXml(entry.value.persona);
  });

  // ---- OpenID Connect ----
  const issuerOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}${o.prefix}`;

  f.get('/.well-known/openid-configuration', { schema: { hide: true } }, async (request) => {
    const issuer = issuerOf(request);
    return {
      issuer,
      authorization_endpoint: `${issuer}/oidc/authorize`,
      token_endpoint: `${issuer}/oidc/token`,
      jwks_uri: `${issuer}/oidc/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid', 'profile'],
    };
  });

  f.get('/oidc/jwks', { schema: { hide: true } }, async () => ({ keys: [(await signingKey()).jwk] }));

  f.get('/oidc/authorize', { schema: { hide: true, querystring: loose } }, async (request, reply) => {
    const q = request.query;
    if (
      q.client_id !== o.oidcClient.id ||
      q.response_type !== 'code' ||
      !q.scope?.split(' ').includes('openid') ||
      q.code_challenge_method !== 'S256' ||
      !q.code_challenge ||
      !q.nonce ||
      !sameHostUrl(q.redirect_uri, o.portalHost)
    )
      return sendPage(reply, '参数错误', '<p>client_id、redirect_uri、PKCE 或 nonce 参数错误。</p>', 400);
    const fields = {
      redirect_uri: q.redirect_uri!,
      state: q.state ?? '',
      nonce: q.nonce,
      code_challenge: q.code_challenge,
    };
    const people = o.personas.map((p) => personaButton('confirm', fields, p.key, p.name, p.note)).join('');
    return sendPage(
      reply,
      `${o.title}统一身份认证（模拟）`,
      `<p style="font-size:15px">请选择登录的账号：</p>${people}`,
    );
  });

  f.get('/oidc/confirm', { schema: { hide: true, querystring: loose } }, async (request, reply) => {
    const q = request.query;
    const target = sameHostUrl(q.redirect_uri, o.portalHost);
    const persona = o.personas.find((p) => p.key === q.persona);
    if (!target || !persona || !q.code_challenge || !q.nonce)
      return sendPage(reply, '参数错误', '<p>请从登录页选择账号。</p>', 400);
    const code = randomBytes(20).toString('hex');
    const now = app.clock();
    codes.set(
      code,
      { redirectUri: q.redirect_uri!, challenge: q.code_challenge, nonce: q.nonce, persona },
      now + TICKET_TTL_MS,
      now,
    );
    target.searchParams.set('code', code);
    if (q.state) target.searchParams.set('state', q.state);
    return reply.redirect(target.toString(), 302);
  });

  await app.register(async (token) => {
    token.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    token.post('/oidc/token', { schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      let clientId = body.client_id;
      let secret = body.client_secret;
      const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
      if (basic) {
        const [id, pw] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent(id ?? '');
        secret = decodeURIComponent(pw ?? '');
      }
      if (clientId !== o.oidcClient.id || secret !== o.oidcClient.secret)
        return reply.status(401).send({ error: 'invalid_client' });
      const entry = body.code ? codes.take(body.code) : undefined;
      if (body.grant_type !== 'authorization_code' || !entry || entry.expiresAt <= app.clock())
        return reply.status(400).send({ error: 'invalid_grant', error_description: 'code invalid, used or expired' });
      if (entry.value.redirectUri !== body.redirect_uri)
        return reply.status(400).send({ error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
      const challenge = createHash('sha256')
        .update(body.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== entry.value.challenge)
        return reply.status(400).send({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
      const p = entry.value.persona;
      // The id_token's times are checked by the client against the real clock.
      const nowS = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        nonce: entry.value.nonce,
        name: p.name,
        role: p.role,
        ...(p.personId ? { personId: p.personId } : {}),
        ...(p.zsVerified ? { zsVerified: true } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
        .setIssuer(issuerOf(request))
        .setAudience(o.oidcClient.id)
        .setSubject(p.user)
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + 300)
        .sign((await signingKey()).privateKey);
      return reply.header('cache-control', 'no-store').send({
        access_token: randomBytes(20).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    });
  });
}
