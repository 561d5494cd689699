/**
 * Requests through a PostgreSQL outage (docs/operations.md, Faults): the database stops (its port
 * refuses connections and every open connection drops, as when the server is stopped or crashes)
 * for about three seconds. During it every request answers 503 服务繁忙 quickly and `/readyz` says
 * not ready; once the database is back the instance serves again within a couple of seconds.
 *
 * postgres.js waits 0.005 × 3^n s before reconnecting after n failed connections in a row (up to
 * 20 s): without the pool's bounded reconnection delay (db/client.ts) requests hung for many
 * seconds during the outage and after it. The database is reached through a TCP relay the test
 * opens and closes. PostgreSQL only: skipped without TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { ApiPaths } from '@eav/contract';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, PG_RECONNECT_MAX_S, reconnectDelay, type Database } from '../src/db/client';
import { api, testConfig } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Generous bound on one answer: the unbounded driver made them wait 10 s and more. */
const ANSWER_BOUND_MS = 3_000;

/** A TCP relay to PostgreSQL that can be stopped (refusing connections, dropping open ones) and started. */
class Relay {
  private server = net.createServer((client) => this.relay(client));
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly target: number,
  ) {}

  private relay(client: net.Socket) {
    const upstream = net.connect(this.target, this.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const s of this.sockets) s.destroy();
    await closed;
    this.server = net.createServer((client) => this.relay(client));
  }
}

/** The answer's status and how long it took, or 0 when it took longer than ANSWER_BOUND_MS. */
async function timed(send: () => Promise<{ statusCode: number }>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const status = await Promise.race([send().then((r) => r.statusCode), sleep(ANSWER_BOUND_MS).then(() => 0)]);
  return { status, ms: Math.round(performance.now() - started) };
}

describe('reconnection delay of the pool', () => {
  it('never exceeds PG_RECONNECT_MAX_S, however many connections failed', () => {
    for (let n = 0; n <= 50; n++) expect(reconnectDelay(n)).toBeLessThanOrEqual(PG_RECONNECT_MAX_S);
    expect(PG_RECONNECT_MAX_S).toBeLessThanOrEqual(0.5);
  });
});

describe.skipIf(!adminUrl)('requests through a PostgreSQL outage', () => {
  const name = `eav_test_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let relay: Relay;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const u = new URL(adminUrl!);
    relay = new Relay(u.hostname, Number(u.port || 5432));
    await relay.start();
    u.pathname = `/${name}`;
    u.host = `127.0.0.1:${relay.port}`;
    database = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
    await database.migrate();
    app = await buildApp({ config: testConfig(), database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.stop();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const profile = () => api(app, { url: ApiPaths.user(1), token: 'not-a-session-token' });
  const ready = () => app.inject({ url: '/readyz' });

  it('answers 503 at once during the outage, is not ready, and serves again soon after', async () => {
    expect((await ready()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(401);

    await relay.stop();
    const during: { status: number; ms: number }[] = [];
    // A dozen requests of each kind, one after the other: enough failed connections for the
    // driver's own delay to reach several seconds.
    for (let i = 0; i < 12; i++) {
      during.push(await timed(profile), await timed(ready));
      await sleep(100);
    }
    const answer = await profile();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 503, msg: '服务繁忙，请稍后再试' });
    expect(answer.headers['retry-after']).toBe('1');
    // Every request of the outage was answered 503 within the bound (0: not answered in time).
    expect(during.filter((r) => r.status !== 503)).toEqual([]);

    await relay.start();
    const back = performance.now();
    let readyAfter = -1;
    while (performance.now() - back < 10_000) {
      if ((await ready()).statusCode === 200) {
        readyAfter = performance.now() - back;
        break;
      }
      await sleep(100);
    }
    expect(readyAfter).toBeGreaterThanOrEqual(0);
    expect(readyAfter).toBeLessThan(ANSWER_BOUND_MS);
    // Requests reach the database again: an unknown token is refused, not failed.
    const after = await timed(profile);
    expect(after.status).toBe(401);
  }, 40_000);
});
