/**
 * Accounts feature (issue 3): captcha, SMS codes, register, login, sessions, profile, avatar,
 * password, cancellation, teaching back-office permission check.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const accountsFeature: FastifyPluginAsyncZod = async () => {};
export default accountsFeature;
