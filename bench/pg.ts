/**
 * PostgreSQL for the benchmarks: the server they use (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else the local default), whether it answers, and fresh databases on it.
 */
import postgres from 'postgres';

/** Administrative connection URL of the benchmarks' PostgreSQL server. */
export const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** PG_ADMIN_URL without its credentials, for notes and logs. */
export const PG_SHOWN_URL = PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//');

/** Whether the server answers within 2 s (scenarios on PostgreSQL are skipped when it does not). */
export async function pgReachable(): Promise<boolean> {
  const sql = postgres(PG_ADMIN_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

export interface FreshDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** Drops the database (open connections included) and closes the administrative connection. */
  drop(): Promise<void>;
}

/**
 * An empty database `name` (a plain identifier) on the server. A fixed name per scenario means a
 * run that died leaves at most that database behind, and the next run drops it first.
 */
export async function freshDatabase(name: string): Promise<FreshDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
