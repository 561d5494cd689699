/**
 * Closing the app while a keep-alive connection has a request in flight (nginx keeps its upstream
 * connections open): the request is answered, its connection is closed after the answer, and the
 * close completes at once rather than after the keep-alive timeout.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './helpers';
import { listen } from './raw-http';

describe('close with a request in flight on a keep-alive connection', () => {
  it('answers it with Connection: close and finishes closing promptly', async () => {
    const app = await buildApp({ config: testConfig(), logger: false });
    app.get('/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    const port = await listen(app);
    const agent = new http.Agent({ keepAlive: true });
    try {
      const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/test/slow', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const closed = app.close().then(() => Date.now() - started);
      expect(await answer).toEqual({ status: 200, connection: 'close' });
      // Without the Connection: close the close waits for the client's socket (Fastify's keep-alive
      // timeout is 72 s).
      const ms = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5000))]);
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(5000);
    } finally {
      agent.destroy();
      await app.close();
    }
  }, 30_000);
});
