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
  /** Max pool size for PostgreSQL. */
  poolSize?: number;
}

/** Opens the database named by the options. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: 'eav-portal' },
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    /** Runs `fn` holding the session-level advisory lock `key` on a connection reserved for it. */
    const locked = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
      const lock = await client.reserve();
      try {
        await lock.unsafe(`select pg_advisory_lock(${key})`);
        try {
          return await fn();
        } finally {
          await lock.unsafe(`select pg_advisory_unlock(${key})`);
        }
      } finally {
        lock.release();
      }
    };
    return {
      db,
      engine: 'postgres',
      // Several instances may start together (docs/operations.md, Upgrade): the first to take the
      // lock migrates, the others wait and then find nothing left to apply.
      migrate: () =>
        locked(MIGRATION_LOCK_KEY, () =>
          migratePostgres(drizzlePostgres(client), { migrationsFolder: migrationsFolder() }),
        ),
      exclusively: (fn) => locked(STARTUP_LOCK_KEY, fn),
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
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
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
