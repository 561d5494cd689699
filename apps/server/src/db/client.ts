/**
 * Database connection: PGlite (embedded, under DATA_DIR) by default, a PostgreSQL server when
 * DATABASE_URL is set. Both speak PostgreSQL and share one schema and one migration history.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { serverRoot } from '../lib/package-root';
import * as schema from './schema';

export type Schema = typeof schema;
/** Engine-neutral Drizzle database handle used by every service. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations (drizzle's migrator; pg_trgm is created by migration 0000). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other instance runs its own `exclusively` on the same database (PostgreSQL:
   * a session-level advisory lock on a reserved connection; PGlite belongs to one process and needs
   * none). For start-up work of the check-then-insert kind, such as the seeders, that two instances
   * starting together would otherwise both do (docs/operations.md, Upgrade).
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = () => path.join(serverRoot(), 'drizzle');

/**
 * Key of the PostgreSQL advisory lock held while migrating (any fixed bigint; this one spells
 * "eavmig" in ASCII). PGlite is single-process and needs none.
 */
export const MIGRATION_LOCK_KEY = 0x6561766d6967;

/** Key of the advisory lock held by `Database.exclusively` ("eavseed" in ASCII). */
export const STARTUP_LOCK_KEY = 0x65617673656564;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; ':memory:' or undefined for an in-memory database. */
  dataDir?: string | undefined;
  /**
   * PGlite only: start from this copy of another database (PGlite's `dumpDataDir`), as the test
   * harness does to skip migrating every test file's database.
   */
  loadDataDir?: Blob | undefined;
  /** Max pool size for PostgreSQL. */
  poolSize?: number;
}

/**
 * Longest wait for a new PostgreSQL connection (TCP, TLS and start-up), in seconds (postgres.js
 * `connect_timeout`, default 30). A database that does not answer at all (a frozen host, a dropped
 * route) fails the request that needed the connection after this, instead of holding it for 30 s.
 */
export const PG_CONNECT_TIMEOUT_S = 1;
/**
 * Longest pause before a closed pool connection connects again, in seconds. postgres.js waits
 * 0.005 × 3^n s (n: failed connections in a row, shared by the pool) up to 20 s: after a few
 * seconds of outage every query first waited that long, during the outage and after it. Here the
 * wait doubles from 50 ms to at most 0.5 s, so a request during an outage fails within about a
 * second and the pool is back within half a second of the database.
 */
export const PG_RECONNECT_MAX_S = 0.5;
/** Pool connections unused this long (seconds) are closed, so that none waits on a peer that vanished. */
export const PG_IDLE_TIMEOUT_S = 30;
/**
 * Server-side `statement_timeout` of the pool's sessions, ms: a statement that runs (or waits for a
 * lock) longer is cancelled by PostgreSQL, so no request holds one of the pool's few connections for
 * minutes. Migrations and the start-up lock run on a session of their own without it.
 */
export const PG_STATEMENT_TIMEOUT_MS = 30_000;

/** Reconnection delay after `retries` failed connections in a row, seconds (see PG_RECONNECT_MAX_S). */
export function reconnectDelay(retries: number): number {
  return Math.min(0.05 * 2 ** Math.max(0, retries - 1), PG_RECONNECT_MAX_S);
}

/** Opens the database named by the options. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const client = postgres(url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connect_timeout: PG_CONNECT_TIMEOUT_S,
      idle_timeout: PG_IDLE_TIMEOUT_S,
      backoff: reconnectDelay,
      connection: { application_name: 'eav-portal', statement_timeout: PG_STATEMENT_TIMEOUT_MS },
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    /**
     * Runs `fn` holding the session-level advisory lock `key` on a session of its own, without the
     * pool's statement timeout: waiting for the lock, or a migration's long statement, may take
     * longer. Ending the session releases the lock whatever happened.
     */
    const locked = async <T>(key: number, fn: (session: postgres.Sql) => Promise<T>): Promise<T> => {
      const session = postgres(url, {
        max: 1,
        onnotice: () => {},
        connection: { application_name: 'eav-portal-lock' },
      });
      try {
        await session.unsafe(`select pg_advisory_lock(${key})`);
        return await fn(session);
      } finally {
        await session.end({ timeout: 5 });
      }
    };
    return {
      db,
      engine: 'postgres',
      // Several instances may start together (docs/operations.md, Upgrade): the first to take the
      // lock migrates, the others wait and then find nothing left to apply.
      migrate: () =>
        locked(MIGRATION_LOCK_KEY, (session) =>
          migratePostgres(drizzlePostgres(session), { migrationsFolder: migrationsFolder() }),
        ),
      exclusively: (fn) => locked(STARTUP_LOCK_KEY, () => fn()),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await client.end({ timeout: 5 });
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir && options.dataDir !== ':memory:') {
    dataDir = path.join(options.dataDir, 'pgdata');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
    },
    exclusively: (fn) => fn(),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Rows of a `db.execute` result on either engine (PGlite answers `{ rows }`, postgres-js an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
