/**
 * Digital resources feature (docs/resources.md): one Fastify plugin made of route files by concern –
 * search, facets, detail and chapters (`routes-search.ts`), signed file URLs, the file route and
 * statistics (`routes-files.ts`), my favourites, downloads and uploads (`routes-mine.ts`), teacher
 * uploads (`routes-upload.ts`) and operators' review (`routes-console.ts`) – over the core's storage
 * interface (`lib/storage.ts`, the adapter app.ts built) and the eraser of what it keeps about a user.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceEraser } from './erasure';
import { createGenerator } from './generate';
import adminRoutes from './routes-console';
import type { ResourcesContext, ResourcesOptions } from './routes-common';
import fileRoutes from './routes-files';
import mineRoutes from './routes-mine';
import searchRoutes from './routes-search';
import uploadRoutes from './routes-upload';

export { seedResources } from './seed';
export type { ResourcesOptions } from './routes-common';

const resourcesFeature: FastifyPluginAsyncZod<ResourcesOptions> = async (app, opts) => {
  const { storage } = opts;
  const ctx: ResourcesContext = { ...opts, generator: createGenerator(app.db, storage, app.clock) };
  app.registerErasure('resources', resourceEraser(storage));
  await app.register(searchRoutes, ctx);
  await app.register(fileRoutes, ctx);
  await app.register(mineRoutes, ctx);
  await app.register(uploadRoutes, ctx);
  await app.register(adminRoutes, ctx);
};

export default resourcesFeature;
