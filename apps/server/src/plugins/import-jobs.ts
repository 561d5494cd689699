/**
 * The console's import jobs (lib/import-jobs.ts): decorates `app.importJobs`, their state in the
 * shared `kv` store and their progress on a pub/sub bus of its own (Redis channel `<prefix>imports`
 * when REDIS_URL is set, in process otherwise). A closing app lets the jobs running here finish
 * (bounded), so none is cut off inside its transaction.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ImportJobs } from '../lib/import-jobs';
import { InvalidationBus } from '../lib/read-cache-bus';

declare module 'fastify' {
  interface FastifyInstance {
    importJobs: ImportJobs;
  }
}

/** Longest wait of a closing app for its running imports (ms). */
const CLOSE_WAIT_MS = 30_000;

export interface ImportJobsPluginOptions {
  /** Prefix of shared Redis names, as for `kv` (the channel is `<prefix>imports`). */
  prefix?: string;
}

export default fp<ImportJobsPluginOptions>(
  async function importJobs(app: FastifyInstance, opts) {
    const bus = new InvalidationBus(app.redis, `${opts.prefix ?? 'eav:'}imports`);
    await bus.start();
    const jobs = new ImportJobs({
      kv: app.kv,
      bus,
      clock: () => app.clock(),
      failedMessage: (kind) =>
        kind === 'catalogue' ? '导入失败，未写入任何教材，请稍后重试' : '导入失败，未写入任何数据，请稍后重试',
    });
    app.decorate('importJobs', jobs);
    app.addHook('onClose', async () => {
      const until = Date.now() + CLOSE_WAIT_MS;
      while (jobs.busy && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      await bus.stop();
    });
  },
  { name: 'import-jobs', dependencies: ['kv'] },
);
