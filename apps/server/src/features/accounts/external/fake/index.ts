/**
 * The fake providers under `/fake-idp/` (docs/identity.md, Fake providers), registered only when
 * FAKE_IDP is on (refused in production by the configuration): WeChat, 之江汇, 教育魔方, the class
 * server and the teaching back-office, the providers with seeded personas, speaking the real protocols
 * over real HTTP. Their URLs carry codes,
 * tickets and keys, so their per-request info log lines are left out.
 */
import type { FastifyInstance } from 'fastify';
import type { ClassServerKeySource } from '../class-server';
import { FAKE_PREFIX } from '../endpoints';
import { fakeCas } from './cas';
import { fakeClassServer } from './class-server';
import { EDUCUBE_PERSONAS, ZJER_PERSONAS } from './personas';
import { fakeTeachingBackoffice } from './teaching';
import { fakeWechat, type FakeWechatApps } from './wechat';

export interface FakeIdpOptions {
  wechatApps: FakeWechatApps;
  oidcClients: { zjer: { id: string; secret: string }; educube: { id: string; secret: string } };
  /**
   * Host of the portal's public origin: the "authorised callback domain" the fakes accept redirect
   * URIs and services on, as a real provider checks the registered domain (not the request's Host).
   */
  portalHost: string;
  /** The development key pairs (only when no class-server key is configured). */
  classServerKeys: ClassServerKeySource | null;
}

export async function registerFakeIdp(app: FastifyInstance, o: FakeIdpOptions): Promise<void> {
  await app.register(async (f) => fakeWechat(f, o.wechatApps, o.portalHost), {
    prefix: `${FAKE_PREFIX}/wechat`,
    logLevel: 'warn',
  });
  await app.register(
    async (f) =>
      fakeCas(f, {
        title: '之江汇',
        prefix: `${FAKE_PREFIX}/zjer`,
        personas: ZJER_PERSONAS,
        ticketParam: 'ticket',
        oidcClient: o.oidcClients.zjer,
        portalHost: o.portalHost,
      }),
    { prefix: `${FAKE_PREFIX}/zjer`, logLevel: 'warn' },
  );
  await app.register(
    async (f) =>
      fakeCas(f, {
        title: '教育魔方',
        prefix: `${FAKE_PREFIX}/educube`,
        personas: EDUCUBE_PERSONAS,
        ticketParam: 'sessionId',
        oidcClient: o.oidcClients.educube,
        portalHost: o.portalHost,
      }),
    { prefix: `${FAKE_PREFIX}/educube`, logLevel: 'warn' },
  );
  // FAKE_TEACHING_BACKOFFICE_PATH (config.ts), the default address of 教学后台 outside production.
  await app.register(fakeTeachingBackoffice, { prefix: `${FAKE_PREFIX}/teaching`, logLevel: 'warn' });
  const keys = o.classServerKeys;
  if (keys)
    await app.register(async (f) => fakeClassServer(f, keys), {
      prefix: `${FAKE_PREFIX}/class-server`,
      logLevel: 'warn',
    });
}
