/**
 * Digital textbooks feature (docs/api.md, Textbooks): one Fastify plugin made of route files by
 * concern – catalogue (`routes-catalogue.ts`), reader, PDFs and covers (`routes-reader.ts`), reader
 * marks and 我的笔记 (`routes-marks.ts`),
 * network-learning videos (`routes-videos.ts`), activation and my textbooks
 * (`routes-activation.ts`), operators' codes and import (`routes-console-codes.ts`), the console's code
 * batches (`routes-console-batches.ts`, docs/console.md), the console's catalogue section
 * (`routes-console.ts`: book edits, covers; `routes-console-imports.ts`: import jobs with progress
 * events; `routes-console-book.ts`: a book's PDF upload; `routes-console-export.ts`:
 * the book list's export) – and the eraser of
 * what it stores about a user (`erasure.ts`), run at account cancellation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { useCatalogueCaches, useRemoteMediaHosts } from './catalogue';
import { useRasterCovers } from './cover-raster';
import { eraseTextbookData } from './erasure';
import activationRoutes from './routes-activation';
import adminRoutes from './routes-console-codes';
import batchRoutes from './routes-console-batches';
import catalogueRoutes from './routes-catalogue';
import consoleRoutes from './routes-console';
import bookContentRoutes from './routes-console-book';
import consoleImportRoutes from './routes-console-imports';
import consoleExportRoutes from './routes-console-export';
import type { TextbooksOptions } from './routes-common';
import marksRoutes from './routes-marks';
import readerRoutes from './routes-reader';
import videoRoutes from './routes-videos';

export { activationCodesCsv } from './csv';
export { expiryOfDay, issueCodes, MAX_CODES_PER_ISSUE, type IssuedCodes } from './activation';
export { cardsByIds, coverUrlOf, warmTitleIndex } from './catalogue';
export { formatImportReport, importTextbooks } from './importer';
export { describeVideo, grantVideo } from './video-grant';
export { seedTextbooks } from './seed';
export type { TextbooksOptions } from './routes-common';

const textbooksFeature: FastifyPluginAsyncZod<TextbooksOptions> = async (app, opts) => {
  // Before any route answers: the catalogue's cards name the generated covers' format.
  const raster = await useRasterCovers();
  if (!raster.ok) app.log.error(`generated covers are served as SVG, not WebP: ${raster.reason} (docs/operations.md)`);
  useRemoteMediaHosts(app.db, opts.config.remoteMediaHosts);
  useCatalogueCaches(app.db, { snapshot: opts.config.cachesOff.has('catalogue-snapshot') });
  app.registerErasure('textbooks', eraseTextbookData);
  await app.register(catalogueRoutes, opts);
  await app.register(readerRoutes, opts);
  await app.register(marksRoutes, opts);
  await app.register(videoRoutes, opts);
  await app.register(activationRoutes, opts);
  await app.register(adminRoutes, opts);
  await app.register(consoleRoutes, opts);
  await app.register(consoleImportRoutes, opts);
  await app.register(bookContentRoutes, opts);
  await app.register(consoleExportRoutes, opts);
  await app.register(batchRoutes, opts);
};

export default textbooksFeature;
