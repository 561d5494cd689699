/**
 * The application factory. Order, as in fastify/demo: external plugins, then app plugins, then
 * routes, then the web app. Everything it needs comes from the config object, so tests build
 * one app per test with `buildApp({ config })` and call `app.inject`.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ApiPaths } from '@eav/contract';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { COMPRESS_ENCODINGS, COMPRESS_THRESHOLD_BYTES } from './lib/compression';
import { createStorage, fileOrigins } from './lib/file-storage';
import { loggerOptions } from './lib/logger';
import { repoRoot } from './lib/package-root';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import docsPlugin from './plugins/docs';
import erasurePlugin from './plugins/erasure';
import errorsPlugin from './plugins/errors';
import jsonCompressionPlugin from './plugins/json-compression';
import importJobsPlugin from './plugins/import-jobs';
import jobQueuePlugin from './plugins/job-queue';
import kvPlugin, { openKv } from './plugins/kv';
import metricsPlugin from './plugins/metrics';
import rawBodyPlugin from './plugins/raw-body';
import readCachePlugin from './plugins/read-cache';
import readReplayPlugin from './plugins/read-replay';
import requestTargetPlugin from './plugins/request-target';
import securityHeadersPlugin from './plugins/security-headers';
import signPlugin from './plugins/sign';
import webPlugin, { webRuntimeConfig } from './plugins/web';
import accountsFeature, {
  assertUploadQuota,
  operatorAudit,
  publicUrl,
  storeImage,
  uploadKey,
} from './features/accounts';
import consoleFeature from './features/console';
import textbooksFeature, { cardsByIds, coverUrlOf, describeVideo, grantVideo } from './features/textbooks';
import prizeFeature, { PrizeService } from './features/prize';
import resourcesFeature from './features/resources';
import bigDataFeature from './features/big-data';
import publishingFeature from './features/publishing';
import chatFeature from './features/chat';
import historyFeature from './features/history';
import questionBankFeature, { questionDetails } from './features/question-bank';
import teachingFeature, { questionsInOpenHomework, recordProgressPage } from './features/teaching';
import trainingFeature, { questionsInOpenQuiz } from './features/training';
import bannerRoutes, { carouselAnswer, leadBannerImage } from './routes/banner';
import dictionaryRoutes from './routes/dictionary';
import healthRoutes from './routes/health';
import testClockRoutes from './routes/test-clock';
import { ShiftedClock } from './lib/test-clock';
import { runSeeders } from './seed';
import { kvRateLimitStore } from './lib/rate-limit-store';

z.config(z.locales.zhCN());

export interface BuildOptions {
  config: AppConfig;
  /** An open, migrated database to use instead of opening one (tests). */
  database?: Database;
  /** Clock for signature checks (tests). */
  now?: () => number;
  /** Clock for business rules: expiries, lockouts, rate windows (tests move it instead of sleeping). */
  clock?: () => number;
  /** Pino options or false; defaults to the config's level. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Monotonic clock (ms) spacing the read cache's version reads (lib/read-cache.ts);
   * `performance.now` unless a test moves it instead of waiting.
   */
  monotonic?: () => number;
  /** Prefix of shared keys in Redis (tests isolate runs with a random one). */
  kvPrefix?: string;
  /** Most keys of the in-process key-value store (tests lower it to see it bounded). */
  kvMaxKeys?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Current time in ms for business rules (`Date.now` unless a test injects a clock). */
    clock: () => number;
    /**
     * The prize activity's services (features/prize/service.ts), made here and passed to the feature:
     * tests reach the ranking, the heartbeat anchors and the reading-credit flusher through it.
     */
    prize: PrizeService;
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // A request that reaches a closing instance on a kept-alive connection is served (and its
    // connection closed after the answer, below) rather than refused with 503: a 503 means a
    // backing service is away (plugins/errors.ts), and nginx passes it on instead of retrying.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // With TEST_CLOCK=on, the business clock is the base one plus an offset the test route moves.
  const shifted = config.testClock ? new ShiftedClock(options.clock) : null;
  const clock = shifted?.now ?? options.clock ?? Date.now;
  app.decorate('clock', () => clock());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every request are callback-style where they do nothing asynchronous: an async hook
  // costs a promise and a microtask turn per request (docs/benchmarks.md, Foundation).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // An answer finished while the app closes ends its connection. `forceCloseConnections: 'idle'`
    // only closes the connections idle when the close starts; one that was busy would stay open
    // after its answer (nginx keeps upstream connections alive) and hold the close up until the
    // keep-alive timeout, so SIGTERM behind nginx ended in main.ts's forced exit instead.
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // External plugins.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...COMPRESS_ENCODINGS],
  });
  // JSON answers in one call, before the plugin's streams (decision 017).
  await app.register(jsonCompressionPlugin);
  // Stored files may be redirects to the object store: its origin is allowed to the pages.
  await app.register(securityHeadersPlugin, {
    fileOrigins: fileOrigins(config),
  });
  await app.register(docsPlugin, { enabled: config.apiDocs });

  // App plugins.
  await app.register(errorsPlugin);
  await app.register(requestTargetPlugin);
  await app.register(rawBodyPlugin);
  await app.register(dbPlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.database ? { database: options.database } : {}),
  });
  await app.register(kvPlugin, {
    redisUrl: config.redisUrl,
    ...(options.kvPrefix ? { prefix: options.kvPrefix } : {}),
    ...(options.kvMaxKeys ? { maxKeys: options.kvMaxKeys } : {}),
  });
  // Read cache and the invalidation bus of in-process caches (decision 011).
  await app.register(readCachePlugin, {
    prefix: options.kvPrefix ?? 'eav:',
    monotonic: options.monotonic,
    enabled: !config.cachesOff.has('read-cache'),
  });
  // Stored files: local disk or the object store (FILE_STORAGE), one adapter for every feature and the
  // seeders. Closed after the job queue (onClose hooks run in reverse order), whose jobs may still read it.
  const storage = createStorage(config);
  app.addHook('onClose', () => storage.close());
  // Background work run once across instances (decision 021), and the console's import jobs on it.
  await app.register(jobQueuePlugin);
  await app.register(importJobsPlugin, { prefix: options.kvPrefix ?? 'eav:', storage });
  // Before every route, so each one is timed (docs/operations.md, Metrics).
  await app.register(metricsPlugin, config.metrics);
  await app.register(rateLimit, {
    global: false,
    // Counted by fixed windows of the business clock, as every other limit (lib/rate-limit-store.ts), in
    // a store of their own: clients from many addresses (cheap with IPv6) fill its in-process bound
    // without evicting the login-failure and SMS counters of `app.kv`.
    store: kvRateLimitStore(openKv(app.redis, options.kvPrefix, options.kvMaxKeys), () => app.clock()),
  });
  await app.register(signPlugin, { secret: config.signSecret, ...(options.now ? { now: options.now } : {}) });
  await app.register(authPlugin, { consoleMfa: config.consoleMfa });
  // Last of the onRequest hooks: repeats of cached reads answered from memory (decision 018).
  if (!config.cachesOff.has('read-replay')) await app.register(readReplayPlugin);
  await app.register(erasurePlugin);

  // Seeders check, then insert: instances starting together take turns, and the later ones find
  // the work done.
  await app.database.exclusively(() =>
    runSeeders({
      db: app.db,
      dataDir: config.dataDir,
      storage,
      log: app.log,
      demo: config.seedDemo,
      config,
      clock: () => app.clock(),
    }),
  );

  // Routes.
  await app.register(healthRoutes);
  if (shifted) await app.register(testClockRoutes, { clock: shifted });
  await app.register(dictionaryRoutes);
  // Operators' writes are recorded in the accounts' audit trail; banner pictures are kept with the uploads.
  await app.register(bannerRoutes, {
    audit: operatorAudit,
    images: {
      store: async (name, data) => {
        await storage.put(uploadKey(name), data);
        return publicUrl(name);
      },
    },
  });
  await app.register(accountsFeature, { config, storage });
  // Reading progress saved in the reader completes the teaching feature's reading assignments.
  await app.register(textbooksFeature, {
    config,
    storage,
    audit: operatorAudit,
    progressSaved: recordProgressPage,
  });
  const prize = new PrizeService({
    db: app.db,
    redis: app.redis,
    prefix: options.kvPrefix ?? 'eav:',
    clock: () => app.clock(),
    log: app.log,
  });
  app.decorate('prize', prize);
  // The prize feature shows recommended books as the textbooks feature's catalogue cards.
  await app.register(prizeFeature, { service: prize, cards: cardsByIds, audit: operatorAudit });
  // A question's answer stays hidden from whoever has it in homework or a quiz whose answers are not shown yet.
  // The books listed with their chapter trees show the catalogue's covers.
  await app.register(questionBankFeature, {
    config,
    audit: operatorAudit,
    coverUrl: coverUrlOf,
    answerGate: async (db, userId, ids, now) => {
      const [homework, quiz] = await Promise.all([
        questionsInOpenHomework(db, userId, ids, now),
        questionsInOpenQuiz(db, userId, ids),
      ]);
      return new Set([...homework, ...quiz]);
    },
  });
  await app.register(resourcesFeature, { config, audit: operatorAudit, storage });
  await app.register(bigDataFeature);
  // The showcase shows books as the textbooks feature's catalogue cards.
  await app.register(publishingFeature, { cards: cardsByIds, audit: operatorAudit });
  await app.register(consoleFeature);
  // Teaching copies questions from the question bank and stores answer photos as the accounts' uploads do.
  await app.register(teachingFeature, {
    config,
    questionDetails,
    images: {
      store: (db, ownerId, data, now) => storeImage(db, storage, ownerId, data, now),
      assertQuota: assertUploadQuota,
    },
  });
  // Training quizzes use the question bank's questions; lessons play network-learning videos.
  await app.register(trainingFeature, {
    config,
    questionDetails,
    audit: operatorAudit,
    videos: {
      describe: describeVideo,
      grant: (db, id, uid, now) => grantVideo(db, config.urlSigningSecret, id, uid, now),
    },
  });

  // 浏览记录: the user's own list of what they opened (rows written through lib/browse-history.ts).
  await app.register(historyFeature);

  // 在线客服: REST calls, the agents' desk and the WebSocket (docs/chat.md).
  await app.register(chatFeature, { config, kvPrefix: options.kvPrefix ?? 'eav:' });

  // The web app last, so API 404s never fall through to it.
  await app.register(webPlugin, {
    distDir: config.webDistDir ?? path.join(repoRoot(), 'apps', 'web', 'dist'),
    runtimeConfig: webRuntimeConfig(config),
    // Both homes open on the carousel: the page carries it (docs/decisions/013-first-paint.md).
    firstScreen: async () => {
      const carousel = await carouselAnswer(app);
      const lead = leadBannerImage(carousel);
      return { answers: { [ApiPaths.banner]: carousel.body }, h5Images: lead ? [lead] : [] };
    },
  });

  return app;
}
