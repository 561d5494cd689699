/**
 * The process entry (src/main.ts): refuses a bad configuration with a message naming the variable,
 * serves, and on SIGTERM stops accepting, closes idle keep-alive connections and the database, and
 * exits 0 (in-flight requests are finished by Fastify's close, which main.ts awaits).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../src/lib/package-root';

function start(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot(),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('process entry', () => {
  it('exits 1 naming a bad variable', async () => {
    const child = start({ PORT: 'eighty' });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(err).toMatch(/PORT="eighty"/);
  });

  it('shuts down gracefully on SIGTERM despite an open keep-alive connection and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-shutdown-'));
    const child = start({ PORT: '0', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') });
    let out = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', () => reject(new Error(`server exited early: ${out}`)));
    });
    const exited = exitOf(child);
    // A keep-alive connection stays open after its answer: shutdown must not wait for it.
    const agent = new http.Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/readyz', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    agent.destroy();
    expect(out).toMatch(/shutting down/);
  }, 60_000);
});
