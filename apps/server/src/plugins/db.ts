/**
 * Opens the database (PGlite or PostgreSQL), applies migrations, and closes it on shutdown.
 * Decorates `app.db` (Drizzle) and `app.database` (engine, ping).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DbPluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** An already open database (tests share one per file); it is not closed by the app. */
  database?: Database;
}

export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, opts) {
    const owned = !opts.database;
    const database = opts.database ?? (await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir }));
    if (owned) await database.migrate();
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
