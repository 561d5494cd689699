/**
 * Third-party login inside the accounts feature (docs/identity.md): WeChat, 之江汇 and 教育魔方 login
 * and binding, the bindings of the user centre, the identity choice of a new account, the
 * class-server jump key, the erasers of the identity tables, and, with FAKE_IDP, the fake providers.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { bindTickets, externalIdentities, identityChoices, oauthStates, users } from '../../../db/schema';
import type { Seeder } from '../../../seed/seeder';
import { classServerKeySource } from './class-server';
import { createExternalContext, fakeOidcClient } from './context';
import { registerFakeIdp } from './fake';
import { BOUND_WECHAT_PERSONA } from './fake/personas';
import bindingRoutes from './routes-bindings';
import provinceRoutes from './routes-province';
import wechatRoutes from './routes-wechat';

/** Log level of the routes whose URLs carry one-time secrets. */
export const QUIET = 'warn';

export async function registerExternalLogin(app: FastifyInstance, config: AppConfig): Promise<void> {
  const id = config.identity;
  const keys = classServerKeySource(id.classServer, id.fakeIdp, config.dataDir);
  const ctx = createExternalContext(app, config, keys);

  app.registerErasure('identity.external', async (tx, userId) => {
    await tx.delete(externalIdentities).where(eq(externalIdentities.userId, userId));
    await tx.delete(bindTickets).where(eq(bindTickets.userId, userId));
    await tx.delete(oauthStates).where(eq(oauthStates.userId, userId));
    await tx.delete(identityChoices).where(eq(identityChoices.userId, userId));
  });

  // These URLs carry states, codes, tickets and sessionIds the request logger does not mask: their
  // per-request info lines are left out (failures are in the audit log, docs/identity.md, Rules).
  await app.register(wechatRoutes, { ctx, logLevel: QUIET });
  await app.register(provinceRoutes, { ctx, logLevel: QUIET });
  await app.register(bindingRoutes, { ctx, logLevel: QUIET });

  if (id.fakeIdp) {
    await registerFakeIdp(app, {
      wechatApps: {
        web: ctx.wechat.apps.web ?? { appId: '', secret: '' },
        h5: ctx.wechat.apps.h5 ?? { appId: '', secret: '' },
      },
      oidcClients: {
        zjer: fakeOidcClient('zjer', id.zjer.clientId, id.zjer.clientSecret),
        educube: fakeOidcClient('educube', id.educube.clientId, id.educube.clientSecret),
      },
      portalHost: new URL(ctx.origin).host,
      // The fake class server holds private keys only for the development pairs it generated.
      classServerKeys: id.classServer.publicKey ? null : keys,
    });
  }
}

/** Phone of the demo student the bound WeChat persona belongs to (docs/demo-accounts.md). */
const DEMO_STUDENT_PHONE = '13800000001';

/**
 * Demo seed: binds the fake WeChat persona "小明（已绑定）" to the demo student, so the desktop QR
 * login of a bound person works out of the box (idempotent; only with demo content).
 */
export const seedDemoIdentities: Seeder = async ({ db, demo }) => {
  if (!demo) return;
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_STUDENT_PHONE)).limit(1);
  if (!student) return;
  const [existing] = await db
    .select({ id: externalIdentities.id })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, 'wechat'), eq(externalIdentities.subject, BOUND_WECHAT_PERSONA.unionid)))
    .limit(1);
  if (existing) return;
  await db
    .insert(externalIdentities)
    .values({
      userId: student.id,
      provider: 'wechat',
      subject: BOUND_WECHAT_PERSONA.unionid,
      displayName: BOUND_WECHAT_PERSONA.nickname,
    })
    .onConflictDoNothing();
};
