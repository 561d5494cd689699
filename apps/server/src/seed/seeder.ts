/**
 * What a start-up seeder is given and how it is called. Features write their seeders against these
 * types; seed/index.ts runs them in order. Kept apart from the runner so that a feature's seeder
 * depends on the core only, never on the list of every feature's seeders.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { ResourceStorage } from '../lib/storage';

export interface SeedContext {
  db: Db;
  dataDir: string;
  /** The app's file storage (FILE_STORAGE): seeded files are written through it, as uploads are. */
  storage: ResourceStorage;
  log: FastifyBaseLogger;
  /** Whether to seed demo content this start (decided once, before any seeder runs). */
  demo: boolean;
  /** The app's configuration (e.g. the teaching back-office URL for demo grants). */
  config: AppConfig;
  /**
   * The app's business clock (ms; `app.clock`, injected by tests) for seeded dates; `Date.now` when
   * absent (a seeder called on its own).
   */
  clock?: () => number;
}

/** One feature's idempotent start-up seeding. */
export type Seeder = (ctx: SeedContext) => Promise<void>;
