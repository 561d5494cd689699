/**
 * 智慧出版 feature (docs/publishing.md): the showcase of digital publications built from the
 * catalogue (`catalogue.ts`, read only), 出版动态 and textbooks' printings and errata
 * (`records.ts`), public routes (`routes-public.ts`) and the operators' (`routes-admin.ts`).
 * It stores nothing about users, so it registers no eraser.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublishingOptions } from './common';
import adminRoutes from './routes-admin';
import publicRoutes from './routes-public';

export { seedPublishing } from './seed';
export type { PublishingOptions } from './common';

const publishingFeature: FastifyPluginAsyncZod<PublishingOptions> = async (app, opts) => {
  await app.register(publicRoutes, opts);
  await app.register(adminRoutes, opts);
};

export default publishingFeature;
