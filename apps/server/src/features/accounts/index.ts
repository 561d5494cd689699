/**
 * Accounts feature (issue 3): captcha, SMS codes, register, login, sessions, profile, avatar,
 * password, cancellation, teaching back-office permission check, operator endpoints, and the
 * /uploads/... file route. The SMS provider comes from the configuration (SMS_PROVIDER).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import accountsPubRoutes from './routes-pub';
import accountsUserRoutes from './routes-user';
import { createSmsProvider } from './sms';

export { seedDemoAccounts, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';

export interface AccountsOptions {
  config: AppConfig;
}

const accountsFeature: FastifyPluginAsyncZod<AccountsOptions> = async (app, { config }) => {
  const sms = createSmsProvider(config);
  await app.register(accountsPubRoutes, { sms, captchaFixedCode: config.captchaFixedCode });
  await app.register(accountsUserRoutes, { dataDir: config.dataDir });
};
export default accountsFeature;
