/**
 * 智慧出版 feature (docs/publishing.md): the showcase of digital publications built from the
 * catalogue (`catalogue.ts`, read only), 出版动态 and textbooks' printings and errata
 * (`records.ts`), public routes (`routes-public.ts`) and the operators' console routes (`routes-console-announcements.ts`: 出版动态;
 * `routes-console-errata.ts`: 勘误 and the book picker; `routes-console-printings.ts`: 印次).
 * It stores nothing about users, so it registers no eraser.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublishingOptions } from './common';
import adminRoutes from './routes-console-announcements';
import errataRoutes from './routes-console-errata';
import printingRoutes from './routes-console-printings';
import publicRoutes from './routes-public';

export { importErrata } from './errata-import';
export { seedPublishing } from './seed';
export type { PublishingOptions } from './common';

const publishingFeature: FastifyPluginAsyncZod<PublishingOptions> = async (app, opts) => {
  await app.register(publicRoutes, opts);
  await app.register(adminRoutes, opts);
  await app.register(errataRoutes, opts);
  await app.register(printingRoutes, opts);
};

export default publishingFeature;
