/**
 * Accounts feature (docs/accounts.md): captcha, SMS codes, register, login, sessions, profile,
 * avatar and uploads, password, cancellation with the accounts erasers, the teaching back-office
 * permission check, operator endpoints and the operator console's accounts part (console/), and the
 * /uploads/... file route. The SMS provider comes
 * from the configuration (SMS_PROVIDER). Third-party login (WeChat, 之江汇, 教育魔方) is in external/.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { ResourceStorage } from '../../lib/storage';
import { registerAccountErasers } from './account-erasure';
import consoleAccounts from './console';
import { registerExternalLogin } from './external';
import adminRoutes from './console/routes-user-status';
import cancelRoutes from './routes-cancel';
import consentRoutes from './routes-consent';
import guardianRoutes from './routes-guardian';
import guardianAccessRoutes from './routes-guardian-access';
import profileRoutes from './routes-profile';
import accountsPubRoutes from './routes-pub';
import uploadRoutes from './routes-uploads';
import { createSmsProvider } from './sms';

export { seedDemoAccounts, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';
export { operatorAudit } from './audit';
export { seedDemoIdentities } from './external';
export { assertUploadQuota, publicUrl, storeImage, uploadKey } from './files';

export interface AccountsOptions {
  config: AppConfig;
  /** Where uploads and avatars live (app.ts builds the configured adapter once). */
  storage: ResourceStorage;
}

const accountsFeature: FastifyPluginAsyncZod<AccountsOptions> = async (app, { config, storage }) => {
  const sms = createSmsProvider(config);
  registerAccountErasers(app, storage);
  await app.register(accountsPubRoutes, {
    sms,
    captchaFixedCode: config.captchaFixedCode,
    smsDailyBudget: config.smsDailyBudget,
  });
  await app.register(profileRoutes);
  await app.register(uploadRoutes, { storage });
  await app.register(cancelRoutes);
  await app.register(consentRoutes);
  await app.register(guardianRoutes, { sms, smsDailyBudget: config.smsDailyBudget });
  await app.register(guardianAccessRoutes);
  await app.register(adminRoutes);
  await app.register(consoleAccounts, { serverSecret: config.urlSigningSecret });
  // Third-party login lives here so that it opens sessions with the accounts' own code (docs/identity.md).
  await registerExternalLogin(app, config);
};
export default accountsFeature;
