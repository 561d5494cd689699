/** `/healthz` (process alive) and `/readyz` (database reachable). Outside /api: not signed. */
import type { FastifyInstance } from 'fastify';

/**
 * Longest wait for the database's answer to the readiness query, ms: a database that does not
 * answer at all (a frozen host) makes the instance not ready within this, whatever the pool does.
 */
export const READY_TIMEOUT_MS = 1_000;

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
      });
      await Promise.race([app.database.ping(), timeout]);
      return { status: 'ready', database: app.database.engine };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
