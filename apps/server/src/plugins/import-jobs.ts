/**
 * The console's import jobs (lib/import-jobs.ts): decorates `app.importJobs`, run by the job queue
 * (`app.jobQueue`), their uploads in the file storage, their state in the shared `kv` store and their
 * progress on a pub/sub bus of its own (Redis channel `<prefix>imports` when REDIS_URL is set, in
 * process otherwise).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ImportJobs } from '../lib/import-jobs';
import { InvalidationBus } from '../lib/read-cache-bus';
import { CLOSE_WAIT_MS } from './job-queue';
import type { ResourceStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    importJobs: ImportJobs;
  }
}

export interface ImportJobsPluginOptions {
  /** Prefix of shared Redis names, as for `kv` (the channel is `<prefix>imports`). */
  prefix?: string;
  /** Where the uploads wait for their job (every instance must read it). */
  storage: ResourceStorage;
}

export default fp<ImportJobsPluginOptions>(
  async function importJobs(app: FastifyInstance, opts) {
    const bus = new InvalidationBus(app.redis, `${opts.prefix ?? 'eav:'}imports`);
    await bus.start();
    const jobs = new ImportJobs({
      kv: app.kv,
      bus,
      queue: app.jobQueue,
      storage: opts.storage,
      clock: () => app.clock(),
      failedMessage: (kind) =>
        kind === 'catalogue' ? '导入失败，未写入任何教材，请稍后重试' : '导入失败，未写入任何数据，请稍后重试',
    });
    app.decorate('importJobs', jobs);
    // This hook runs before the queue's own (reverse order): the queue is closed first, so the jobs
    // running here still publish their end.
    app.addHook('onClose', async () => {
      await app.jobQueue.close(CLOSE_WAIT_MS);
      await bus.stop();
    });
  },
  { name: 'import-jobs', dependencies: ['kv', 'job-queue'] },
);
