/**
 * Start-up seeding: official dictionaries and banners always (idempotent); each feature adds its
 * own seeder to SEEDERS below (the demo catalogue only into an empty database).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { seedBanners } from './banners';
import { seedDictionaries } from './dictionaries';
import { seedTextbooks } from '../features/textbooks';
import { seedDemoAccounts } from '../features/accounts/seed';

export interface SeedContext {
  db: Db;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Whether to seed demo content (the demo catalogue and its files). */
  demo: boolean;
  /** The app's configuration (e.g. the teaching back-office URL for demo grants). */
  config: AppConfig;
}

export type Seeder = (ctx: SeedContext) => Promise<void>;

/** In order: later seeders may rely on the dictionaries. Features append theirs here. */
const SEEDERS: Seeder[] = [
  async ({ db }) => seedDictionaries(db),
  async ({ db }) => seedBanners(db),
  seedTextbooks,
  seedDemoAccounts,
];

export async function runSeeders(ctx: SeedContext): Promise<void> {
  for (const s of SEEDERS) await s(ctx);
}
