/**
 * Fake class server (docs/identity.md, Class-server jump): decrypts the `key` with the development
 * private keys, refuses an expired key or a replayed `jti`, and greets the teacher. It is what a
 * real class server does with the key, written the way docs/identity.md tells it to.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importPKCS8, jwtDecrypt, type JWTPayload } from 'jose';
import { z } from 'zod';
import {
  CLASS_SERVER_AUDIENCE,
  CLASS_SERVER_ISSUER,
  CONTENT_ENC,
  KEY_ALG,
  type ClassServerKeySource,
} from '../class-server';
import { escapeHtml, ExpiringMap, sendPage } from './html';

export async function fakeClassServer(app: FastifyInstance, source: ClassServerKeySource): Promise<void> {
  const f = app.withTypeProvider<ZodTypeProvider>();
  let imported: Promise<Awaited<ReturnType<typeof importPKCS8>>[]> | undefined;
  const privateKeys = () =>
    (imported ??= source().then((k) => {
      if (!k.privatePem) throw new Error('the fake class server needs the development key pairs');
      return Promise.all([importPKCS8(k.privatePem.default, KEY_ALG), importPKCS8(k.privatePem.url, KEY_ALG)]);
    }));
  const used = new ExpiringMap<true>();

  f.get(
    '/',
    { schema: { hide: true, querystring: z.object({ key: z.string().max(8192).optional() }) } },
    async (request, reply) => {
      const key = request.query.key;
      if (!key) return sendPage(reply, '课堂服务（模拟）', '<p>缺少 key 参数。</p>', 400);
      const now = app.clock();
      let payload: JWTPayload | undefined;
      let expired = false;
      for (const k of await privateKeys()) {
        try {
          ({ payload } = await jwtDecrypt(key, k, {
            issuer: CLASS_SERVER_ISSUER,
            audience: CLASS_SERVER_AUDIENCE,
            keyManagementAlgorithms: [KEY_ALG],
            contentEncryptionAlgorithms: [CONTENT_ENC],
            currentDate: new Date(now),
            requiredClaims: ['jti', 'exp'],
          }));
          break;
        } catch (err) {
          if ((err as { code?: string }).code === 'ERR_JWT_EXPIRED') expired = true;
        }
      }
      if (!payload)
        return sendPage(
          reply,
          '课堂服务（模拟）',
          `<p>${expired ? '链接已过期，请从平台重新进入。' : '密钥无效。'}</p>`,
          400,
        );
      const jti = String(payload.jti);
      if (used.has(jti)) return sendPage(reply, '课堂服务（模拟）', '<p>该链接已使用过，请从平台重新进入。</p>', 400);
      used.set(jti, true, (payload.exp ?? 0) * 1000 + 60_000, now);
      const name = typeof payload.userName === 'string' ? payload.userName : '';
      return sendPage(
        reply,
        '课堂服务（模拟）',
        `<p style="font-size:18px" data-testid="class-server-welcome">已进入课堂服务：${escapeHtml(name)}</p>` +
          `<p style="font-size:14px;color:#4e5969">用户 ID ${escapeHtml(String(payload.userId))}</p>`,
      );
    },
  );
}
