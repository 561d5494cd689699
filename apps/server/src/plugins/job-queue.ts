/**
 * The job queue (lib/job-queue.ts, docs/decisions/021-job-queue.md): decorates `app.jobQueue`. Features
 * register their handlers and periodic tasks while the app is built; polling starts when the app is
 * ready, and a closing app stops it and lets the jobs running here finish (bounded), so none is cut
 * off inside its transaction; one still running then is taken over by another instance when its lease
 * runs out.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from '../lib/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobQueue: JobQueue;
  }
}

/** Longest wait of a closing app for the jobs it runs (ms). */
export const CLOSE_WAIT_MS = 30_000;

export default fp(
  async function jobQueue(app: FastifyInstance) {
    const queue = new JobQueue({ db: app.db, clock: () => app.clock(), log: app.log });
    app.decorate('jobQueue', queue);
    app.addHook('onReady', async () => queue.start());
    app.addHook('onClose', async () => queue.close(CLOSE_WAIT_MS));
  },
  { name: 'job-queue', dependencies: ['db'] },
);
